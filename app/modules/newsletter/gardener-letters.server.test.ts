import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it, onTestFinished } from "vitest";
import { getDb } from "~/db/client.server";
import { gardenerFees, gardenerPayments, gardeners, letterPaperRecipients, outbox, plotHoldings } from "~/db/schema";
import { env } from "~/server/env.server";
import { describeEachDatabase } from "../../../tests/db";
import { startFakeSmtp, type FakeSmtp, type ReceivedMail } from "../../../tests/fakes/smtp";
import { insertContent, insertGardener, insertPlot, insertSite } from "../../../tests/factories";
import { createMailWorker } from "~/modules/mail/mail-worker.server";
import { erasePersonalData } from "~/modules/personal-data/personal-data.server";
import {
  groupDescription,
  lettersOptOutToken,
  optOutByToken,
  setLettersOptOut,
} from "~/modules/register/gardener-letters.server";
import {
  bodyOf,
  createLetter,
  gardenerFigures,
  getLetter,
  letterDelivery,
  NO_GARDENER_MESSAGE,
  paperRecipients,
  queueLetter,
  sendTestLetter,
} from "./letters.server";
import type { LetterDraft } from "./letters.schema";

let smtp: FakeSmtp;
beforeAll(async () => {
  smtp = await startFakeSmtp();
});
afterAll(async () => {
  await smtp.stop();
});
beforeEach(() => {
  smtp.messages.length = 0;
  smtp.refusals.clear();
});

function worker() {
  const w = createMailWorker({
    smtpUrl: smtp.url,
    // Ahead of the database's clock: the messages queued at its now() are due.
    now: () => new Date(Date.now() + 60_000),
    ratePerHour: 0,
    letters: letterDelivery(),
    maxPerRun: 500,
  });
  onTestFinished(() => w.stop());
  return w;
}

const waterCut: LetterDraft = {
  audience: "jardiniers",
  source: "libre",
  sourceId: null,
  eventId: null,
  subject: "Coupure d'eau samedi au Jardin des Brosses",
  message: "<p>L'eau sera coupée samedi de 8h à 12h pour réparer la vanne. Remplissez vos arrosoirs vendredi.</p>",
  gardeners: "actuels",
  siteIds: [],
  plotIds: [],
  feeYear: null,
  nature: "information",
};

async function queued(draft: Partial<LetterDraft>) {
  const letter = await createLetter({ ...waterCut, ...draft }, "Hervé Dubois");
  const body = await bodyOf(letter);
  return getDb().transaction((tx) => queueLetter(letter, body, tx));
}

const addressesQueued = async () => (await getDb().select().from(outbox)).map((row) => row.to).sort();

function header(raw: string, name: string) {
  const match = new RegExp(`^${name}:(.*(?:\\r\\n[ \\t].*)*)`, "mi").exec(raw);
  return match?.[1]?.replace(/\r\n[ \t]/g, " ").trim();
}

const readable = (mail: ReceivedMail) =>
  mail.raw
    .replace(/=\r\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => `%${hex}`)
    .replace(/(%[0-9A-F]{2})+/g, (bytes) => {
      try {
        return decodeURIComponent(bytes);
      } catch {
        return bytes;
      }
    });

async function hold(gardenerId: number, plotId: number, endDate: string | null = null) {
  await getDb().insert(plotHoldings).values({ gardenerId, plotId, startDate: "2024-03-01", endDate });
}

/**
 * Two sites: the Brosses (plots 12, 14, 15) and the Thibaude (plot 3). Camille holds 12 and 14, Karim 15 and the
 * Thibaude's 3, Josiane (no address) the Thibaude's… none, Lucien left (his plot 15 before Karim), Inès holds nothing.
 */
async function register() {
  const brosses = await insertSite({ name: "Jardin des Brosses" });
  const thibaude = await insertSite({ name: "Jardin de la Thibaude" });
  const [p12, p14, p15, p3] = [
    await insertPlot(brosses.id, 12),
    await insertPlot(brosses.id, 14),
    await insertPlot(brosses.id, 15),
    await insertPlot(thibaude.id, 3),
  ];
  const camille = await insertGardener({ name: "Camille Roux", email: "camille@example.org" });
  const karim = await insertGardener({ name: "Karim Benali", email: "Karim@Example.org " });
  const josiane = await insertGardener({ name: "Josiane Martin", email: "", address: "41 rue Francis-de-Pressensé" });
  const lucien = await insertGardener({ name: "Lucien Moreau", email: "lucien@example.org", endDate: "2025-10-31" });
  const ines = await insertGardener({ name: "Inès Garnier", email: "ines@example.org" });
  await hold(camille.id, p12!.id);
  await hold(camille.id, p14!.id);
  await hold(karim.id, p15!.id);
  await hold(karim.id, p3!.id);
  await hold(josiane.id, p3!.id, "2025-01-01");
  await hold(lucien.id, p15!.id, "2025-10-31");
  return { brosses, thibaude, p12: p12!, p14: p14!, p15: p15!, p3: p3!, camille, karim, josiane, lucien, ines };
}

