import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { eq } from "drizzle-orm";
import {
  assemblies,
  assemblyMembers,
  documents,
  documentVersions,
  events,
  gardeners,
  history,
  outbox,
} from "~/db/schema";
import { formatDate } from "~/lib/dates";
import { pdfText } from "../../../tests/pdf";
import { readDocumentFile } from "~/modules/documents/document-files.server";
import { insertDocument, usePrivateDocumentsDir } from "../../../tests/documents";
import { agendaOf, answer, membersOf } from "~/modules/assembly/assembly.server";
import { describeEachDatabase } from "../../../tests/db";
import { insertEvent, insertGardener } from "../../../tests/factories";
import { formPost, routeArgs } from "../../../tests/routes";
import { action as listAction } from "./assemblies";
import { action, loader } from "./assembly";
import { action as presenceAction, loader as presenceLoader } from "./assembly-presence";
import { loader as sheetLoader } from "./assembly-sheet-print";
import { loader as lettersLoader } from "./assembly-letters-print";
import { action as votesAction, loader as votesLoader } from "./assembly-votes";
import { loader as documentLoader } from "../resources/assembly-document";
import { action as minutesAction, loader as minutesLoader } from "./assembly-minutes";

const admin = { id: null as unknown as number, username: "bureau" };
type Answer = { ok: boolean; message: string; errors?: Record<string, string> };

function outcome(result: unknown): { status: number; value: Answer } {
  const r = result as { data?: Answer; init?: { status?: number } | null };
  return r && typeof r === "object" && "data" in r && "init" in r
    ? { status: r.init?.status ?? 200, value: r.data! }
    : { status: 200, value: result as Answer };
}

const post = async (
  run: (args: never) => Promise<unknown>,
  path: string,
  fields: Record<string, string> | [string, string][],
  id: string,
) => outcome(await run(routeArgs(formPost(path, fields), { admin, params: { id } })));

const get = <T>(run: (args: never) => Promise<T>, path: string, id: string) =>
  run(routeArgs(new Request(`http://localhost:3000${path}`), { admin, params: { id } }));

/**
 * « Prévisualiser la convocation », then « Envoyer la convocation » ticked for the count the preview showed; an
 * agenda of one point first when the assembly has none.
 */
async function convene(id: string) {
  const path = `/admin/assemblees/${id}`;
  if ((await agendaOf(Number(id))).length === 0)
    await post(action, path, { intent: "agenda", "title-0": "Rapport moral" }, id);
  const preview = await post(action, path, { intent: "convene-preview" }, id);
  const expected = String((preview.value as { preview?: { members: number } }).preview?.members ?? 0);
  return post(action, path, { intent: "convene", confirm: "on", expected }, id);
}

async function created(days = 30) {
  const start = new Date(Date.now() + days * 86_400_000);
  const event = (await insertEvent({ title: "AG de printemps", start, location: "Maison des associations" }))!;
  const response = (await listAction(
    routeArgs(formPost("/admin/assemblees", { eventId: String(event.id), kind: "ordinaire" }), { admin }),
  )) as Response;
  expect(response.status).toBe(302);
  return response.headers.get("Location")!.split("/").pop()!;
}

/** The assembly's day comes: its event starts a minute ago (the clock cannot be moved for the routes). */
async function theDayComes(id: string) {
  const [row] = await getDb()
    .select()
    .from(assemblies)
    .where(eq(assemblies.id, Number(id)));
  await getDb()
    .update(events)
    .set({ start: new Date(Date.now() - 60_000) })
    .where(eq(events.id, row!.eventId));
}

