import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { assemblies, assemblyMembers, outbox, plotHoldings } from "~/db/schema";
import { keyedHash } from "~/server/server-secret.server";
import { describeEachDatabase } from "../../../tests/db";
import { insertEvent, insertGardener, insertPlot, insertSite } from "../../../tests/factories";
import {
  agendaOf,
  answer,
  AssemblyRefusal,
  conveneLatecomers,
  deleteEndedLinks,
  findByToken,
  lastDayToConvene,
  latecomers,
  markAssembly,
  memberToken,
  membersOf,
  quorumOf,
  recordVotes,
  saveAgenda,
  sendConvocation,
  setPresent,
  updateSettings,
  type MemberOnTheDay as AssemblyMember,
} from "./assembly.server";
import { ASSEMBLY_DEFAULTS } from "./assembly.schema";

const DAY = 86_400_000;
const NOW = new Date("2027-02-01T10:00:00Z");
/** The assembly's start: 30 days after NOW. */
const START = new Date(NOW.getTime() + 30 * DAY);

async function assemblyWith(gardenerCount: number, overrides: Partial<typeof ASSEMBLY_DEFAULTS> = {}) {
  const event = (await insertEvent({
    title: "Assemblée générale",
    start: START,
    endDate: new Date(START.getTime() + 3 * 3_600_000),
    location: "Salle des fêtes",
  }))!;
  const assembly = await markAssembly(event.id, "ordinaire", getDb());
  if (Object.keys(overrides).length)
    await updateSettings(assembly.id, { kind: "ordinaire", ...ASSEMBLY_DEFAULTS, ...overrides }, getDb());
  for (let i = 1; i <= gardenerCount; i++) await insertGardener({ name: `Membre ${String(i).padStart(2, "0")}` });
  // The statutes put the agenda on the convocation: one point, which a test may replace.
  await saveAgenda(assembly.id, [{ title: "Rapport moral", isResolution: false }], getDb());
  return { event, assembly };
}

async function convened(gardenerCount: number, overrides: Partial<typeof ASSEMBLY_DEFAULTS> = {}) {
  const { assembly, event } = await assemblyWith(gardenerCount, overrides);
  await sendConvocation(assembly.id, NOW);
  const members = await membersOf(assembly.id);
  return { assembly, event, members };
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AssemblyRefusal);
  return (error as AssemblyRefusal).message;
}

const before = new Date(START.getTime() - DAY);