describeEachDatabase("letters to gardeners", () => {
  it("resolves each audience to current gardeners, one message per address however many plots or records share it", async () => {
    const r = await register();
    // Josiane's plot at the Brosses, so that a site has a gardener without an address.
    const p16 = await insertPlot(r.brosses.id, 16);
    await hold(r.josiane.id, p16.id);
    const all = await queued({});
    expect(all.total).toBe(3);
    expect(await addressesQueued()).toEqual(["camille@example.org", "ines@example.org", "karim@example.org"]);
    expect(all).toMatchObject({ gardenerCount: 4, withoutEmail: 1, optedOut: 0, paper: 1 });
    expect(all.audienceLabel).toBe("aux jardiniers actuels");

    await getDb().delete(outbox);
    const brosses = await queued({ gardeners: "jardins", siteIds: [r.brosses.id] });
    expect(await addressesQueued()).toEqual(["camille@example.org", "karim@example.org"]);
    expect(brosses).toMatchObject({ total: 2, gardenerCount: 3, withoutEmail: 1, paper: 1 });
    expect(brosses.audienceLabel).toBe("aux jardiniers du Jardin des Brosses");
    expect((await paperRecipients(brosses)).map((g) => g.name)).toEqual(["Josiane Martin"]);

    await getDb().delete(outbox);
    const thibaude = await queued({ gardeners: "jardins", siteIds: [r.thibaude.id, r.brosses.id] });
    expect(thibaude.audienceLabel).toBe("aux jardiniers du Jardin de la Thibaude et du Jardin des Brosses");

    await getDb().delete(outbox);
    const plots = await queued({ gardeners: "parcelles", plotIds: [r.p12.id, r.p14.id] });
    expect(await addressesQueued()).toEqual(["camille@example.org"]);
    expect(plots.audienceLabel).toBe("aux titulaires des parcelles 12 et 14 du Jardin des Brosses");
    expect(await groupDescription({ kind: "parcelles", plotIds: [r.p3.id], siteIds: [], feeYear: null })).toBe(
      "au titulaire de la parcelle 3 du Jardin de la Thibaude",
    );
  });

  it("« Cotisation non soldée »: a fee with something left to pay, not one paid, waived or cancelled", async () => {
    const r = await register();
    const fee = async (gardenerId: number, values: Partial<typeof gardenerFees.$inferInsert> = {}, paid = 0) => {
      const [row] = await getDb()
        .insert(gardenerFees)
        .values({ gardenerId, year: 2026, amountCents: 4500, dueOn: "2026-03-01", ...values })
        .returning();
      if (paid)
        await getDb()
          .insert(gardenerPayments)
          .values({ gardenerId, kind: "cotisation", year: 2026, amountCents: paid, feeId: row!.id });
    };
    await fee(r.camille.id, {}, 2000); // partly paid: owes 25 €
    await fee(r.karim.id, {}, 4500); // paid
    await fee(r.ines.id, { status: "waived", waivedCents: 4500 }); // waived
    await fee(r.josiane.id); // owes, no address: on paper
    await fee(r.lucien.id); // owes, but left: no longer a member
    const letter = await queued({ gardeners: "cotisation", feeYear: 2026, nature: "service" });
    expect(await addressesQueued()).toEqual(["camille@example.org"]);
    expect(letter).toMatchObject({ gardenerCount: 2, withoutEmail: 1, paper: 1 });
    expect(letter.audienceLabel).toBe("aux jardiniers dont la cotisation 2026 n'est pas soldée");
  });

  it("is a snapshot: a gardener arriving after the letter went gets nothing, on paper or by e-mail", async () => {
    const r = await register();
    const letter = await queued({ gardeners: "jardins", siteIds: [r.brosses.id] });
    const newcomer = await insertGardener({ name: "Hugo Petit", email: "hugo@example.org" });
    const paperOnly = await insertGardener({ name: "Odile Perrin", email: "" });
    const p20 = await insertPlot(r.brosses.id, 20);
    await hold(newcomer.id, p20.id);
    const p21 = await insertPlot(r.brosses.id, 21);
    await hold(paperOnly.id, p21.id);
    await worker().runOnce();
    expect(smtp.messages.flatMap((m) => m.to).sort()).toEqual(["camille@example.org", "karim@example.org"]);
    expect(await paperRecipients((await getLetter(letter.id))!)).toEqual([]);
    expect((await getLetter(letter.id))!).toMatchObject({ status: "envoyee", sent: 2, total: 2 });
  });

  it("says why the gardener gets it, with the association's address as Reply-To and a one-click opt-out for information", async () => {
    await insertContent({ nomAssociation: "Jardins de l'Est", email: "bureau@jardins-est.example" });
    const r = await register();
    const publicUrl = env.PUBLIC_URL;
    env.PUBLIC_URL = "https://jardins-est.example";
    onTestFinished(() => {
      env.PUBLIC_URL = publicUrl;
    });
    await queued({ gardeners: "parcelles", plotIds: [r.p12.id] });
    await worker().runOnce();
    const mail = smtp.messages[0]!;
    expect(mail.to).toEqual(["camille@example.org"]);
    expect(header(mail.raw, "Bcc")).toBeUndefined();
    expect(header(mail.raw, "Reply-To")).toBe("bureau@jardins-est.example");
    const link = `https://jardins-est.example/lettre/jardinier/${lettersOptOutToken(r.camille)}`;
    expect(header(mail.raw, "List-Unsubscribe")).toBe(`<${link}>`);
    expect(header(mail.raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    expect(header(mail.raw, "List-Id")).toBe("Lettres aux jardiniers <jardiniers.jardins-est.example>");
    const text = readable(mail);
    expect(text).toContain("Vous recevez ce message en tant que jardinier de l'association Jardins de l'Est.");
    expect(text).toContain(`Ne plus recevoir les lettres d'information aux jardiniers : ${link}`);
    expect(text).toContain("L'eau sera coupée samedi de 8h à 12h pour réparer la vanne.");
    // Nothing of the body stays in the outbox.
    expect((await getDb().select().from(outbox)).map((row) => [row.text, row.html])).toEqual([["", null]]);
  });

  it("a service message cannot be declined: no opt-out link nor header, and it reaches those who opted out", async () => {
    await insertContent({ nomAssociation: "Jardins de l'Est", email: "bureau@jardins-est.example" });
    const r = await register();
    await getDb().transaction((tx) => setLettersOptOut(r.camille.id, true, "marie", tx));
    const letter = await queued({ gardeners: "jardins", siteIds: [r.brosses.id], nature: "service" });
    expect(letter).toMatchObject({ total: 2, optedOut: 0 });
    await worker().runOnce();
    const mail = smtp.messages.find((m) => m.to[0] === "camille@example.org")!;
    expect(header(mail.raw, "List-Unsubscribe")).toBeUndefined();
    expect(header(mail.raw, "Reply-To")).toBe("bureau@jardins-est.example");
    const text = readable(mail);
    expect(text).toContain("Vous recevez ce message en tant que jardinier de l'association Jardins de l'Est.");
    expect(text).toContain("Il concerne votre parcelle ou votre adhésion");
    expect(text).not.toContain("/lettre/jardinier/");
  });

  it("respects an opt-out when queueing an information letter and again at each message's turn", async () => {
    const r = await register();
    await getDb().transaction((tx) => setLettersOptOut(r.ines.id, true, "marie", tx));
    expect(await gardenerFigures(waterCut)).toMatchObject({ gardeners: 4, optedOut: 1, emails: 2 });
    const letter = await queued({});
    expect(letter).toMatchObject({ total: 2, optedOut: 1 });
    expect(await addressesQueued()).toEqual(["camille@example.org", "karim@example.org"]);
    // Karim opts out by the link of an earlier letter before his turn: skipped.
    expect(await optOutByToken(lettersOptOutToken(r.karim), "un-clic")).toBeTruthy();
    expect(await worker().runOnce()).toMatchObject({ sent: 1, skipped: 1 });
    expect(smtp.messages.flatMap((m) => m.to)).toEqual(["camille@example.org"]);
    expect((await getLetter(letter.id))!).toMatchObject({ status: "envoyee", sent: 1, skipped: 1 });
    const [karim] = await getDb().select().from(gardeners).where(eq(gardeners.id, r.karim.id));
    expect(karim!.lettersOptOutHow).toBe("en un clic depuis sa messagerie");
    expect(karim!.lettersOptOutAt).toBeInstanceOf(Date);
  });

  it("an opt-out link works once and for the address: a forged or another record's token does nothing", async () => {
    const r = await register();
    const twin = await insertGardener({ name: "Paul Roux", email: "CAMILLE@example.org" });
    expect(await optOutByToken(`${r.camille.id}-${"x".repeat(43)}`, "lien")).toBeUndefined();
    expect(await optOutByToken(lettersOptOutToken({ ...r.camille, createdAt: new Date(0) }), "lien")).toBeUndefined();
    await optOutByToken(lettersOptOutToken(r.camille), "lien");
    const rows = await getDb().select().from(gardeners).orderBy(gardeners.id);
    expect(rows.filter((g) => g.lettersOptOutAt).map((g) => [g.name, g.lettersOptOutHow])).toEqual([
      ["Camille Roux", "par le lien d'une lettre"],
      ["Paul Roux", "par le lien d'une lettre"],
    ]);
    // Once recorded, a second click keeps its date and way.
    const first = rows.find((g) => g.id === twin.id)!.lettersOptOutAt;
    await optOutByToken(lettersOptOutToken(twin), "un-clic");
    const [again] = await getDb().select().from(gardeners).where(eq(gardeners.id, twin.id));
    expect([again!.lettersOptOutAt, again!.lettersOptOutHow]).toEqual([first, "par le lien d'une lettre"]);
  });

  it("only paper: sent at once, nothing in the outbox; nobody at all: refused and still a draft", async () => {
    const r = await register();
    const paper = await queued({ gardeners: "parcelles", plotIds: [r.p3.id, r.p12.id] });
    expect(paper.total).toBe(2);
    await getDb().update(gardeners).set({ email: "" });
    await getDb().delete(outbox);
    const onlyPaper = await queued({ gardeners: "parcelles", plotIds: [r.p12.id] });
    expect(onlyPaper).toMatchObject({ status: "envoyee", total: 0, paper: 1 });
    expect(await getDb().select().from(outbox)).toEqual([]);
    const nobody = await createLetter({ ...waterCut, gardeners: "jardins", siteIds: [] }, "Hervé Dubois");
    await expect(getDb().transaction(async (tx) => queueLetter(nobody, await bodyOf(nobody), tx))).rejects.toThrow(
      NO_GARDENER_MESSAGE,
    );
    expect((await getLetter(nobody.id))!.status).toBe("brouillon");
  });

  it("prints for those without an address and those whose address refused the letter, by family name", async () => {
    const r = await register();
    const p16 = await insertPlot(r.brosses.id, 16);
    await hold(r.josiane.id, p16.id);
    smtp.refusals.set("karim@example.org", 550);
    const letter = await queued({ gardeners: "jardins", siteIds: [r.brosses.id] });
    expect(await worker().runOnce()).toMatchObject({ sent: 1, bounced: 1 });
    const printed = await paperRecipients((await getLetter(letter.id))!);
    expect(printed.map((g) => [g.name, g.address, g.bounced])).toEqual([
      ["Josiane Martin", "41 rue Francis-de-Pressensé", false],
      ["Karim Benali", "", true],
    ]);
    expect((await getLetter(letter.id))!).toMatchObject({ status: "envoyee", sent: 1, bounced: 1 });
  });

  it("sends a test that says the recipients get it as gardeners, to the administrator alone", async () => {
    const r = await register();
    const letter = await createLetter({ ...waterCut, gardeners: "jardins", siteIds: [r.brosses.id] }, "Hervé");
    await sendTestLetter(letter, "marie@example.org");
    await worker().runOnce();
    expect(smtp.messages.flatMap((m) => m.to)).toEqual(["marie@example.org"]);
    expect(readable(smtp.messages[0]!)).toContain("en tant que jardinier, et le lien pour ne plus recevoir");
  });

  it("an erased person leaves the outbox (counted « non envoyé ») and an erased record the printed letters", async () => {
    const r = await register();
    const p16 = await insertPlot(r.brosses.id, 16);
    await hold(r.josiane.id, p16.id);
    const letter = await queued({ gardeners: "jardins", siteIds: [r.brosses.id] });
    await erasePersonalData({ id: null, username: "marie" }, "KARIM@example.org");
    expect(await addressesQueued()).toEqual(["camille@example.org"]);
    await getDb().delete(gardeners).where(eq(gardeners.id, r.josiane.id));
    expect(await getDb().select().from(letterPaperRecipients)).toEqual([]);
    await worker().runOnce();
    expect((await getLetter(letter.id))!).toMatchObject({ status: "envoyee", sent: 1, skipped: 1, total: 2 });
    expect(JSON.stringify(await getLetter(letter.id))).not.toMatch(/Karim|Josiane/);
  });
});
