import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import {
  blogPosts,
  events,
  feeCalls,
  gardenerFees,
  gardenerPayments,
  history,
  inspectionMarks,
  inspectionRounds,
  outbox,
  treasuryAccounts,
  treasuryEntries,
} from "~/db/schema";
import { parisToday, parisYear } from "~/lib/paris-time";
import { countFailedMails, enqueueMail } from "~/modules/mail/outbox.server";
import { describeEachDatabase } from "../../../tests/db";
import {
  insertBlogPost,
  insertContactMessage,
  insertContent,
  insertEvent,
  insertGardener,
  insertPlot,
  insertSite,
} from "../../../tests/factories";
import { answered, routeArgs } from "../../../tests/routes";
import { action, loader } from "./dashboard";
import type { Route } from "./+types/dashboard";
import type { Role } from "~/modules/auth/roles";

/** The dashboard's loader as an account of `role` opens it (a referent's, looking after `siteIds`). */
const signedIn = (role: Role = "administrateur", siteIds: number[] = []) =>
  routeArgs(new Request("http://localhost:3000/admin"), {
    admin: { id: 1, username: "marie", role, siteIds },
  }) as Route.LoaderArgs;

async function failedMail(to: string) {
  const { id } = await enqueueMail(getDb(), { to, subject: "Nouvelle demande", text: "Bonjour" });
  await getDb()
    .update(outbox)
    .set({ status: "failed", attempts: 6, lastError: "connexion refusée" })
    .where(eq(outbox.id, id));
}

function post(fields: Record<string, string>) {
  const request = new Request("http://localhost:3000/admin", { method: "POST", body: new URLSearchParams(fields) });
  return action(
    routeArgs(request, { admin: { id: null as unknown as number, username: "marie" } }) as Route.ActionArgs,
  );
}

