import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import {
  annonces,
  applications,
  contactMessages,
  eventRegistrations,
  history,
  outbox,
  treasuryAccounts,
  treasuryBudgetLines,
  treasuryDeposits,
  treasuryEntries,
  treasuryReceipts,
  helloassoNotifications,
  onlinePayments,
} from "~/db/schema";
import { countValidatedAds, latestValidatedAds, listPublicAds } from "~/modules/ads/ads.server";
import { updateContent } from "~/modules/content/content.server";
import { recordHistory } from "~/modules/history/history.server";
import { describeEachDatabase } from "../../../tests/db";
import {
  insertAd,
  insertApplication,
  insertContactMessage,
  insertContent,
  insertEvent,
} from "../../../tests/factories";
import { applyRetention } from "./retention.server";

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
const names = async (table: typeof annonces | typeof applications | typeof contactMessages) =>
  (await getDb().select().from(table)).map((row) => ("nom" in row ? row.nom : row.subject)).sort();

describeEachDatabase("retention", () => {
  it("deletes what is older than the defaults, keeps the rest", async () => {
    await insertApplication({
      nom: "archivée il y a 25 mois",
      archived: true,
      processed: true,
      archivedDate: daysAgo(25 * 31),
    });
    await insertApplication({
      nom: "archivée il y a 23 mois",
      archived: true,
      processed: true,
      archivedDate: daysAgo(23 * 30),
    });
    await insertApplication({ nom: "active depuis 3 ans", date: daysAgo(3 * 365) });
    await insertContactMessage({ subject: "13 mois", createdAt: daysAgo(13 * 31) });
    await insertContactMessage({ subject: "11 mois", createdAt: daysAgo(11 * 30) });
    await insertAd({ nom: "en attente depuis 61 jours", createdAt: daysAgo(61) });
    await insertAd({ nom: "en attente depuis 59 jours", createdAt: daysAgo(59) });
    await insertAd({ nom: "validée il y a 5 mois", statut: "validé", isValidated: true, validatedAt: daysAgo(150) });
    await insertAd({ nom: "validée il y a 7 mois", statut: "validé", isValidated: true, validatedAt: daysAgo(7 * 30) });
    await insertAd({ nom: "validée il y a 8 mois", statut: "validé", isValidated: true, validatedAt: daysAgo(8 * 31) });
    await recordHistory(getDb(), { id: null, username: "marie" }, { kind: "connexion" }, daysAgo(25 * 31));
    await recordHistory(getDb(), { id: null, username: "marie" }, { kind: "connexion" }, daysAgo(1));

    // Expired ads leave the site at once: the public list, the home page and the count.
    expect((await listPublicAds()).map((ad) => ad.nom)).toEqual(["validée il y a 5 mois"]);
    expect((await latestValidatedAds(5)).map((ad) => ad.nom)).toEqual(["validée il y a 5 mois"]);
    expect(await countValidatedAds()).toBe(1);

    expect(await applyRetention()).toMatchObject({
      archivedApplications: 1,
      contactMessages: 1,
      pendingAds: 1,
      expiredAds: 1,
      history: 1,
    });
    expect(await names(applications)).toEqual(["active depuis 3 ans", "archivée il y a 23 mois"]);
    expect(await names(contactMessages)).toEqual(["11 mois"]);
    // Hidden for 30 days before it is deleted.
    expect(await names(annonces)).toEqual([
      "en attente depuis 59 jours",
      "validée il y a 5 mois",
      "validée il y a 7 mois",
    ]);
    expect(await getDb().select().from(history)).toHaveLength(1);
    expect(await applyRetention()).toMatchObject({
      archivedApplications: 0,
      contactMessages: 0,
      pendingAds: 0,
      expiredAds: 0,
      history: 0,
    });
  });

  it("follows the association's settings", async () => {
    const content = await insertContent();
    await updateContent(content.id, { retentionContactMessagesMonths: 1, retentionValidatedAdsMonths: 12 });
    await insertContactMessage({ subject: "40 jours", createdAt: daysAgo(40) });
    await insertAd({ nom: "validée il y a 8 mois", statut: "validé", isValidated: true, validatedAt: daysAgo(8 * 31) });
    expect((await listPublicAds()).map((ad) => ad.nom)).toEqual(["validée il y a 8 mois"]);
    expect(await applyRetention()).toMatchObject({ contactMessages: 1, expiredAds: 0 });
  });

  it("keeps sent and abandoned e-mails 30 days by default, as set, and a waiting one whatever its age", async () => {
    const mail = (subject: string, fields: Partial<typeof outbox.$inferInsert>) =>
      getDb()
        .insert(outbox)
        .values({ to: "ines@example.fr", subject, text: "", ...fields });
    await mail("envoyé il y a 31 jours", { status: "sent", createdAt: daysAgo(31), sentAt: daysAgo(31) });
    await mail("envoyé il y a 29 jours", { status: "sent", createdAt: daysAgo(29), sentAt: daysAgo(29) });
    await mail("abandonné il y a 31 jours", { status: "failed", createdAt: daysAgo(31), text: "corps" });
    await mail("en attente depuis 40 jours", { status: "pending", createdAt: daysAgo(40), text: "corps" });
    expect(await applyRetention()).toMatchObject({ mails: 2 });
    const subjects = async () => (await getDb().select().from(outbox)).map((row) => row.subject).sort();
    expect(await subjects()).toEqual(["en attente depuis 40 jours", "envoyé il y a 29 jours"]);

    const content = await insertContent();
    await updateContent(content.id, { retentionSentMailDays: 7 });
    expect(await applyRetention()).toMatchObject({ mails: 1 });
    expect(await subjects()).toEqual(["en attente depuis 40 jours"]);
  });

  it("deletes an event's sign-ups 3 months after it by default, as set, and a bounced letter message after 30 days", async () => {
    const signUp = async (title: string, start: Date) => {
      const event = await insertEvent({ title, start, signupsOpen: true });
      await getDb().insert(eventRegistrations).values({
        eventId: event!.id,
        name: "Inès",
        email: "ines@example.fr",
        status: "inscrit",
        cancelKey: title,
        cancelTokenHash: title,
      });
    };
    await signUp("il y a 4 mois", daysAgo(4 * 31));
    await signUp("il y a 2 mois", daysAgo(2 * 30));
    await signUp("dans une semaine", daysAgo(-7));
    await getDb()
      .insert(outbox)
      .values({
        to: "ines@example.fr",
        subject: "Lettre refusée",
        text: "",
        status: "bounced",
        createdAt: daysAgo(31),
      });
    expect(await applyRetention()).toMatchObject({ eventRegistrations: 1, mails: 1 });
    expect(await getDb().select().from(eventRegistrations)).toHaveLength(2);

    const content = await insertContent();
    await updateContent(content.id, { retentionEventRegistrationsMonths: 1 });
    expect(await applyRetention()).toMatchObject({ eventRegistrations: 1 });
    expect((await getDb().select().from(eventRegistrations)).map((r) => r.cancelKey)).toEqual(["dans une semaine"]);
  });

  it("keeps the book ten years after each financial year, then deletes its entries, receipts, deposits and budgets", async () => {
    const db = getDb();
    const now = new Date("2026-06-01T10:00:00Z");
    await db.update(treasuryAccounts).set({ openingYear: 2010 });
    const entry = (year: number, depositId: number | null = null) => ({
      year,
      date: `${year}-12-31`,
      label: `Cotisations ${year}`,
      amountCents: 5500,
      direction: "recette" as const,
      accountId: 1,
      categoryId: 1,
      means: "cheque" as const,
      attachmentHash: "0".repeat(32),
      attachmentFormat: "pdf" as const,
      depositId,
    });
    const [old, kept] = await db
      .insert(treasuryDeposits)
      .values([
        { accountId: 1, depositedOn: "2015-12-31" },
        { accountId: 1, depositedOn: "2016-01-05" },
      ])
      .returning();
    const entries = await db
      .insert(treasuryEntries)
      .values([entry(2015, old!.id), entry(2016, kept!.id)])
      .returning();
    await db.insert(treasuryReceipts).values([
      { year: 2015, number: 1, entryId: entries[0]!.id, amountCents: 5500 },
      { year: 2016, number: 1, entryId: entries[1]!.id, amountCents: 5500 },
    ]);
    await db.insert(treasuryBudgetLines).values([
      { year: 2015, categoryId: 1, amountCents: 100 },
      { year: 2016, categoryId: 1, amountCents: 100 },
    ]);
    const online = (year: number) => ({
      environment: "production",
      checkoutIntentId: year,
      amountCents: 5500,
      itemName: `Cotisation ${year}`,
      createdAt: new Date(`${year}-12-20T10:00:00Z`),
    });
    await db.insert(onlinePayments).values([online(2015), online(2016)]);
    await db.insert(helloassoNotifications).values([
      { receivedAt: new Date("2015-12-20T10:00:00Z"), outcome: "paiement enregistré" },
      { receivedAt: new Date("2016-12-20T10:00:00Z"), outcome: "paiement enregistré" },
    ]);
    // 2015 ended more than ten years ago; 2016 is kept until the end of 2026.
    expect(await applyRetention(now)).toMatchObject({
      bookEntries: 1,
      receipts: 1,
      deposits: 1,
      budgetLines: 1,
      onlinePayments: 1,
      helloassoNotifications: 1,
    });
    expect((await db.select().from(onlinePayments)).map((p) => p.itemName)).toEqual(["Cotisation 2016"]);
    expect((await db.select().from(treasuryEntries)).map((e) => e.year)).toEqual([2016]);
    expect((await db.select().from(treasuryReceipts)).map((r) => r.year)).toEqual([2016]);
    expect((await db.select().from(treasuryDeposits)).map((d) => d.id)).toEqual([kept!.id]);
    expect((await db.select().from(treasuryBudgetLines)).map((b) => b.year)).toEqual([2016]);
  });
});
