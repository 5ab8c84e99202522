import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { gardeners, history, newsletterLetters, outbox, plotHoldings } from "~/db/schema";
import { lettersOptOutToken } from "~/modules/register/gardener-letters.server";
import { describeEachDatabase } from "../../../tests/db";
import { insertGardener, insertPlot, insertSite } from "../../../tests/factories";
import { answered, formPost, routeArgs } from "../../../tests/routes";
import { action as letterAction, loader as letterLoader } from "./letter";
import { loader as printLoader } from "./letter-print";
import { action as gardenerAction, loader as gardenerLoader } from "./gardener";
import { action as optOut, loader as optOutPage } from "../public/gardener-letters-optout";

const marie = { id: null as unknown as number, username: "marie" };

const screen = (id: string, query = "") =>
  letterLoader(
    routeArgs(new Request(`http://localhost:3000/admin/lettre/${id}${query}`), { params: { id }, admin: marie }),
  );
const post = (id: string, fields: [string, string][], query = "") =>
  letterAction(
    routeArgs(formPost(`/admin/lettre/${id}${query}`, fields), { params: { id }, admin: marie }),
  ) as Promise<unknown>;
const location = (result: unknown) => (result as Response).headers.get("Location");

const letterFields = (extra: [string, string][] = []): [string, string][] => [
  ["subject", "Coupure d'eau samedi matin"],
  ["message", "<p>L'eau sera coupée samedi de 8h à 12h pour réparer la vanne.</p>"],
  ["presents", "non"],
  ["nature", "service"],
  ...(extra.some(([name]) => name === "intent") ? [] : [["intent", "save"] as [string, string]]),
  ...extra,
];

/** The Brosses with Camille (an address) and Josiane (none) holding plots, the Thibaude with Karim. */
async function register() {
  const brosses = await insertSite({ name: "Jardin des Brosses" });
  const thibaude = await insertSite({ name: "Jardin de la Thibaude" });
  const camille = await insertGardener({ name: "Camille Roux", email: "camille@example.org" });
  const josiane = await insertGardener({ name: "Josiane Martin", email: "", address: "41 rue Francis-de-Pressensé" });
  const karim = await insertGardener({ name: "Karim Benali", email: "karim@example.org" });
  for (const [gardener, site, number] of [
    [camille, brosses, 12],
    [josiane, brosses, 14],
    [karim, thibaude, 3],
  ] as const) {
    const plot = await insertPlot(site.id, number);
    await getDb().insert(plotHoldings).values({ gardenerId: gardener.id, plotId: plot.id, startDate: "2024-03-01" });
  }
  return { brosses, thibaude, camille, josiane, karim };
}

const nothingWritten = async () => {
  expect(await getDb().select().from(newsletterLetters)).toEqual([]);
  expect(await getDb().select().from(history)).toEqual([]);
  expect(await getDb().select().from(outbox)).toEqual([]);
};