describeEachDatabase("/admin/assemblees", () => {
  usePrivateDocumentsDir();

  it("marks an event, sets the rules and agenda, convenes once, then refuses changes in French", async () => {
    const id = await created();
    for (const name of ["Zoé Étienne", "Aïcha Bernard", "Élodie Durand"]) await insertGardener({ name });
    await insertGardener({ name: "Paul Sansmail", email: "", address: "3 rue du Tonkin\n69100 Villeurbanne" });
    const path = `/admin/assemblees/${id}`;
    expect(
      await post(
        action,
        path,
        {
          intent: "settings",
          kind: "ordinaire",
          convocationDays: "15",
          voiceBasis: "membre",
          maxProxies: "abc",
          quorumPercent: "25",
          majority: "simple",
        },
        id,
      ),
    ).toMatchObject({
      status: 400,
      value: {
        message: "Les règles n'ont pas été enregistrées :",
        errors: { maxProxies: "Le nombre de pouvoirs par membre est un nombre entre 0 et 20." },
      },
    });
    expect(
      await post(
        action,
        path,
        [
          ["intent", "agenda"],
          ["title-0", "Rapport moral"],
          ["resolution-0", "on"],
          ["title-1", "Budget 2027"],
          ["resolution-1", "on"],
          ["order-1", "0"],
          ["title-2", ""],
        ],
        id,
      ),
    ).toMatchObject({ status: 200, value: { ok: true, message: "Ordre du jour enregistré." } });
    const screen = await get(loader, path, id);
    expect(screen.agenda.slice(0, 2).map((i) => i.title)).toEqual(["Budget 2027", "Rapport moral"]);
    expect(screen.toConvene).toEqual({ members: 4, withoutEmail: 1, unreachable: 0 });

    expect(await convene(id)).toMatchObject({
      value: { ok: true, message: "Convocation envoyée à 4 membres : 3 par e-mail, 1 à imprimer." },
    });
    expect(await getDb().select().from(outbox)).toHaveLength(3);
    expect(await post(action, path, { intent: "convene", confirm: "on", expected: "4" }, id)).toMatchObject({
      status: 409,
      value: { ok: false, message: "La convocation est déjà partie." },
    });
    expect(await post(action, path, [["intent", "agenda"]], id)).toMatchObject({
      status: 409,
      value: { message: "La convocation est partie : l'ordre du jour ne change plus." },
    });
    const kinds = (await getDb().select().from(history)).map((h) => [h.kind, h.target]);
    expect(kinds).toContainEqual(["assemblee.convocation", `assemblée n° ${id}`]);

    // A gardener who joins afterwards is shown, then convened with the same convocation.
    expect((await get(loader, path, id)).latecomers).toEqual({ members: 0, withoutEmail: 0, late: null });
    await insertGardener({ name: "Nina Arrivée", email: "nina@example.fr" });
    expect((await get(loader, path, id)).latecomers).toEqual({ members: 1, withoutEmail: 0, late: null });
    expect(await post(action, path, { intent: "convene-latecomers" }, id)).toMatchObject({
      value: { ok: true, message: "Convocation envoyée à 1 nouveau membre : 1 par e-mail, 0 à imprimer." },
    });
    expect((await getDb().select().from(outbox)).map((m) => m.to)).toContain("nina@example.fr");
    expect((await get(loader, path, id)).latecomers).toEqual({ members: 0, withoutEmail: 0, late: null });
    expect(await post(action, path, { intent: "convene-latecomers" }, id)).toMatchObject({
      status: 409,
      value: { ok: false, message: "Tous les membres sont déjà convoqués." },
    });
    await getDb().delete(outbox).where(eq(outbox.to, "nina@example.fr"));
    await getDb().delete(assemblyMembers).where(eq(assemblyMembers.name, "Nina Arrivée"));
    await getDb().delete(gardeners).where(eq(gardeners.name, "Nina Arrivée"));

    const letters = await get(lettersLoader, `${path}/convocations`, id);
    expect(letters.letters.map((l) => [l.name, l.address])).toEqual([
      ["Paul Sansmail", "3 rue du Tonkin\n69100 Villeurbanne"],
    ]);
    expect(letters.letters[0]!.link).toMatch(/\/assemblee\/[\w-]{43}$/);

    const sheet = await get(sheetLoader, `${path}/emargement`, id);
    expect(sheet.association.name).toBeTruthy();
    expect(sheet.totals).toEqual({ members: 4, voices: 4, proxies: 0 });
    expect(sheet.rows.map((r) => r.name)).toEqual([
      "Bernard, Aïcha",
      "Durand, Élodie",
      "Étienne, Zoé",
      "Sansmail, Paul",
    ]);
  });

  it("refuses a convocation without an agenda, previews it, and sends it only ticked, to the count the preview showed", async () => {
    const id = await created();
    const path = `/admin/assemblees/${id}`;
    await insertGardener({ name: "Aïcha Aïdi", email: "aicha.aidi@example.fr" });
    await insertGardener({ name: "Paul Papier", email: "", address: "3 rue du Tonkin, 69100 Villeurbanne" });
    await insertGardener({ name: "Léa Sansadresse", email: "" });
    const emptyAgenda = "L'ordre du jour est vide : il figure sur la convocation. Enregistrez-le avant de l'envoyer.";
    expect((await get(loader, path, id)).agendaEmpty).toBe(true);
    for (const fields of [{ intent: "convene-preview" }, { intent: "convene", confirm: "on", expected: "3" }] as Record<
      string,
      string
    >[])
      expect(await post(action, path, fields, id)).toMatchObject({ status: 409, value: { message: emptyAgenda } });
    expect(await getDb().select().from(outbox)).toEqual([]);
    expect((await getDb().select().from(assemblies))[0]!.convokedAt).toBeNull();

    await post(action, path, { intent: "agenda", "title-0": "Rapport moral", "title-1": "Budget 2027" }, id);
    const preview = await post(action, path, { intent: "convene-preview" }, id);
    expect(preview.value).toMatchObject({
      ok: true,
      preview: {
        members: 3,
        mailed: 1,
        onPaper: 1,
        unreachable: ["Sansadresse, Léa"],
        mail: { to: "aicha.aidi@example.fr", subject: expect.stringMatching(/^Convocation : Assemblée générale/) },
      },
    });
    const mail = (preview.value as unknown as { preview: { mail: { text: string } } }).preview.mail.text;
    expect(mail).toContain("Ordre du jour :\n1. Rapport moral\n2. Budget 2027");
    expect(mail).toContain("(le lien personnel de chaque membre, créé à l'envoi)");
    // The letters the convocation would give, before it goes: dated today, their links to come.
    const letters = await get(lettersLoader, `${path}/convocations`, id);
    expect(letters).toMatchObject({ preview: true, date: formatDate(new Date()) });
    expect(letters.letters.map((l) => [l.name, l.link])).toEqual([
      ["Paul Papier", null],
      ["Léa Sansadresse", null],
    ]);

    // Not ticked, or to another count than the preview's: nothing goes, and the preview stays.
    const unticked = await post(action, path, { intent: "convene", expected: "3" }, id);
    expect(unticked).toMatchObject({
      status: 400,
      value: { errors: { confirm: "Cochez la case pour confirmer l'envoi." }, preview: { members: 3 } },
    });
    const stale = await post(action, path, { intent: "convene", confirm: "on", expected: "2" }, id);
    expect(stale).toMatchObject({ status: 409, value: { preview: { members: 3 } } });
    expect(stale.value.message).toMatch(/^Le nombre de membres a changé depuis l'aperçu : 3 membres maintenant\./);
    expect(await getDb().select().from(outbox)).toEqual([]);
    expect(await post(action, path, { intent: "convene", confirm: "on", expected: "3" }, id)).toMatchObject({
      value: { ok: true, message: "Convocation envoyée à 3 membres : 1 par e-mail, 2 à imprimer." },
    });
  });

  it("convenes a gardener who joined after the statutes' delay, saying by how many days it is late", async () => {
    const id = await created(20);
    await insertGardener({ name: "Amina Benali" });
    expect(await convene(id)).toMatchObject({ value: { ok: true } });
    // The assembly moved ten days nearer: its last day to convene was five days ago.
    const [row] = await getDb().select().from(assemblies);
    await getDb()
      .update(events)
      .set({ start: new Date(Date.now() + 10 * 86_400_000) })
      .where(eq(events.id, row!.eventId));
    await insertGardener({ name: "Nina Arrivée" });
    const late = "5 jours de retard sur le délai des statuts (15 jours)";
    expect((await get(loader, `/admin/assemblees/${id}`, id)).latecomers).toEqual({
      members: 1,
      withoutEmail: 0,
      late,
    });
    expect(await post(action, `/admin/assemblees/${id}`, { intent: "convene-latecomers" }, id)).toMatchObject({
      value: {
        ok: true,
        message: `Convocation envoyée à 1 nouveau membre : 1 par e-mail, 0 à imprimer. Elle part avec ${late}.`,
      },
    });
  });

  it("takes the mark off an event marked by mistake, never once convened", async () => {
    const id = await created();
    const unmarked = (await action(
      routeArgs(formPost(`/admin/assemblees/${id}`, { intent: "unmark" }), { admin, params: { id } }),
    )) as Response;
    expect([unmarked.status, unmarked.headers.get("Location")]).toEqual([302, "/admin/assemblees"]);
    expect(await getDb().select().from(assemblies)).toHaveLength(0);
    const again = await created();
    await insertGardener({ name: "Amina Benali" });
    await convene(again);
    expect(await post(action, `/admin/assemblees/${again}`, { intent: "unmark" }, again)).toMatchObject({
      status: 409,
      value: { message: "La convocation est partie : cette assemblée ne peut plus être retirée." },
    });
  });

  it("refuses to convene after the statutes' delay, saying the last day", async () => {
    const id = await created(5);
    await insertGardener({ name: "Amina Benali" });
    const refused = await convene(id);
    expect(refused.status).toBe(409);
    expect(refused.value.message).toMatch(
      /^Trop tard pour convoquer : les statuts demandent 15 jours, la convocation devait partir au plus tard le /,
    );
  });

  it("ticks presence, shows the quorum live, and checks the votes against the voices", async () => {
    const id = await created();
    for (const name of ["Amina Benali", "Bruno Roux", "Chloé Martin", "Denis Petit"]) await insertGardener({ name });
    await post(action, `/admin/assemblees/${id}`, { intent: "agenda", "title-0": "Budget", "resolution-0": "on" }, id);
    await convene(id);
    const members = await membersOf(Number(id));
    const presence = `/admin/assemblees/${id}/presence`;
    const votes = `/admin/assemblees/${id}/votes`;
    const item = String((await get(votesLoader, votes, id)).resolutions[0]!.id);
    // Before its day, nothing of the day is taken: not a presence, not a vote, not the minutes.
    const notYet =
      /^L'assemblée a lieu le \d{1,2}(?:er)? \S+ \d{4} : la présence, les votes et le procès-verbal se saisissent à partir de ce jour-là\.$/;
    expect((await get(presenceLoader, presence, id)).notYet).toMatch(notYet);
    expect((await get(votesLoader, votes, id)).notYet).toMatch(notYet);
    expect((await get(minutesLoader, `/admin/assemblees/${id}/proces-verbal`, id)).notYet).toMatch(notYet);
    const early = [
      await post(presenceAction, presence, { intent: "present", member: String(members[0]!.id) }, id),
      await post(votesAction, votes, { item, votesFor: "0", votesAgainst: "0", abstentions: "0" }, id),
      await post(
        minutesAction,
        `/admin/assemblees/${id}/proces-verbal`,
        { intent: "save", minutes: "<p>Ouverte.</p>" },
        id,
      ),
    ];
    for (const refused of early)
      expect(refused).toMatchObject({ status: 409, value: { ok: false, message: expect.stringMatching(notYet) } });
    expect((await membersOf(Number(id))).filter((m) => m.present)).toEqual([]);
    expect((await agendaOf(Number(id)))[0]).toMatchObject({ votesFor: null });
    const [kept] = await getDb()
      .select()
      .from(assemblies)
      .where(eq(assemblies.id, Number(id)));
    expect(kept!.minutes).toBe("");

    await theDayComes(id);
    expect((await get(presenceLoader, presence, id)).notYet).toBeNull();
    expect(
      await post(votesAction, votes, { item, votesFor: "1", votesAgainst: "0", abstentions: "0" }, id),
    ).toMatchObject({
      status: 409,
      value: { message: "Le quorum n'est pas atteint : l'assemblée ne peut pas délibérer." },
    });
    for (const m of members.slice(0, 2))
      expect(await post(presenceAction, presence, { intent: "present", member: String(m.id) }, id)).toMatchObject({
        value: { ok: true },
      });
    const screen = await get(presenceLoader, presence, id);
    expect(screen.quorum).toMatchObject({ presentVoices: 2, voices: 4, needed: 1, reached: true });
    expect(
      await post(votesAction, votes, { item, votesFor: "2", votesAgainst: "1", abstentions: "0" }, id),
    ).toMatchObject({
      status: 400,
      value: { message: "3 voix comptées pour 2 voix présentes et représentées : vérifiez les nombres." },
    });
    expect(
      await post(votesAction, votes, { item, votesFor: "2", votesAgainst: "", abstentions: "0" }, id),
    ).toMatchObject({
      status: 400,
      value: { errors: { votesAgainst: "Le nombre de voix contre est un nombre entier." } },
    });
    expect(
      await post(votesAction, votes, { item, votesFor: "1", votesAgainst: "1", abstentions: "0" }, id),
    ).toMatchObject({ value: { ok: true, message: "Vote enregistré : résolution rejetée." } });
    expect(
      await post(votesAction, votes, { item, votesFor: "2", votesAgainst: "0", abstentions: "0" }, id),
    ).toMatchObject({ value: { ok: true, message: "Vote enregistré : résolution adoptée." } });
    expect((await get(votesLoader, votes, id)).resolutions[0]).toMatchObject({ counted: true, adopted: true });
    expect(await post(presenceAction, presence, { intent: "present", member: "999999" }, id)).toMatchObject({
      status: 404,
      value: { message: "Ce membre n'est pas convoqué à cette assemblée." },
    });
  });

  it("drafts the minutes from the day, keeps the edited text, and files it as a members-only PDF, then a new version", async () => {
    const id = await created();
    for (const name of ["Amina Benali", "Bruno Roux", "Aïcha Aïdi"]) await insertGardener({ name });
    await post(action, `/admin/assemblees/${id}`, { intent: "agenda", "title-0": "Budget", "resolution-0": "on" }, id);
    await convene(id);
    const members = await membersOf(Number(id));
    const [amina, aicha] = ["Amina Benali", "Aïcha Aïdi"].map((name) => members.find((m) => m.name === name)!);
    await answer(aicha!.id, { answer: "pouvoir", holder: amina!.id });
    await theDayComes(id);
    await post(
      presenceAction,
      `/admin/assemblees/${id}/presence`,
      { intent: "present", member: String(amina!.id) },
      id,
    );
    const item = String((await get(votesLoader, `/admin/assemblees/${id}/votes`, id)).resolutions[0]!.id);
    await post(
      votesAction,
      `/admin/assemblees/${id}/votes`,
      { item, votesFor: "1", votesAgainst: "0", abstentions: "0" },
      id,
    );
    const path = `/admin/assemblees/${id}/proces-verbal`;
    const draft = await get(minutesLoader, path, id);
    expect(draft.saved).toBe(false);
    expect(draft.html).toContain("Présents : 1 (1 voix)");
    expect(draft.html).toContain(
      "1. Budget : 1 pour, 0 contre, aucune abstention. Résolution adoptée à la majorité simple.</p>",
    );
    expect(draft.html).toContain("Membres présents : Amina Benali (pouvoir d&#39;Aïcha Aïdi).");
    expect(draft.facts).toEqual({ chair: "", secretary: "", closedTime: "" });

    // Who chaired, who took the minutes, when it closed: a time that is none is sent back, the names kept.
    const facts = { chair: "Élodie Durand", secretary: "Bruno Roux", closedTime: "21:40" };
    const wrongTime = await post(minutesAction, path, { intent: "redraft", ...facts, closedTime: "25:00" }, id);
    expect(wrongTime).toMatchObject({
      status: 400,
      value: { errors: { closedTime: "Indiquez l'heure de clôture comme 21:40." } },
    });
    expect((wrongTime.value as unknown as { values: Record<string, string> }).values.chair).toBe("Élodie Durand");
    await post(minutesAction, path, { intent: "redraft", ...facts }, id);
    const redrafted = await get(minutesLoader, path, id);
    expect(redrafted.facts).toEqual(facts);
    expect(redrafted.html).toContain("sous la présidence d&#39;Élodie Durand ; Bruno Roux est secrétaire de séance.");
    expect(redrafted.html).toContain("la séance est levée à 21h40.");

    expect(await post(minutesAction, path, { intent: "save", minutes: "<p> </p>" }, id)).toMatchObject({
      status: 400,
      value: { message: "Le procès-verbal est vide." },
    });
    const edited = `${redrafted.html}<p>Le président remercie les membres.</p><script>alert(1)</script>`;
    expect(await post(minutesAction, path, { intent: "save", minutes: edited, ...facts }, id)).toMatchObject({
      value: { ok: true, message: "Procès-verbal enregistré." },
    });
    const [row] = await getDb().select().from(assemblies);
    expect(row!.minutes).toContain("Le président remercie les membres.");
    expect(row!.minutes).not.toContain("script");

    const filed = await post(minutesAction, path, { intent: "file", minutes: row!.minutes, ...facts }, id);
    expect(filed.value.message).toMatch(/^Procès-verbal déposé en PDF dans les documents \(document n° \d+\)\.$/);
    const [doc] = await getDb().select().from(documents);
    expect(doc).toMatchObject({ kind: "proces_verbal", visibility: "membres" });
    expect(doc!.title).toMatch(/^Procès-verbal : Assemblée générale ordinaire du /);
    const [version] = await getDb().select().from(documentVersions);
    expect(version!.format).toBe("pdf");
    const pdf = (await readDocumentFile(version!))!;
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    // The receipts' typography: names, « » and narrow spaces as typed; the chair and secretary sign; pages numbered.
    const text = (await pdfText(pdf)).replace(/\s+/g, " ");
    expect(text).toContain("Membres présents : Amina Benali (pouvoir d'Aïcha Aïdi).");
    expect(text).toContain("Résolution adoptée à la majorité simple.");
    expect(text).toMatch(/La présidente ou le président de séance\s+Élodie Durand\s+Signature :/);
    expect(text).toMatch(/La ou le secrétaire de séance\s+Bruno Roux\s+Signature :/);
    expect(text).toMatch(/· page 1 \/ 1/);
    expect(text).toContain("Le président remercie les membres.");
    await post(minutesAction, path, { intent: "file", minutes: `${row!.minutes}<p>Ajout.</p>` }, id);
    expect(await getDb().select().from(documents)).toHaveLength(1);
    expect(await getDb().select().from(documentVersions)).toHaveLength(2);
  });

  it("joins documents to the convocation, served through a member's link only", async () => {
    const id = await created();
    const report = await insertDocument({ kind: "rapport", title: "Rapport moral 2026", visibility: "membres" });
    expect(
      await post(
        action,
        `/admin/assemblees/${id}`,
        [
          ["intent", "documents"],
          ["document", String(report.id)],
          ["document", "99999"],
        ],
        id,
      ),
    ).toMatchObject({ value: { ok: true, message: "Documents de la convocation enregistrés." } });
    const [row] = await getDb().select().from(assemblies);
    expect(row!.documentIds).toEqual([report.id]);
    await insertGardener({ name: "Amina Benali" });
    await convene(id);
    const [mail] = await getDb().select().from(outbox);
    expect(mail!.text).toContain("Documents joints, à lire sur votre page : Rapport moral 2026.");
    const token = /\/assemblee\/([\w-]+)/.exec(mail!.text)![1]!;
    const served = (await documentLoader(
      routeArgs(new Request(`http://localhost:3000/assemblee/${token}/documents/${report.id}`), {
        params: { token, id: String(report.id) },
      }),
    )) as Response;
    expect([served.status, served.headers.get("Content-Type")]).toEqual([200, "application/pdf"]);
    const other = await insertDocument({ kind: "rapport", title: "Autre rapport", visibility: "membres" });
    const refused = (await documentLoader(
      routeArgs(new Request(`http://localhost:3000/assemblee/${token}/documents/${other.id}`), {
        params: { token, id: String(other.id) },
      }),
    )) as Response;
    expect(refused.status).toBe(404);
  });
});