describeEachDatabase("admin dashboard", () => {
  it("counts the e-mails given up after every retry", async () => {
    await failedMail("bureau@jardins.example");
    await failedMail("karim@example.org");
    await enqueueMail(getDb(), { to: "camille@example.org", subject: "En attente", text: "Bonjour" });
    const data = await loader(signedIn());
    expect(data.failedMails).toBe(2);
  });

  it("counts apart the e-mails refused later by the recipient's server, which are not sent again", async () => {
    await failedMail("bureau@jardins.example");
    const { id } = await enqueueMail(getDb(), { to: "inconnu@example.org", subject: "Votre demande", text: "Bonjour" });
    await getDb().update(outbox).set({ status: "bounced", text: "" }).where(eq(outbox.id, id));
    expect(await loader(signedIn())).toMatchObject({ failedMails: 1, bouncedMails: 1 });
    expect(await post({ intent: "retryFailedMails" })).toMatchObject({
      message: "1 e-mail remis dans la file d'envoi.",
    });
    expect(await loader(signedIn())).toMatchObject({ failedMails: 0, bouncedMails: 1 });
  });

  it("puts failed e-mails back in the queue and says how many", async () => {
    await failedMail("bureau@jardins.example");
    await failedMail("karim@example.org");
    expect(await post({ intent: "retryFailedMails" })).toEqual({
      ok: true,
      message: "2 e-mails remis dans la file d'envoi.",
    });
    expect(await countFailedMails()).toBe(0);
    const rows = await getDb().select().from(outbox);
    expect(rows.map((r) => [r.status, r.attempts, r.lastError])).toEqual([
      ["pending", 0, null],
      ["pending", 0, null],
    ]);
  });

  it("refuses an unknown action with 400 and changes nothing", async () => {
    await failedMail("bureau@jardins.example");
    const result = (await post({ intent: "deleteEverything" })) as unknown as { init: ResponseInit; data: unknown };
    expect(result.init.status).toBe(400);
    expect(result.data).toEqual({ ok: false, message: "Action inconnue." });
    expect(await countFailedMails()).toBe(1);
  });

  it("counts the register's plots once it has any, the year's fees paid, and the gardeners warned twice", async () => {
    await insertContent({ parcellesOccupees: 79, parcellesTotal: 84 });
    const site = await insertSite();
    const taken = await insertPlot(site.id, 1, { state: "attribuee" });
    await insertPlot(site.id, 2);
    await insertPlot(site.id, 3, { state: "reservee" });
    const gardener = await insertGardener({ name: "Dominique Girard" });
    const year = parisYear();
    const [paid] = await getDb()
      .insert(gardenerFees)
      .values([
        { gardenerId: gardener.id, year, amountCents: 4500, dueOn: `${year}-01-31` },
        { gardenerId: (await insertGardener()).id, year, amountCents: 4500, dueOn: `${year}-01-31` },
      ])
      .returning();
    await getDb()
      .insert(gardenerPayments)
      .values({
        gardenerId: gardener.id,
        kind: "cotisation",
        year,
        amountCents: 4500,
        paidOn: `${year}-01-15`,
        feeId: paid!.id,
      });
    await getDb().insert(feeCalls).values({ year, smallCents: 1, mediumCents: 1, largeCents: 1, calledBy: "Bureau" });
    // Two rounds, today and a month ago.
    for (const date of [parisToday(), parisToday(new Date(Date.now() - 30 * 86_400_000))]) {
      const [round] = await getDb()
        .insert(inspectionRounds)
        .values({ siteId: site.id, date, inspector: "Bureau" })
        .returning();
      await getDb().insert(inspectionMarks).values({
        roundId: round!.id,
        plotId: taken.id,
        gardenerId: gardener.id,
        result: "avertissement",
        note: "Herbes",
      });
    }
    const data = await loader(signedIn());
    expect(data.counts).toMatchObject({
      plotsOccupied: 2,
      plotsTotal: 3,
      feesPaid: 1,
      feesCalled: 2,
      feeYear: year,
      feesOwed: "90,00\u00a0€",
      feesReceived: "45,00\u00a0€",
      feesRemaining: "45,00\u00a0€",
    });
    expect(data.exclusions).toEqual([{ id: gardener.id, name: "Dominique Girard", warnings: 2 }]);
    // Next year's call made in the autumn: the dashboard follows it.
    await getDb()
      .insert(feeCalls)
      .values({ year: year + 1, smallCents: 1, mediumCents: 1, largeCents: 1, calledBy: "Bureau" });
    await getDb()
      .insert(gardenerFees)
      .values({ gardenerId: gardener.id, year: year + 1, amountCents: 1, dueOn: `${year + 1}-01-31` });
    expect((await loader(signedIn())).counts).toMatchObject({ feesPaid: 0, feesCalled: 1, feeYear: year + 1 });
  });

  it("gives a site's referent the plots of their sites only, none when their sites have none", async () => {
    await insertContent({ parcellesOccupees: 79, parcellesTotal: 84 });
    const brosses = await insertSite({ name: "Les Brosses" });
    const thibaude = await insertSite({ name: "La Thibaude" });
    const empty = await insertSite({ name: "Le Verger" });
    await insertPlot(brosses.id, 1, { state: "attribuee" });
    await insertPlot(brosses.id, 2);
    for (const number of [1, 2, 3]) await insertPlot(thibaude.id, number, { state: "attribuee" });
    expect((await loader(signedIn())).counts).toMatchObject({
      plotsOccupied: 4,
      plotsTotal: 5,
      plotsOfOwnSites: false,
    });
    expect((await loader(signedIn("referent", [brosses.id]))).counts).toMatchObject({
      plotsOccupied: 1,
      plotsTotal: 2,
      plotsOfOwnSites: true,
    });
    // Not the association's public figures: a referent's own sites, empty.
    expect((await loader(signedIn("referent", [empty.id]))).counts).toMatchObject({ plotsOccupied: 0, plotsTotal: 0 });
  });

  it("gives the treasurer the accounts' balance today and the cheques waiting to be deposited", async () => {
    const year = parisYear();
    await getDb().update(treasuryAccounts).set({ openingCents: 120000 }).where(eq(treasuryAccounts.id, 1));
    const entry = { year, date: `${year}-01-10`, label: "Cotisation", amountCents: 4500, accountId: 1, categoryId: 1 };
    await getDb()
      .insert(treasuryEntries)
      .values([
        { ...entry, direction: "recette", means: "cheque" },
        { ...entry, direction: "recette", means: "cheque" },
        { ...entry, direction: "depense", means: "carte", amountCents: 1990 },
        { ...entry, direction: "virement", means: "especes", categoryId: null, accountId: 1, toAccountId: 2 },
      ]);
    const treasurer = await loader(signedIn("tresorier"));
    // 1 200 + 45 + 45 − 19,90: the transfer stays within the association.
    expect(treasurer.counts).toMatchObject({ treasuryCents: 120000 + 4500 + 4500 - 1990, chequesToDeposit: 2 });
  });

  it("shows the plots, the latest 5 messages, the next 3 events soonest first, in French dates", async () => {
    await insertContent({ parcellesOccupees: 79, parcellesTotal: 84 });
    for (let i = 1; i <= 6; i++)
      await insertContactMessage({ subject: `Message ${i}`, createdAt: new Date(Date.UTC(2026, 10, i, 9)) });
    const soon = Date.now() + 86_400_000;
    await insertEvent({ title: "Plus tard", start: new Date(soon + 3 * 86_400_000) });
    await insertEvent({ title: "Bientôt", start: new Date(soon) });
    await insertEvent({ title: "Ensuite", start: new Date(soon + 86_400_000) });
    await insertEvent({ title: "Bien plus tard", start: new Date(soon + 9 * 86_400_000) });
    await insertEvent({ title: "Passé", start: new Date(Date.now() - 86_400_000) });
    const data = await loader(signedIn());
    expect(data.counts).toMatchObject({ plotsOccupied: 79, plotsTotal: 84 });
    expect(data.messages.map((m) => m.subject)).toEqual([
      "Message 6",
      "Message 5",
      "Message 4",
      "Message 3",
      "Message 2",
    ]);
    expect(data.events.map((e) => e.title)).toEqual(["Bientôt", "Ensuite", "Plus tard"]);
    expect(data.events[0].details).toMatch(/^le \d{1,2}(?:er)? [a-zéû]+ \d{4} à \d{2}h\d{2}$/);
  });

  it("removes the demo's rows only, after saying how many there are", async () => {
    await insertBlogPost({ title: "Article de démonstration", isDemo: true });
    await insertEvent({ title: "Événement de démonstration", isDemo: true });
    await insertBlogPost({ title: "Article du bureau" });
    expect((await loader(signedIn())).demoRows).toBe(2);
    expect(await post({ intent: "removeDemoContent" })).toEqual({
      ok: true,
      message: "2 éléments de démonstration retirés.",
    });
    expect((await getDb().select().from(history)).map((e) => [e.actor, e.kind, e.detail])).toEqual([
      ["marie", "demo.retrait", "2 éléments"],
    ]);
    expect((await getDb().select().from(blogPosts)).map((p) => p.title)).toEqual(["Article du bureau"]);
    expect(await getDb().select().from(events)).toEqual([]);
    expect((await loader(signedIn())).demoRows).toBe(0);
  });

  it("answers a test e-mail written to a file, with no SMTP server set, with where it is, not with an error", async () => {
    const answer = await post({ intent: "testMail", to: "bureau@jardins.example" });
    expect(answer).toMatchObject({ ok: false, testMail: true });
    expect((answer as { message: string }).message).toMatch(
      /^Aucun serveur SMTP n'est réglé \(SMTP_URL\) : le message n'est pas parti, il a été écrit dans .*-test\.eml\.$/,
    );
  });

  it("refuses a test e-mail to an address that is not one, and an unknown intent", async () => {
    expect(answered(await post({ intent: "testMail", to: "bureau@" }))).toMatchObject({
      status: 400,
      value: { message: "Adresse e-mail invalide." },
    });
    expect(answered(await post({ intent: "sendEverything" }))).toMatchObject({
      status: 400,
      value: { message: "Action inconnue." },
    });
  });

  it("shows each role only its own parts: no messages or mail to a writer, no posts to a treasurer", async () => {
    await insertContactMessage({ subject: "Une question sur les parcelles" });
    await insertEvent({ title: "Troc de graines", start: new Date(Date.now() + 86_400_000) });
    await failedMail("karim@example.org");
    const writer = await loader(signedIn("redacteur"));
    expect(writer.events.map((e) => e.title)).toEqual(["Troc de graines"]);
    expect(writer.messages).toEqual([]);
    expect(writer.failedMails).toBe(0);
    expect(writer.mail).toBeNull();
    expect(writer.shows).toEqual({ writing: true, register: false, fees: false, administration: false });
    const treasurer = await loader(signedIn("tresorier"));
    expect(treasurer.events).toEqual([]);
    expect(treasurer.messages).toEqual([]);
    expect(treasurer.shows).toEqual({ writing: false, register: false, fees: true, administration: false });
    const administrator = await loader(signedIn());
    expect(administrator.messages.map((m) => m.subject)).toEqual(["Une question sur les parcelles"]);
    expect(administrator.failedMails).toBe(1);
  });
});
