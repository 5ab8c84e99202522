import { parisToday } from "~/lib/paris-time";
import { and, eq, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { getDb, readAll, type Executor } from "~/db/client.server";
import { annonces } from "~/modules/ads/ads.tables";
import { applications } from "~/modules/applications/applications.tables";
import { assemblies, assemblyMembers } from "~/modules/assembly/assembly.tables";
import { contactMessages } from "~/modules/contact/contact.tables";
import { events } from "~/modules/events/events.tables";
import { onlinePayments } from "~/modules/helloasso/helloasso.tables";
import { outbox } from "~/modules/mail/mail.tables";
import { newsletterSubscribers } from "~/modules/newsletter/newsletter.tables";
import {
  gardenerPayments,
  gardeners,
  gardenSites,
  inspectionMarks,
  inspectionRounds,
  plotHoldings,
  plots,
} from "~/modules/register/register.tables";
import { eventRegistrations } from "~/modules/registrations/registrations.tables";
import { bouncedCheques, treasuryEntries, treasuryReceipts } from "~/modules/treasury/treasury.tables";
import { releaseGardener } from "~/modules/register/allotment.server";
import { withHistory, type Actor } from "~/modules/history/history.server";
import { dropWaitingLetterMessages } from "~/modules/mail/outbox.server";
import { removeMailFilesTo } from "~/modules/mail/transports.server";
import { letterCounts } from "~/modules/newsletter/letters.server";
import { forgetRecipient } from "~/modules/rate-limits/recipients.server";
import { forgetPayer, removeReceiptFiles } from "~/modules/treasury/receipts.server";

/** Case and spaces do not make another person. */
const sameAddress = (column: PgColumn, email: string): SQL =>
  eq(sql`lower(trim(${column}))`, email.trim().toLowerCase());

const conditions = (email: string) => ({
  applications: sameAddress(applications.email, email),
  annonces: sameAddress(annonces.email, email),
  contactMessages: sameAddress(contactMessages.email, email),
  outbox: or(sameAddress(outbox.to, email), sameAddress(outbox.replyTo, email))!,
  newsletter: sameAddress(newsletterSubscribers.email, email),
  registrations: sameAddress(eventRegistrations.email, email),
  gardeners: sameAddress(gardeners.email, email),
});

/** A gardener's record with their plots, payments and inspection marks (the notes written about their plot). */
async function gardenerRecords(executor: Executor, where: SQL) {
  const found = await executor.select().from(gardeners).where(where).orderBy(gardeners.id);
  const records = [];
  // One gardener after the other: `executor` is often a transaction, whose connection takes one query at a time.
  for (const gardener of found)
    records.push({
      ...gardener,
      parcelles: await executor
        .select({
          site: gardenSites.name,
          number: plots.number,
          startDate: plotHoldings.startDate,
          endDate: plotHoldings.endDate,
        })
        .from(plotHoldings)
        .innerJoin(plots, eq(plots.id, plotHoldings.plotId))
        .innerJoin(gardenSites, eq(gardenSites.id, plots.siteId))
        .where(eq(plotHoldings.gardenerId, gardener.id)),
      paiements: await executor
        .select({
          kind: gardenerPayments.kind,
          year: gardenerPayments.year,
          amountCents: gardenerPayments.amountCents,
          paidOn: gardenerPayments.paidOn,
          means: gardenerPayments.means,
          reference: gardenerPayments.reference,
        })
        .from(gardenerPayments)
        .where(eq(gardenerPayments.gardenerId, gardener.id)),
      chequesImpayes: await executor
        .select({
          kind: bouncedCheques.kind,
          year: bouncedCheques.year,
          amountCents: bouncedCheques.amountCents,
          paidOn: bouncedCheques.paidOn,
          chequeNumber: bouncedCheques.chequeNumber,
          depositedOn: bouncedCheques.depositedOn,
          bouncedOn: bouncedCheques.bouncedOn,
          reason: bouncedCheques.reason,
        })
        .from(bouncedCheques)
        .where(eq(bouncedCheques.gardenerId, gardener.id)),
      // Fees paid, or started, online through HelloAsso (decision 032): never anything of the card.
      paiementsEnLigne: await executor
        .select({
          createdAt: onlinePayments.createdAt,
          itemName: onlinePayments.itemName,
          amountCents: onlinePayments.amountCents,
          state: onlinePayments.state,
          orderId: onlinePayments.orderId,
        })
        .from(onlinePayments)
        .where(eq(onlinePayments.gardenerId, gardener.id)),
      // The book's entries and receipts made out to them (decision 031).
      tresorerie: await executor
        .select({
          date: treasuryEntries.date,
          label: treasuryEntries.label,
          amountCents: treasuryEntries.amountCents,
          means: treasuryEntries.means,
          chequeNumber: treasuryEntries.chequeNumber,
          chequeBank: treasuryEntries.chequeBank,
        })
        .from(treasuryEntries)
        .where(eq(treasuryEntries.gardenerId, gardener.id)),
      recus: await executor
        .select({
          year: treasuryReceipts.year,
          number: treasuryReceipts.number,
          payerName: treasuryReceipts.payerName,
          amountCents: treasuryReceipts.amountCents,
          createdAt: treasuryReceipts.createdAt,
        })
        .from(treasuryReceipts)
        .where(eq(treasuryReceipts.gardenerId, gardener.id)),
      visites: await executor
        .select({
          date: inspectionRounds.date,
          result: inspectionMarks.result,
          note: inspectionMarks.note,
          // A warning withdrawn stays, with when and why: the person is owed that too.
          withdrawnAt: inspectionMarks.withdrawnAt,
          withdrawalReason: inspectionMarks.withdrawalReason,
        })
        .from(inspectionMarks)
        .innerJoin(inspectionRounds, eq(inspectionRounds.id, inspectionMarks.roundId))
        .where(eq(inspectionMarks.gardenerId, gardener.id)),
      // Their answers to the general assemblies' convocations (decision 030); the holder of a proxy by name only.
      assemblees: await executor
        .select({
          event: events.title,
          start: events.start,
          answer: assemblyMembers.answer,
          proxyHolder: sql<
            string | null
          >`(select h.name from assembly_members h where h.id = ${assemblyMembers.proxyHolderId})`,
          present: assemblyMembers.present,
        })
        .from(assemblyMembers)
        .innerJoin(assemblies, eq(assemblies.id, assemblyMembers.assemblyId))
        .innerJoin(events, eq(events.id, assemblies.eventId))
        .where(eq(assemblyMembers.gardenerId, gardener.id)),
    });
  return records;
}

/**
 * Everything stored about the person who used `email`: their applications, ads, messages, the e-mails sent, their
 * newsletter subscription with its consent (when, from which form, the wording shown), and their event sign-ups.
 */
export async function findPersonalData(email: string, executor: Executor = getDb()) {
  const where = conditions(email);
  const [
    foundApplications,
    foundAds,
    foundMessages,
    foundMails,
    foundSubscriptions,
    foundRegistrations,
    foundGardeners,
  ] = await readAll(executor, [
    () =>
      executor
        .select()
        .from(applications)
        .where(where.applications)
        .orderBy(applications.id)
        .then((rows) => rows.map(({ accessTokenHash: _link, ...row }) => row)),
    () => executor.select().from(annonces).where(where.annonces).orderBy(annonces.id),
    () => executor.select().from(contactMessages).where(where.contactMessages).orderBy(contactMessages.id),
    () => executor.select().from(outbox).where(where.outbox).orderBy(outbox.id),
    () =>
      executor
        .select()
        .from(newsletterSubscribers)
        .where(where.newsletter)
        .then((rows) =>
          rows.map(({ confirmTokenHash: _c, unsubscribeKey: _k, unsubscribeTokenHash: _u, ...row }) => row),
        ),
    () =>
      executor
        .select()
        .from(eventRegistrations)
        .where(where.registrations)
        .orderBy(eventRegistrations.id)
        .then((rows) => rows.map(({ cancelKey: _k, cancelTokenHash: _h, ...row }) => row)),
    () => gardenerRecords(executor, where.gardeners),
  ]);
  return {
    applications: foundApplications,
    annonces: foundAds,
    contactMessages: foundMessages,
    emails: foundMails,
    newsletter: foundSubscriptions,
    inscriptions: foundRegistrations,
    jardiniers: foundGardeners,
  };
}

export type PersonalData = Awaited<ReturnType<typeof findPersonalData>>;

/** "2 demandes, 1 annonce, 0 message, 3 e-mails": what an export or an erasure concerned, without the address. */
export function describeCounts(data: PersonalData) {
  const n = (count: number, one: string, many: string) => `${count} ${count > 1 ? many : one}`;
  return [
    n(data.applications.length, "demande", "demandes"),
    n(data.annonces.length, "annonce", "annonces"),
    n(data.contactMessages.length, "message", "messages"),
    n(data.emails.length, "e-mail", "e-mails"),
    n(data.newsletter.length, "inscription à la lettre", "inscriptions à la lettre"),
    n(data.inscriptions.length, "inscription à un événement", "inscriptions à des événements"),
    n(data.jardiniers.length, "fiche de jardinier", "fiches de jardinier"),
  ].join(", ");
}

/** The JSON file of an export (RGPD right of access), recorded in the history without the address. */
export async function exportPersonalData(actor: Actor, email: string) {
  return withHistory(
    actor,
    async (tx) => ({
      email: email.trim(),
      exportedAt: new Date().toISOString(),
      ...(await findPersonalData(email, tx)),
    }),
    (data) => ({ kind: "rgpd.export", detail: describeCounts(data) }),
  );
}

/**
 * Erases everything stored about `email` in one transaction (RGPD right to erasure), then the e-mails written to them
 * as files (without SMTP, in DATA_DIR/mail); returns what it concerned.
 */
export async function erasePersonalData(actor: Actor, email: string) {
  const erased = await withHistory(
    actor,
    async (tx) => {
      const found = await findPersonalData(email, tx);
      const where = conditions(email);
      await tx.delete(applications).where(where.applications);
      await tx.delete(annonces).where(where.annonces);
      await tx.delete(contactMessages).where(where.contactMessages);
      // A letter's message waiting for this address goes too, counted as not sent on its letter; one being sent
      // this very moment stays until its outcome is written.
      await dropWaitingLetterMessages(tx, where.outbox, letterCounts);
      await tx
        .delete(outbox)
        .where(and(where.outbox, or(isNull(outbox.letterId), ne(outbox.status, "pending"), isNull(outbox.claimedAt))));
      await tx.delete(newsletterSubscribers).where(where.newsletter);
      await tx.delete(eventRegistrations).where(where.registrations);
      // A gardener still holding a plot leaves it today (to be restored), so the register keeps no holder without a
      // record; their plots' history and their payments stay, without them (the accounts keep the amounts).
      for (const gardener of found.jardiniers) await releaseGardener(tx, gardener.id, parisToday());
      // Their receipts keep number and amount, not the name nor the file; the book's entries lose the name.
      const receiptFiles: string[] = [];
      for (const gardener of found.jardiniers) receiptFiles.push(...(await forgetPayer(tx, gardener.id)));
      await tx.delete(gardeners).where(where.gardeners);
      await forgetRecipient(email, tx);
      return { ...found, receiptFiles };
    },
    (found) => ({ kind: "rgpd.effacement", detail: describeCounts(found) }),
  );
  // Files cannot roll back: removed once the rows are gone for good.
  await removeReceiptFiles(erased.receiptFiles);
  await removeMailFilesTo(
    email,
    erased.emails.map((mail) => mail.id),
  );
  return erased;
}
