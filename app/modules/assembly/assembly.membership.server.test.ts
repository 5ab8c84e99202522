import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { gardenerFees, gardenerPayments, gardeners, outbox } from "~/db/schema";
import { describeEachDatabase } from "../../../tests/db";
import { insertEvent, insertGardener } from "../../../tests/factories";
import { memberAnswerPage } from "./assembly.answer.server";
import { membershipOf } from "./assembly.membership.server";
import {
  answer,
  AssemblyRefusal,
  conveneLatecomers,
  getAssembly,
  latecomers,
  markAssembly,
  membersOf,
  quorumOf,
  saveAgenda,
  sendConvocation,
  setPresent,
  updateSettings,
} from "./assembly.server";
import { ASSEMBLY_DEFAULTS } from "./assembly.schema";
import { addVolunteer, endVolunteer } from "./volunteers.server";

const DAY = 86_400_000;
const NOW = new Date("2027-02-01T10:00:00Z");
const START = new Date(NOW.getTime() + 30 * DAY);
const before = new Date(START.getTime() - DAY);

async function assembly(overrides: Partial<typeof ASSEMBLY_DEFAULTS> = {}) {
  const event = (await insertEvent({ title: "Assemblée générale", start: START, location: "Salle des fêtes" }))!;
  const a = await markAssembly(event.id, "ordinaire", getDb());
  await updateSettings(a.id, { kind: "ordinaire", ...ASSEMBLY_DEFAULTS, ...overrides }, getDb());
  await saveAgenda(a.id, [{ title: "Rapport moral", isResolution: false }], getDb());
  return a;
}

/** A fee of `year` called at 45 €, of which `paidCents` paid. */
async function fee(gardenerId: number, year: number, paidCents: number) {
  const [row] = await getDb()
    .insert(gardenerFees)
    .values({ gardenerId, year, amountCents: 4500, dueOn: `${year}-03-31` })
    .returning();
  if (paidCents > 0)
    await getDb()
      .insert(gardenerPayments)
      .values({
        gardenerId,
        kind: "cotisation",
        year,
        amountCents: paidCents,
        paidOn: `${year}-03-01`,
        feeId: row!.id,
      });
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AssemblyRefusal);
  return (error as AssemblyRefusal).message;
}