describeEachDatabase("/admin/lettre/:id, a letter to gardeners", () => {
  it("a new letter to gardeners: the choices, and « N jardiniers, dont M sans adresse e-mail » before anything goes", async () => {
    const r = await register();
    const shown = await screen("nouvelle", "?jardiniers");
    expect(shown.letter.audience).toBe("jardiniers");
    expect(shown.toGardeners).toMatchObject({
      gardeners: "actuels",
      nature: "information",
      label: "aux jardiniers actuels",
      figures: { gardeners: 3, withoutEmail: 1, optedOut: 0, paper: 1, emails: 2 },
    });
    expect(shown.toGardeners!.sites.map((s) => [s.name, s.plots.map((p) => `${p.number} ${p.holder}`)])).toEqual([
      ["Jardin de la Thibaude", ["3 Karim Benali"]],
      ["Jardin des Brosses", ["12 Camille Roux", "14 Josiane Martin"]],
    ]);
    expect(shown.toGardeners!.sites[1]!.id).toBe(r.brosses.id);
  });

  it("refuses a choice without its sites, plots or year, or a site that does not exist: a French message, a 4xx, nothing written", async () => {
    const r = await register();
    const none = answered<{ message: string; errors: Record<string, string>; values: Record<string, string> }>(
      await post("nouvelle", letterFields([["gardeners", "jardins"]]), "?jardiniers"),
    );
    expect([none.status, none.value.errors.siteIds]).toEqual([400, "Cochez au moins un jardin."]);
    // What was typed comes back.
    expect(none.value.values.subject).toBe("Coupure d'eau samedi matin");
    const plots = answered<{ errors: Record<string, string> }>(
      await post("nouvelle", letterFields([["gardeners", "parcelles"]]), "?jardiniers"),
    );
    expect([plots.status, plots.value.errors.plotIds]).toEqual([400, "Cochez au moins une parcelle."]);
    const year = answered<{ errors: Record<string, string> }>(
      await post(
        "nouvelle",
        letterFields([
          ["gardeners", "cotisation"],
          ["feeYear", "l'an dernier"],
        ]),
        "?jardiniers",
      ),
    );
    expect([year.status, year.value.errors.feeYear]).toEqual([400, "Choisissez l'année de la cotisation."]);
    const bad = answered<{ errors: Record<string, string> }>(
      await post(
        "nouvelle",
        letterFields([
          ["gardeners", "jardins"],
          ["siteIds", "abc"],
        ]),
        "?jardiniers",
      ),
    );
    expect([bad.status, bad.value.errors["siteIds.0"] ?? bad.value.errors.siteIds]).toEqual([
      400,
      "Ce choix n'existe pas.",
    ]);
    const gone = answered<{ message: string; lists: Record<string, string[]> }>(
      await post(
        "nouvelle",
        letterFields([
          ["gardeners", "jardins"],
          ["siteIds", String(r.brosses.id)],
          ["siteIds", "999999"],
        ]),
        "?jardiniers",
      ),
    );
    expect([gone.status, gone.value.message]).toEqual([
      409,
      "Un jardin ou une parcelle choisi n'existe plus : vérifiez les destinataires.",
    ]);
    expect(gone.value.lists.siteIds).toEqual([String(r.brosses.id), "999999"]);
    const unknown = answered<{ errors: Record<string, string> }>(
      await post("nouvelle", letterFields([["gardeners", "tous"]]), "?jardiniers"),
    );
    expect([unknown.status, unknown.value.errors.gardeners]).toEqual([400, "Choisissez à quels jardiniers écrire."]);
    await nothingWritten();
  });

  it("saves the draft, counts again after a change of recipients before sending, then sends: the history names the site, never a person", async () => {
    const r = await register();
    const brosses: [string, string][] = [
      ["gardeners", "jardins"],
      ["siteIds", String(r.brosses.id)],
    ];
    const saved = await post("nouvelle", letterFields([...brosses, ["intent", "save"]]), "?jardiniers");
    expect(location(saved)).toMatch(/^\/admin\/lettre\/\d+\?fait=brouillon$/);
    const id = /lettre\/(\d+)/.exec(location(saved)!)![1]!;
    const draft = await screen(id);
    expect(draft.toGardeners).toMatchObject({
      label: "aux jardiniers du Jardin des Brosses",
      figures: { gardeners: 2, withoutEmail: 1, paper: 1, emails: 1 },
    });

    // Without the box: refused, nothing queued.
    const unconfirmed = answered<{ errors: Record<string, string> }>(
      await post(id, letterFields([...brosses, ["intent", "send"]])),
    );
    expect([unconfirmed.status, unconfirmed.value.errors.confirm]).toEqual([
      400,
      "Cochez la case pour confirmer l'envoi.",
    ]);
    // Confirmed, but for other recipients than the screen counted: saved and shown again, not sent.
    const changed = await post(
      id,
      letterFields([
        ["gardeners", "jardins"],
        ["siteIds", String(r.brosses.id)],
        ["siteIds", String(r.thibaude.id)],
        ["intent", "send"],
        ["confirm", "on"],
      ]),
    );
    expect(location(changed)).toBe(`/admin/lettre/${id}?fait=destinataires`);
    expect(await getDb().select().from(outbox)).toEqual([]);
    expect((await screen(id, "?fait=destinataires")).done).toBe(
      "Destinataires enregistrés : vérifiez leur nombre, puis confirmez l'envoi.",
    );
    // Back to the Brosses alone: counted again too, then sent as confirmed.
    const back = await post(id, letterFields([...brosses, ["intent", "send"], ["confirm", "on"]]));
    expect(location(back)).toBe(`/admin/lettre/${id}?fait=destinataires`);
    const sent = await post(id, letterFields([...brosses, ["intent", "send"], ["confirm", "on"]]));
    expect(location(sent)).toBe(`/admin/lettre/${id}?fait=envoi`);
    expect((await getDb().select().from(outbox)).map((row) => row.to)).toEqual(["camille@example.org"]);
    const entries = await getDb().select().from(history).orderBy(history.id);
    expect(entries.map((e) => [e.kind, e.target, e.detail])).toEqual([
      ["lettre.brouillon", `lettre n° ${id}`, null],
      ["lettre.brouillon", `lettre n° ${id}`, null],
      ["lettre.brouillon", `lettre n° ${id}`, null],
      ["lettre.brouillon", `lettre n° ${id}`, null],
      ["lettre.envoi", `lettre n° ${id} aux jardiniers du Jardin des Brosses`, "1 e-mail, 1 lettre à imprimer"],
    ]);
    expect(JSON.stringify(entries)).not.toMatch(/Camille|Josiane|Roux|Martin|@/);

    const went = await screen(id);
    expect(went.toGardeners).toMatchObject({
      label: "aux jardiniers du Jardin des Brosses",
      figures: { gardeners: 2, withoutEmail: 1, paper: 1, emails: 1 },
    });
    // A letter that went is never changed.
    const again = answered<{ message: string }>(await post(id, letterFields([...brosses, ["intent", "save"]])));
    expect([again.status, again.value.message]).toEqual([
      409,
      "Cette lettre est déjà partie : elle ne peut plus être modifiée.",
    ]);
  });

  it("« Lettres à imprimer »: one page per gardener without an address, the same text; another letter has none", async () => {
    const r = await register();
    const saved = await post(
      "nouvelle",
      letterFields([
        ["gardeners", "jardins"],
        ["siteIds", String(r.brosses.id)],
        ["intent", "save"],
      ]),
      "?jardiniers",
    );
    const id = /lettre\/(\d+)/.exec(location(saved)!)![1]!;
    const print = await printLoader(
      routeArgs(new Request(`http://localhost:3000/admin/lettre/${id}/imprimer`), { params: { id } }),
    );
    expect(print.recipients.map((g) => [g.name, g.address, g.bounced])).toEqual([
      ["Josiane Martin", "41 rue Francis-de-Pressensé", false],
    ]);
    expect(print.html).toContain("L'eau sera coupée samedi de 8h à 12h pour réparer la vanne.");
    expect(print.recipients[0]!.note).toMatch(/^Vous recevez cette lettre sur papier en tant que jardinier/);
    expect(print.letter).toMatchObject({ subject: "Coupure d'eau samedi matin", draft: true });
    const [other] = await getDb()
      .insert(newsletterLetters)
      .values({ subject: "Aux abonnés", message: "<p>Bonjour</p>", createdBy: "marie" })
      .returning();
    const elsewhere = await printLoader(
      routeArgs(new Request(`http://localhost:3000/admin/lettre/${other!.id}/imprimer`), {
        params: { id: String(other!.id) },
      }),
    ).catch((response: Response) => response);
    expect([(elsewhere as Response).status, (elsewhere as Response).headers.get("Location")]).toEqual([
      302,
      `/admin/lettre/${other!.id}`,
    ]);
  });

  it("the opt-out link: a button first (a GET changes nothing), then the one click; the bureau sees it and can undo it", async () => {
    const r = await register();
    const token = lettersOptOutToken(r.camille);
    const page = await optOutPage(
      routeArgs(new Request(`http://localhost:3000/lettre/jardinier/${token}`), { params: { token } }),
    );
    expect(page).toEqual({ known: true, done: false });
    const [untouched] = await getDb().select().from(gardeners).where(eq(gardeners.id, r.camille.id));
    expect(untouched!.lettersOptOutAt).toBeNull();
    const clicked = await optOut(
      routeArgs(formPost(`/lettre/jardinier/${token}`, { "List-Unsubscribe": "One-Click" }), { params: { token } }),
    );
    expect(clicked).toEqual({ known: true, done: true });
    const forged = await optOut(
      routeArgs(formPost(`/lettre/jardinier/1-${"a".repeat(43)}`, {}), { params: { token: `1-${"a".repeat(43)}` } }),
    );
    expect(forged).toEqual({ known: false, done: false });

    const record = (await gardenerLoader(
      routeArgs(new Request(`http://localhost:3000/admin/jardiniers/${r.camille.id}`), {
        params: { id: String(r.camille.id) },
        admin: marie,
      }),
    )) as { gardener: { letters: { optedOut: boolean; how: string } } };
    expect(record.gardener.letters).toMatchObject({ optedOut: true, how: "en un clic depuis sa messagerie" });
    const undo = await gardenerAction(
      routeArgs(formPost(`/admin/jardiniers/${r.camille.id}`, { intent: "letters-in" }), {
        params: { id: String(r.camille.id) },
        admin: marie,
      }),
    );
    expect(undo).toMatchObject({
      ok: true,
      message: "C'est noté : les lettres d'information aux jardiniers lui parviendront de nouveau.",
    });
    const entries = await getDb().select().from(history);
    expect(entries.map((e) => [e.kind, e.target, e.detail])).toEqual([
      ["jardinier.lettres", `jardinier n° ${r.camille.id}`, "reçoit de nouveau les lettres d'information"],
    ]);
    // The treasurer reads the record, and cannot change it.
    const treasurer = await gardenerAction(
      routeArgs(formPost(`/admin/jardiniers/${r.camille.id}`, { intent: "letters-out" }), {
        params: { id: String(r.camille.id) },
        admin: { ...marie, role: "tresorier" },
      }),
    ).catch((error: { init?: { status?: number } }) => error);
    expect((treasurer as { init: { status: number } }).init.status).toBe(403);
  });
});