describeEachDatabase("general assembly", () => {
  it("marks an event once, with the previous assembly's rules", async () => {
    const { event, assembly } = await assemblyWith(0, { maxProxies: 3, quorumPercent: 50 });
    expect(await refusal(markAssembly(event.id, "ordinaire", getDb()))).toBe(
      "Cet événement est déjà marqué comme assemblée générale.",
    );
    const next = (await insertEvent({ title: "AG extraordinaire", start: new Date(START.getTime() + 60 * DAY) }))!;
    const second = await markAssembly(next.id, "extraordinaire", getDb());
    expect(second).toMatchObject({ kind: "extraordinaire", maxProxies: 3, quorumPercent: 50, convocationDays: 15 });
    expect(assembly.id).not.toBe(second.id);
  });

  it("says the last day to convene from the statutes' delay, in Paris days", () => {
    expect(lastDayToConvene({ start: new Date("2027-03-20T18:00:00Z") }, 15)).toBe("2027-03-05");
    expect(lastDayToConvene({ start: new Date("2027-03-20T23:30:00Z") }, 15)).toBe("2027-03-06");
  });

  it("convenes every current gardener once, by e-mail with a personal link or on paper, and then locks the rules", async () => {
    const { assembly } = await assemblyWith(2);
    await insertGardener({ name: "Sans Adresse", email: "" });
    await insertGardener({ name: "Ancien Membre", endDate: "2026-01-01" });
    await saveAgenda(
      assembly.id,
      [
        { title: "Rapport moral", isResolution: true },
        { title: "Questions diverses", isResolution: false },
      ],
      getDb(),
    );
    const result = await sendConvocation(assembly.id, NOW);
    expect(result).toEqual({ members: 3, sent: 2, printed: 1 });
    const members = await membersOf(assembly.id);
    expect(members.map((m) => m.name)).toEqual(["Sans Adresse", "Membre 01", "Membre 02"].toSorted());
    const mails = await getDb().select().from(outbox).orderBy(outbox.id);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.subject).toBe("Convocation : Assemblée générale ordinaire du 3 mars 2027");
    const first = members.find((m) => m.name === "Membre 01")!;
    const link = `/assemblee/${memberToken({ linkKey: first.linkKey! })}`;
    expect(mails.find((m) => m.text.includes(link))).toBeDefined();
    expect(mails[0]!.text).toContain("1. Rapport moral (résolution soumise au vote)");
    expect(mails[0]!.text).toContain("elle ne peut donc pas être désactivée");
    // The table keeps the HMAC of the token, never the token.
    expect(first.linkHash).toBe(keyedHash(memberToken({ linkKey: first.linkKey! })));
    expect(mails.every((m) => !m.text.includes(first.linkHash!))).toBe(true);
    expect((await findByToken(memberToken({ linkKey: first.linkKey! })))?.member.id).toBe(first.id);
    expect(await findByToken("x".repeat(43))).toBeUndefined();

    expect(await refusal(sendConvocation(assembly.id, NOW))).toBe("La convocation est déjà partie.");
    expect(await refusal(saveAgenda(assembly.id, [], getDb()))).toMatch(/l'ordre du jour ne change plus/);
    expect(await agendaOf(assembly.id)).toHaveLength(2);
  });

  it("convenes the gardeners who joined since the convocation, once, until the assembly starts", async () => {
    const { assembly } = await assemblyWith(2);
    expect(await refusal(conveneLatecomers(assembly.id, NOW))).toBe(
      "La convocation n'est pas encore partie : envoyez-la d'abord.",
    );
    await sendConvocation(assembly.id, NOW);
    const sent = (await getDb().select().from(assemblies).where(eq(assemblies.id, assembly.id)))[0]!;
    expect(await latecomers(sent)).toEqual([]);
    expect(await refusal(conveneLatecomers(assembly.id, NOW))).toBe("Tous les membres sont déjà convoqués.");

    await insertGardener({ name: "Nouvelle Venue", email: "nouvelle@example.fr" });
    await insertGardener({ name: "Sans Courriel", email: "" });
    expect((await latecomers(sent)).map((p) => p.name).sort()).toEqual(["Nouvelle Venue", "Sans Courriel"]);
    const later = new Date(NOW.getTime() + 20 * DAY);
    expect(await conveneLatecomers(assembly.id, later)).toEqual({ members: 2, sent: 1, printed: 1 });
    const members = await membersOf(assembly.id);
    expect(members).toHaveLength(4);
    const newcomer = members.find((m) => m.name === "Nouvelle Venue")!;
    const mails = await getDb().select().from(outbox).where(eq(outbox.to, "nouvelle@example.fr"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Convocation : Assemblée générale ordinaire du 3 mars 2027");
    expect(mails[0]!.text).toContain(`/assemblee/${memberToken({ linkKey: newcomer.linkKey! })}`);
    // The first members got nothing more; the convocation's date stays.
    expect(await getDb().select().from(outbox)).toHaveLength(3);
    expect((await getDb().select().from(assemblies).where(eq(assemblies.id, assembly.id)))[0]!.convokedAt).toEqual(NOW);
    expect(await refusal(conveneLatecomers(assembly.id, later))).toBe("Tous les membres sont déjà convoqués.");

    await insertGardener({ name: "Trop Tard" });
    expect(await refusal(conveneLatecomers(assembly.id, START))).toBe(
      "L'assemblée a commencé : il est trop tard pour convoquer.",
    );
    expect(await membersOf(assembly.id)).toHaveLength(4);
  });

  it("refuses to convene without an agenda, whoever asks", async () => {
    const { assembly } = await assemblyWith(2);
    await saveAgenda(assembly.id, [], getDb());
    expect(await refusal(sendConvocation(assembly.id, NOW))).toBe(
      "L'ordre du jour est vide : il figure sur la convocation. Enregistrez-le avant de l'envoyer.",
    );
    expect(await membersOf(assembly.id)).toHaveLength(0);
    expect(await getDb().select().from(outbox)).toEqual([]);
  });

  it("refuses to convene after the last day the statutes allow", async () => {
    const { assembly } = await assemblyWith(1);
    const late = new Date(START.getTime() - 10 * DAY);
    expect(await refusal(sendConvocation(assembly.id, late))).toBe(
      "Trop tard pour convoquer : les statuts demandent 15 jours, la convocation devait partir au plus tard le 16 février 2027. Changez la date de l'assemblée.",
    );
    expect(await membersOf(assembly.id)).toHaveLength(0);
  });

  it("gives one voice per plot held when the statutes say so, and one to a member holding none", async () => {
    const { assembly } = await assemblyWith(0, { voiceBasis: "parcelle" });
    const site = await insertSite();
    const two = await insertGardener({ name: "Deux Parcelles" });
    await insertGardener({ name: "Aucune Parcelle" });
    for (const n of [1, 2]) {
      const plot = await insertPlot(site.id, n);
      await getDb().insert(plotHoldings).values({ plotId: plot.id, gardenerId: two.id, startDate: "2024-03-01" });
    }
    await sendConvocation(assembly.id, NOW);
    const voices = Object.fromEntries((await membersOf(assembly.id)).map((m) => [m.name, m.voices]));
    expect(voices).toEqual({ "Deux Parcelles": 2, "Aucune Parcelle": 1 });
  });

  it("takes each answer by the rules: never to oneself, nor to one who gave theirs, nor beyond the limit", async () => {
    const { members } = await convened(5);
    const [a, b, c, d, e] = members as [AssemblyMember, AssemblyMember, AssemblyMember, AssemblyMember, AssemblyMember];
    expect(await refusal(answer(a.id, { answer: "pouvoir", holder: a.id }, before))).toBe(
      "Vous ne pouvez pas vous donner pouvoir à vous-même.",
    );
    await answer(b.id, { answer: "pouvoir", holder: a.id }, before);
    await answer(c.id, { answer: "pouvoir", holder: a.id }, before);
    expect(await refusal(answer(d.id, { answer: "pouvoir", holder: a.id }, before))).toBe(
      "Membre 01 détient déjà les 2 pouvoirs que les statuts permettent : choisissez un autre membre.",
    );
    // Changing one's answer to the same holder does not count twice.
    await answer(c.id, { answer: "pouvoir", holder: a.id }, before);
    expect(await refusal(answer(e.id, { answer: "pouvoir", holder: b.id }, before))).toBe(
      "Membre 02 a donné son propre pouvoir : choisissez un autre membre.",
    );
    expect(await refusal(answer(a.id, { answer: "absent" }, before))).toBe(
      "Vous détenez le pouvoir de Membre 02, Membre 03 : demandez-leur d'abord de choisir un autre membre.",
    );
    await answer(d.id, { answer: "absent" }, before);
    expect(await refusal(answer(e.id, { answer: "pouvoir", holder: d.id }, before))).toBe(
      "Membre 04 a répondu ne pas venir : choisissez un autre membre.",
    );
    expect(await refusal(answer(e.id, { answer: "present" }, START))).toBe(
      "L'assemblée a commencé : la réponse ne peut plus changer.",
    );
    const rows = await membersOf(members[0]!.assemblyId);
    expect(rows.map((m) => [m.answer, m.proxyHolderId])).toEqual([
      [null, null],
      ["pouvoir", a.id],
      ["pouvoir", a.id],
      ["absent", null],
      [null, null],
    ]);
  });

  it("never lets a holder exceed the limit when many give the last proxies at once", async () => {
    const { members } = await convened(12);
    const holder = members[0]!;
    const results = await Promise.allSettled(
      members.slice(1).map((m) => answer(m.id, { answer: "pouvoir", holder: holder.id }, before)),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    const refused = results.filter((r) => r.status === "rejected");
    expect(refused).toHaveLength(9);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(AssemblyRefusal);
    const held = (await membersOf(holder.assemblyId)).filter((m) => m.proxyHolderId === holder.id);
    expect(held).toHaveLength(2);
  });

  it("keeps the rules when one member answers twice at once and proxies cross", async () => {
    const { members } = await convened(6, { maxProxies: 1 });
    const [a, b, c, d] = members as AssemblyMember[] as [
      AssemblyMember,
      AssemblyMember,
      AssemblyMember,
      AssemblyMember,
    ];
    // The same member giving their proxy to two holders at once, while another gives the last one to the first.
    await Promise.allSettled([
      answer(c.id, { answer: "pouvoir", holder: a.id }, before),
      answer(c.id, { answer: "pouvoir", holder: b.id }, before),
      answer(d.id, { answer: "pouvoir", holder: a.id }, before),
      // Two members giving their proxy to each other: at most one can hold.
      answer(a.id, { answer: "pouvoir", holder: b.id }, before),
      answer(b.id, { answer: "pouvoir", holder: a.id }, before),
    ]);
    const rows = await membersOf(a.assemblyId);
    const byId = new Map(rows.map((m) => [m.id, m]));
    const broken = rows.filter((m) => {
      const held = rows.filter((x) => x.proxyHolderId === m.id).length;
      const chained = m.proxyHolderId !== null && byId.get(m.proxyHolderId)!.answer === "pouvoir";
      return held > 1 || (held > 0 && m.answer === "pouvoir") || chained;
    });
    expect(broken).toEqual([]);
  });

  it("computes the quorum live: a proxy counts when its holder is present, and falls away when its giver comes", async () => {
    const { members, assembly } = await convened(8, { quorumPercent: 50 });
    const [a, b, c] = members as [AssemblyMember, AssemblyMember, AssemblyMember];
    await answer(b.id, { answer: "pouvoir", holder: a.id }, before);
    await answer(c.id, { answer: "pouvoir", holder: a.id }, before);
    const now = async () => quorumOf(await membersOf(assembly.id), 50);
    expect(await now()).toMatchObject({ voices: 8, needed: 4, presentVoices: 0, representedVoices: 0, reached: false });
    await setPresent(assembly.id, a.id, true, getDb());
    expect(await now()).toMatchObject({ presentVoices: 1, representedVoices: 2, reached: false });
    await setPresent(assembly.id, members[3]!.id, true, getDb());
    expect(await now()).toMatchObject({ presentVoices: 2, representedVoices: 2, reached: true });
    await setPresent(assembly.id, b.id, true, getDb());
    expect(await now()).toMatchObject({ presentMembers: 3, presentVoices: 3, representedVoices: 1, reached: true });
  });

  it("records votes no larger than the voices present and represented, and says the result by the majority", async () => {
    const { members, assembly } = await convened(4, { quorumPercent: 50, majority: "absolue" });
    await getDb().update(assemblies).set({ convokedAt: NOW }).where(eq(assemblies.id, assembly.id));
    await saveAgendaAfterConvocation(assembly.id);
    const [item] = await agendaOf(assembly.id);
    expect(await refusal(recordVotes(assembly.id, item!.id, counts(1, 0, 0), getDb()))).toBe(
      "Le quorum n'est pas atteint : l'assemblée ne peut pas délibérer.",
    );
    for (const m of members.slice(0, 3)) await setPresent(assembly.id, m.id, true, getDb());
    expect(await refusal(recordVotes(assembly.id, item!.id, counts(2, 1, 1), getDb()))).toBe(
      "4 voix comptées pour 3 voix présentes et représentées : vérifiez les nombres.",
    );
    expect(await recordVotes(assembly.id, item!.id, counts(1, 0, 2), getDb())).toEqual({ adopted: false, voices: 3 });
    expect(await recordVotes(assembly.id, item!.id, counts(2, 1, 0), getDb())).toEqual({ adopted: true, voices: 3 });
  });

  it("deletes the personal links once the assembly has ended, and keeps the answers", async () => {
    const { members, assembly } = await convened(2);
    await answer(members[1]!.id, { answer: "pouvoir", holder: members[0]!.id }, before);
    const token = memberToken({ linkKey: members[0]!.linkKey! });
    expect(await deleteEndedLinks(new Date(START.getTime() + 3_600_000))).toBe(0);
    expect(await findByToken(token)).toBeDefined();
    expect(await deleteEndedLinks(new Date(START.getTime() + 4 * 3_600_000))).toBe(1);
    expect(await findByToken(token)).toBeUndefined();
    const rows = await getDb().select().from(assemblyMembers).where(eq(assemblyMembers.assemblyId, assembly.id));
    expect(rows.every((m) => m.linkKey === null && m.linkHash === null)).toBe(true);
    expect(rows.find((m) => m.id === members[1]!.id)?.proxyHolderId).toBe(members[0]!.id);
    expect(await deleteEndedLinks(new Date(START.getTime() + 5 * 3_600_000))).toBe(0);
  });
});

const counts = (votesFor: number, votesAgainst: number, abstentions: number) => ({
  votesFor,
  votesAgainst,
  abstentions,
});

/** A resolution on an assembly already convened, as a test sets it up. */
async function saveAgendaAfterConvocation(assemblyId: number) {
  await getDb().update(assemblies).set({ convokedAt: null }).where(eq(assemblies.id, assemblyId));
  await saveAgenda(assemblyId, [{ title: "Budget 2027", isResolution: true }], getDb());
  await getDb().update(assemblies).set({ convokedAt: NOW }).where(eq(assemblies.id, assemblyId));
}