describeEachDatabase("who is a member of the assembly", () => {
  it("under « à jour de cotisation », convenes the gardeners whose fee is settled and the members added by hand, and says why the others are left out", async () => {
    const paid = await insertGardener({ name: "Aïcha Aïdi" });
    const unpaid = await insertGardener({ name: "Bruno Bastide" });
    await insertGardener({ name: "Chloé Castel" }); // arrived after the call: no fee of 2026
    const left = await insertGardener({ name: "Denis Durand", endDate: "2026-12-31" });
    await fee(paid.id, 2026, 4500);
    await fee(unpaid.id, 2026, 2000);
    await fee(left.id, 2026, 4500);
    await addVolunteer(
      {
        familyName: "Estève",
        givenNames: "Élise",
        civility: "",
        email: "elise.esteve@example.fr",
        address: "",
        startDate: "2026-05-01",
        note: "",
      },
      getDb(),
    );
    const ended = await addVolunteer(
      {
        familyName: "Faure",
        givenNames: "Fanny",
        civility: "",
        email: "",
        address: "",
        startDate: "2025-01-01",
        note: "",
      },
      getDb(),
    );
    await endVolunteer(ended.id, "2026-10-01", getDb());

    const a = await assembly({ membership: "cotisation", membershipFeeYear: 2026 });
    const { members, excluded } = await membershipOf({
      voiceBasis: "membre",
      membership: "cotisation",
      membershipFeeYear: 2026,
    });
    expect(members.map((m) => [m.name, m.reason])).toEqual([
      ["Aïcha Aïdi", "Cotisation 2026 réglée"],
      ["Élise Estève", "Membre ajouté par le bureau (depuis le 1er mai 2026)"],
    ]);
    expect(excluded.map((m) => [m.name, m.reason])).toEqual([
      ["Bruno Bastide", "cotisation 2026 non réglée"],
      ["Chloé Castel", "pas de cotisation 2026 appelée"],
    ]);

    const sent = await sendConvocation(a.id, NOW);
    expect(sent).toEqual({ members: 2, sent: 2, printed: 0 });
    const rows = await membersOf(a.id);
    expect(rows.map((m) => [m.name, m.reason, m.volunteerId !== null])).toEqual([
      ["Aïcha Aïdi", "Cotisation 2026 réglée", false],
      ["Élise Estève", "Membre ajouté par le bureau (depuis le 1er mai 2026)", true],
    ]);
    const mails = await getDb().select({ to: outbox.to }).from(outbox);
    expect(mails.map((m) => m.to).sort()).toContain("elise.esteve@example.fr");

    // Bruno settles his fee: he becomes a member, convened as a latecomer would be.
    await getDb()
      .insert(gardenerPayments)
      .values({ gardenerId: unpaid.id, kind: "cotisation", year: 2026, amountCents: 2500, paidOn: "2027-02-02" });
    const [bruno] = await getDb().select().from(gardenerFees).where(eq(gardenerFees.gardenerId, unpaid.id));
    await getDb().update(gardenerPayments).set({ feeId: bruno!.id }).where(eq(gardenerPayments.gardenerId, unpaid.id));
    const convened = (await getAssembly(a.id))!.assembly;
    expect((await latecomers(convened)).map((p) => [p.name, p.reason])).toEqual([
      ["Bruno Bastide", "Cotisation 2026 réglée"],
    ]);
  });

  it("no longer counts a gardener who left before the day: not in the quorum, not a proxy holder, not ticked present", async () => {
    const a = await assembly({ quorumPercent: 50 });
    const people = [];
    for (const name of ["Anne Abel", "Basile Bon", "Cyril Cano", "Dora Dix"])
      people.push(await insertGardener({ name }));
    await sendConvocation(a.id, NOW);
    const [anne, basile, cyril] = await membersOf(a.id);
    await answer(cyril!.id, { answer: "pouvoir", holder: basile!.id }, before);

    // Basile leaves the association before the assembly: his end date is in the register.
    await getDb().update(gardeners).set({ endDate: "2027-02-10" }).where(eq(gardeners.id, people[1]!.id));
    const rows = await membersOf(a.id);
    expect(rows.find((m) => m.id === basile!.id)?.leftOn).toBe("2027-02-10");
    expect(quorumOf(rows, 50)).toMatchObject({ members: 3, voices: 3, needed: 2 });
    expect(await refusal(answer(anne!.id, { answer: "pouvoir", holder: basile!.id }, before))).toBe(
      "Basile Bon a quitté l'association le 10 février 2027 : choisissez un autre membre.",
    );
    expect(await refusal(answer(basile!.id, { answer: "present" }, before))).toBe(
      "Vous avez quitté l'association le 10 février 2027 : vous n'êtes plus membre de cette assemblée.",
    );
    expect(await refusal(setPresent(a.id, basile!.id, true, getDb()))).toMatch(/a quitté l'association/);
    // His page says so instead of the form; nobody can choose him any more.
    expect(await memberAnswerPage(basile!.id, before)).toMatchObject({
      closed: "Vous avez quitté l'association le 10 février 2027 : vous n'êtes plus membre de cette assemblée.",
    });
    const annePage = await memberAnswerPage(anne!.id, before);
    expect(annePage.known && annePage.others.map((o) => o.name)).toEqual(["Cyril Cano", "Dora Dix"]);
    // Cyril's proxy to Basile counts for nothing now; he is not represented.
    await setPresent(a.id, anne!.id, true, getDb());
    expect(quorumOf(await membersOf(a.id), 50)).toMatchObject({ presentVoices: 1, representedVoices: 0 });
    expect(await refusal(conveneLatecomers(a.id, before))).toBe("Tous les membres sont déjà convoqués.");
  });

  it("keeps a past assembly's count when a member leaves after its day", async () => {
    const a = await assembly();
    const g = await insertGardener({ name: "Eva Ely" });
    await insertGardener({ name: "Félix Fort" });
    await sendConvocation(a.id, NOW);
    const dayAfter = new Date(START.getTime() + DAY).toISOString().slice(0, 10);
    await getDb().update(gardeners).set({ endDate: dayAfter }).where(eq(gardeners.id, g.id));
    const rows = await membersOf(a.id);
    expect(rows.map((m) => m.leftOn)).toEqual([null, null]);
    expect(quorumOf(rows, 25).members).toBe(2);
  });
});
