import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { getDb, isUniqueViolation, type Executor, type Transaction } from "~/db/client.server";
import { admins } from "~/modules/auth/auth.tables";
import { gardenerPayments, gardeners } from "~/modules/register/register.tables";
import {
  treasuryCategories,
  treasuryEntries,
  treasuryReceiptNumbers,
  treasuryReceipts,
  treasurySettings,
} from "~/modules/treasury/treasury.tables";
import { formatCalendarDate } from "~/lib/dates";
import { euros } from "~/lib/money";
import { parisDateOf, parisToday } from "~/lib/paris-time";
import { legalIdentity } from "~/modules/content/content.server";
import { logger } from "~/server/logger.server";
import {
  madePdf,
  readDocumentFile,
  removeUnusedDocumentFiles,
  storeDocumentFile,
} from "~/modules/documents/document-files.server";
import { gardenerTarget, recordHistory, withHistory, type Actor } from "~/modules/history/history.server";
import { enqueueMail } from "~/modules/mail/outbox.server";
import { receiptCancelledMail, receiptMail } from "./receipts.mail.server";
import { TreasuryRefusal } from "./book.server";
import { letterhead, renderPdf, type PdfDocument } from "~/server/pdf.server";
import { amountInWords } from "./amount-words.server";
import { MEANS_LABELS, type TreasuryMeans } from "./treasury.labels";
import { receiptMessages, receiptNumber, type PaymentReceipt, type ReceiptSettings } from "./receipts.labels";

// Receipts (« reçus ») for money received, and the gardener's yearly statement of fees paid (decision 031). A receipt
// is numbered once per year in a sequence that never repeats nor skips, made once as a PDF kept in the documents'
// store, and outlives its entry; a person's erasure takes their name and the file, never the number or the amount.

export type Receipt = typeof treasuryReceipts.$inferSelect;

/** The association as a receipt names it: its name, address and identifiers (RNA, SIRET). */
async function association(executor: Executor) {
  const legal = await legalIdentity(executor);
  const settings = await receiptSettings(executor);
  // The receipts' own SIRET, once, when the legal notice gives the same.
  const same = legal.siret !== "" && legal.siret === settings.siret.replace(/\s+/g, "");
  const identifiers = [
    ...legal.identifiers.filter((line) => !(same && line === `SIRET : ${legal.siret}`)),
    settings.siret ? `SIRET : ${settings.siret}` : "",
  ].filter(Boolean);
  return { name: legal.name, address: legal.address, identifiers, email: legal.email, settings };
}

/** The receipts' settings (SIRET, who signs, the town of « Fait à »), empty until saved. */
export async function receiptSettings(executor: Executor = getDb()): Promise<ReceiptSettings> {
  const [row] = await executor.select().from(treasurySettings).where(eq(treasurySettings.id, 1));
  return { siret: row?.siret ?? "", signatory: row?.signatory ?? "", place: row?.place ?? "" };
}

/** Saves the receipts' settings, with the earlier values in the history's detail. */
export async function saveReceiptSettings(actor: Actor, values: ReceiptSettings) {
  await withHistory(
    actor,
    async (tx) => {
      const before = await receiptSettings(tx);
      await tx
        .insert(treasurySettings)
        .values({ id: 1, ...values })
        .onConflictDoUpdate({ target: treasurySettings.id, set: values });
      return before;
    },
    (before) => ({
      kind: "tresorerie.parametres",
      target: "reçus",
      detail: `SIRET « ${values.siret} », signataire « ${values.signatory} », fait à « ${values.place} » (avant : SIRET « ${before.siret} », signataire « ${before.signatory} », fait à « ${before.place} »)`,
    }),
  );
}

/**
 * Who signs: the settings' treasurer, else the issuing administrator's display name; empty when neither is known (a
 * receipt sent after an online payment, an account without a display name), as a username or « HelloAsso » under
 * « Trésorière ou trésorier » would read as a name.
 */
async function signatoryOf(executor: Executor, settings: ReceiptSettings, actor: Actor) {
  if (settings.signatory.trim()) return settings.signatory.trim();
  if (actor.id === null) return "";
  const [admin] = await executor
    .select({ displayName: admins.displayName })
    .from(admins)
    .where(eq(admins.id, actor.id));
  return admin?.displayName?.trim() ?? "";
}

/** « Fait à Montpellier, le 5 mars 2027 », or « Fait le … » without a town. */
const doneAt = (place: string, day: string) =>
  place.trim() ? `Fait à ${place.trim()}, le ${formatCalendarDate(day)}` : `Fait le ${formatCalendarDate(day)}`;

/** How a payment was made: « chèque n° 1234567 (Banque Populaire) », « virement ». */
function meansText(means: TreasuryMeans, chequeNumber = "", chequeBank = "") {
  const label = MEANS_LABELS[means].toLowerCase();
  if (means !== "cheque") return label;
  return `${label}${chequeNumber ? ` n° ${chequeNumber}` : ""}${chequeBank ? ` (${chequeBank})` : ""}`;
}

type Identity = Awaited<ReturnType<typeof association>>;

/** The place, date and signature: the treasurer's name, or the bureau's when no name is known. */
function signatureBlock(doc: PdfDocument, place: string, day: string, signatory: string) {
  doc.moveDown(2).font("regular").fontSize(11).text(doneAt(place, day));
  if (signatory) {
    doc.moveDown(0.5).text("Trésorière ou trésorier de l'association :");
    doc.font("bold").text(signatory);
  } else doc.moveDown(0.5).font("bold").text("Pour l'association, le bureau");
  doc.font("regular");
}

interface ReceiptContent {
  number: string;
  identity: Identity;
  payer: { name: string; address: string };
  what: string;
  amountCents: number;
  paidOn: string;
  means: string;
  issuedOn: string;
  signatory: string;
}

/**
 * A receipt's PDF; `cancelled`, the same receipt marked « ANNULÉ » across the page, with the day and the reason under
 * its title.
 */
function receiptPdf(r: ReceiptContent, cancelled?: { on: string; reason: string }) {
  return renderPdf({ Title: `Reçu n° ${r.number}`, Author: r.identity.name }, (doc) => {
    if (cancelled) {
      doc.save();
      doc.rotate(-35, { origin: [doc.page.width / 2, doc.page.height / 2] });
      doc
        .font("bold")
        .fontSize(96)
        .fillColor("#b91c1c")
        .fillOpacity(0.25)
        .text("ANNULÉ", 0, doc.page.height / 2 - 60, { width: doc.page.width, align: "center", lineBreak: false });
      doc.restore();
      doc.fillColor("black").fillOpacity(1);
      doc.x = doc.page.margins.left;
      doc.y = doc.page.margins.top;
    }
    letterhead(doc, r.identity);
    doc.font("bold").fontSize(18).text(`Reçu n° ${r.number}`, { align: "center" });
    if (cancelled)
      doc
        .moveDown(0.5)
        .font("bold")
        .fontSize(12)
        .fillColor("#b91c1c")
        .text(`ANNULÉ le ${formatCalendarDate(cancelled.on)} : ${cancelled.reason}.`, { align: "center" })
        .fillColor("black");
    doc.moveDown(1.5).font("regular").fontSize(11);
    doc.text(`L'association ${r.identity.name} a reçu de :`);
    doc.font("bold").text(r.payer.name);
    doc.font("regular");
    if (r.payer.address) doc.text(r.payer.address);
    doc.moveDown();
    doc.text("la somme de ", { continued: true }).font("bold").text(euros(r.amountCents), { continued: true });
    doc.font("regular").text(` (${amountInWords(r.amountCents)}),`);
    doc.text(`au titre de : ${r.what},`);
    doc.text(`payée le ${formatCalendarDate(r.paidOn)} par ${r.means}.`);
    signatureBlock(doc, r.identity.settings.place, r.issuedOn, r.signatory);
    doc.moveDown(3).fontSize(9).fillColor("#444444");
    doc.text(`${receiptMessages.notTaxReceipt}.`);
    doc.text("Ce reçu atteste le paiement reçu ; il ne vaut pas reçu fiscal au titre des dons (article 200 du CGI).");
  });
}

/** The entry a receipt is for, with what a receipt needs of its category and of the gardener. */
export async function entryForReceipt(executor: Executor, entryId: number) {
  const [row] = await executor
    .select({
      entry: treasuryEntries,
      category: { code: treasuryCategories.code, label: treasuryCategories.label },
      gardener: { name: gardeners.name, address: gardeners.address, email: gardeners.email },
    })
    .from(treasuryEntries)
    .leftJoin(treasuryCategories, eq(treasuryCategories.id, treasuryEntries.categoryId))
    .leftJoin(gardeners, eq(gardeners.id, treasuryEntries.gardenerId))
    .where(eq(treasuryEntries.id, entryId));
  return row;
}

/** What was paid, as the receipt says it: the register's label alone, any other income with its category. */
const whatWasPaid = (entry: typeof treasuryEntries.$inferSelect, category: { code: string; label: string } | null) =>
  entry.paymentId !== null || !category ? entry.label : `${entry.label} (${category.label})`;

export async function receiptOfEntry(entryId: number, executor: Executor = getDb()) {
  const [receipt] = await executor.select().from(treasuryReceipts).where(eq(treasuryReceipts.entryId, entryId));
  return receipt;
}

export async function getReceipt(id: number, executor: Executor = getDb()) {
  const [receipt] = await executor.select().from(treasuryReceipts).where(eq(treasuryReceipts.id, id));
  return receipt;
}

/**
 * The receipt of an income entry, made once: a second call returns the first. Its number is the year's next, taken
 * under the year's row lock in the receipt's own transaction (a failure gives the number back: none is skipped); its
 * PDF is written to the documents' store before the row names it. Refused (TreasuryRefusal) for an expense, a
 * transfer, an entry without a payer's name. `history: false` for the demo's, which no one made.
 */
export async function issueReceipt(
  entryId: number,
  actor: Actor,
  { history = true }: { history?: boolean } = {},
): Promise<Receipt> {
  const existing = await receiptOfEntry(entryId);
  if (existing) return existing;
  try {
    return await getDb().transaction((tx) => issueReceiptIn(tx, entryId, actor, { history }));
  } catch (error) {
    // The same entry's receipt made meanwhile (a double click, another tab): that one, and this number given back.
    if (isUniqueViolation(error)) {
      const made = await receiptOfEntry(entryId);
      if (made) return made;
    }
    throw error;
  }
}

/** `issueReceipt` in the transaction `tx`, such as the one that recorded its payment: the receipt stands or falls with it. */
async function issueReceiptIn(
  tx: Transaction,
  entryId: number,
  actor: Actor,
  { history = true }: { history?: boolean } = {},
): Promise<Receipt> {
  const existing = await receiptOfEntry(entryId, tx);
  if (existing) return existing;
  const found = await entryForReceipt(tx, entryId);
  if (!found) throw new TreasuryRefusal(receiptMessages.noEntry);
  const { entry, category, gardener } = found;
  if (entry.direction !== "recette") throw new TreasuryRefusal(receiptMessages.notIncome);
  if (entry.bouncedOn) throw new TreasuryRefusal(receiptMessages.bounced(formatCalendarDate(entry.bouncedOn)));
  const payerName = entry.payer.trim() || gardener?.name.trim() || "";
  if (!payerName) throw new TreasuryRefusal(receiptMessages.noPayer);
  const identity = await association(tx);
  const signatory = await signatoryOf(tx, identity.settings, actor);
  const [counter] = await tx
    .insert(treasuryReceiptNumbers)
    .values({ year: entry.year, last: 1 })
    .onConflictDoUpdate({
      target: treasuryReceiptNumbers.year,
      set: { last: sql`${treasuryReceiptNumbers.last} + 1` },
    })
    .returning({ last: treasuryReceiptNumbers.last });
  const number = counter!.last;
  const pdf = await receiptPdf({
    number: receiptNumber(entry.year, number),
    identity,
    payer: { name: payerName, address: gardener?.address.trim() ?? "" },
    what: whatWasPaid(entry, category),
    amountCents: entry.amountCents,
    paidOn: entry.date,
    means: meansText(entry.means, entry.chequeNumber, entry.chequeBank),
    issuedOn: parisToday(),
    signatory,
  });
  const file = madePdf(pdf, 1);
  await storeDocumentFile(file);
  const [receipt] = await tx
    .insert(treasuryReceipts)
    .values({
      year: entry.year,
      number,
      entryId: entry.id,
      gardenerId: entry.gardenerId,
      payerName,
      amountCents: entry.amountCents,
      hash: file.hash,
      bytes: pdf.length,
      createdBy: actor.username,
      isDemo: entry.isDemo,
    })
    .returning();
  if (history)
    await recordHistory(tx, actor, {
      kind: "tresorerie.recu",
      target: `reçu n° ${receiptNumber(entry.year, number)}`,
      detail: `écriture n° ${entry.id} : ${euros(entry.amountCents)}`,
    });
  return receipt!;
}

/**
 * Cancels the receipt of entry `entryId`, in the transaction that deletes the entry or cancels its payment: the receipt
 * keeps its number, its PDF is made again marked « ANNULÉ » with the day and `reason`, the history says so, and a payer
 * it had been sent to is told by e-mail. Null when the entry has no receipt still valid.
 */
export async function cancelReceiptOfEntry(tx: Transaction, entryId: number, reason: string, actor: Actor) {
  const [receipt] = await tx
    .select()
    .from(treasuryReceipts)
    .where(and(eq(treasuryReceipts.entryId, entryId), isNull(treasuryReceipts.cancelledAt)))
    .for("update");
  if (!receipt) return null;
  const found = await entryForReceipt(tx, entryId);
  const number = receiptNumber(receipt.year, receipt.number);
  let file: ReturnType<typeof madePdf> | null = null;
  if (found && receipt.hash) {
    const { entry, category, gardener } = found;
    const identity = await association(tx);
    const pdf = await receiptPdf(
      {
        number,
        identity,
        payer: { name: receipt.payerName, address: gardener?.address.trim() ?? "" },
        what: whatWasPaid(entry, category),
        amountCents: receipt.amountCents,
        paidOn: entry.date,
        means: meansText(entry.means, entry.chequeNumber, entry.chequeBank),
        issuedOn: parisDateOf(receipt.createdAt),
        signatory: await signatoryOf(tx, identity.settings, { id: null, username: receipt.createdBy }),
      },
      { on: parisToday(), reason },
    );
    file = madePdf(pdf, 1);
    await storeDocumentFile(file);
  }
  const [cancelled] = await tx
    .update(treasuryReceipts)
    .set({
      cancelledAt: new Date(),
      cancelReason: reason,
      ...(file ? { hash: file.hash, bytes: file.data.length } : {}),
    })
    .where(eq(treasuryReceipts.id, receipt.id))
    .returning();
  await recordHistory(tx, actor, { kind: "tresorerie.recu-annule", target: `reçu n° ${number}`, detail: reason });
  const to = receipt.sentAt ? await receiptAddressOf(receipt, tx) : "";
  if (to && cancelled!.hash) {
    const identity = await association(tx);
    await enqueueMail(
      tx,
      receiptCancelledMail(
        to,
        {
          number,
          payerName: receipt.payerName,
          amountCents: receipt.amountCents,
          reason,
          hash: cancelled!.hash,
          fileName: receiptFileName(receipt),
        },
        identity,
      ),
    );
  }
  return cancelled!;
}

/** The receipt still valid of the register's payment `paymentId`, if its entry has one: what cancelling it cancels. */
export async function receiptOfPayment(paymentId: number, executor: Executor = getDb()) {
  const [row] = await executor
    .select({ receipt: treasuryReceipts, entryId: treasuryEntries.id })
    .from(treasuryEntries)
    .leftJoin(
      treasuryReceipts,
      and(eq(treasuryReceipts.entryId, treasuryEntries.id), isNull(treasuryReceipts.cancelledAt)),
    )
    .where(eq(treasuryEntries.paymentId, paymentId));
  return row;
}

/** A receipt's stored PDF, or null once erased (or the file lost). */
export async function receiptFile(receipt: Receipt) {
  if (!receipt.hash) return null;
  return readDocumentFile({ hash: receipt.hash, format: "pdf" });
}

/** « recu-2027-0007.pdf ». */
export const receiptFileName = (receipt: Pick<Receipt, "year" | "number">) =>
  `recu-${receiptNumber(receipt.year, receipt.number)}.pdf`;

/** Where a receipt goes by e-mail: the gardener's address, else none (the form asks for one). */
export async function receiptAddressOf(receipt: Receipt, executor: Executor = getDb()) {
  if (receipt.gardenerId === null) return "";
  const [gardener] = await executor
    .select({ email: gardeners.email })
    .from(gardeners)
    .where(eq(gardeners.id, receipt.gardenerId));
  return gardener?.email ?? "";
}

/**
 * Queues the receipt to its payer (the gardener's address, else `typedAddress`), the PDF joined from the documents'
 * store, and notes when. Refused (TreasuryRefusal) once erased, or without any address.
 */
export async function sendReceipt(receiptId: number, actor: Actor, typedAddress = "") {
  const sent = await getDb().transaction((tx) => queueReceipt(tx, receiptId, actor, typedAddress));
  if (!sent) throw new TreasuryRefusal(receiptMessages.noAddress);
  return sent;
}

/**
 * `sendReceipt` in the transaction `tx`: the e-mail is queued in the outbox with what made the receipt; null, and
 * nothing written, when neither the record nor `typedAddress` gives an address.
 */
async function queueReceipt(tx: Transaction, receiptId: number, actor: Actor, typedAddress = "") {
  const [receipt] = await tx.select().from(treasuryReceipts).where(eq(treasuryReceipts.id, receiptId)).for("update");
  if (!receipt) throw new TreasuryRefusal(receiptMessages.noReceipt);
  if (!receipt.hash) throw new TreasuryRefusal(receiptMessages.erased);
  if (receipt.cancelledAt) throw new TreasuryRefusal(receiptMessages.cancelledNotSent);
  const to = (await receiptAddressOf(receipt, tx)) || typedAddress.trim();
  if (!to) return null;
  const identity = await association(tx);
  const number = receiptNumber(receipt.year, receipt.number);
  await enqueueMail(
    tx,
    receiptMail(
      to,
      {
        number,
        payerName: receipt.payerName,
        amountCents: receipt.amountCents,
        hash: receipt.hash,
        fileName: receiptFileName(receipt),
      },
      identity,
    ),
  );
  const [sent] = await tx
    .update(treasuryReceipts)
    .set({ sentAt: new Date() })
    .where(eq(treasuryReceipts.id, receipt.id))
    .returning();
  await recordHistory(tx, actor, { kind: "tresorerie.recu-envoye", target: `reçu n° ${number}` });
  return sent!;
}

/** The receipts of a year, by number, with what the list shows. */
export async function receiptsOf(year: number, executor: Executor = getDb()) {
  return executor
    .select()
    .from(treasuryReceipts)
    .where(eq(treasuryReceipts.year, year))
    .orderBy(desc(treasuryReceipts.number));
}

/** The years with a receipt, the latest first. */
export async function receiptYears(executor: Executor = getDb()) {
  const rows = await executor
    .selectDistinct({ year: treasuryReceipts.year })
    .from(treasuryReceipts)
    .orderBy(desc(treasuryReceipts.year));
  return rows.map((r) => r.year);
}

/** The years a gardener paid a fee in (their statement's years), the latest first. */
export async function feeYearsOf(gardenerId: number, executor: Executor = getDb()) {
  const rows = await executor
    .selectDistinct({ year: gardenerPayments.year })
    .from(gardenerPayments)
    .where(and(eq(gardenerPayments.gardenerId, gardenerId), eq(gardenerPayments.kind, "cotisation")))
    .orderBy(desc(gardenerPayments.year));
  return rows.map((r) => r.year);
}

/**
 * « Attestation de paiement des cotisations {year} »: the gardener, each payment of the year's fee and their total,
 * the place, the date and who signs. Made on demand, not kept; written to the history when `recorded` (the bureau's,
 * not the gardener's own download in « Mon jardin »). Undefined for no such gardener.
 */
export async function yearlyStatementPdf(
  gardenerId: number,
  year: number,
  actor: Actor,
  { recorded = true }: { recorded?: boolean } = {},
) {
  const db = getDb();
  const [gardener] = await db.select().from(gardeners).where(eq(gardeners.id, gardenerId));
  if (!gardener) return undefined;
  const payments = await db
    .select({
      paidOn: gardenerPayments.paidOn,
      means: gardenerPayments.means,
      amountCents: gardenerPayments.amountCents,
      chequeNumber: treasuryEntries.chequeNumber,
    })
    .from(gardenerPayments)
    .leftJoin(treasuryEntries, eq(treasuryEntries.paymentId, gardenerPayments.id))
    .where(
      and(
        eq(gardenerPayments.gardenerId, gardenerId),
        eq(gardenerPayments.kind, "cotisation"),
        eq(gardenerPayments.year, year),
        isNotNull(gardenerPayments.paidOn),
      ),
    )
    .orderBy(asc(gardenerPayments.paidOn), asc(gardenerPayments.id));
  const identity = await association(db);
  const signatory = await signatoryOf(db, identity.settings, actor);
  const total = payments.reduce((sum, p) => sum + p.amountCents, 0);
  const title = `Attestation de paiement des cotisations ${year}`;
  const pdf = await renderPdf({ Title: title, Author: identity.name }, (doc) => {
    letterhead(doc, identity);
    doc.font("bold").fontSize(16).text(title, { align: "center" });
    doc.moveDown(1.5).font("regular").fontSize(11);
    doc.text(`L'association ${identity.name} atteste que`);
    doc.font("bold").text(gardener.name);
    doc.font("regular");
    if (gardener.address.trim()) doc.text(gardener.address.trim());
    doc.moveDown().text(`a payé sa cotisation ${year} comme suit :`).moveDown(0.5);
    if (payments.length === 0) doc.text("aucun paiement reçu.");
    const left = doc.page.margins.left;
    const amountX = doc.page.width - doc.page.margins.right - 110;
    for (const p of payments) {
      const means = p.means && p.means in MEANS_LABELS ? (p.means as TreasuryMeans) : "autre";
      const y = doc.y;
      doc.text(`${formatCalendarDate(p.paidOn)} — ${meansText(means, p.chequeNumber ?? "")}`, left, y, {
        width: amountX - left - 10,
      });
      doc.text(euros(p.amountCents), amountX, y, { width: 110, align: "right" });
      doc.x = left;
    }
    const y = doc.y + 6;
    doc
      .moveTo(left, y)
      .lineTo(doc.page.width - doc.page.margins.right, y)
      .stroke();
    doc.font("bold").text("Total", left, y + 6, { width: amountX - left - 10 });
    doc.text(euros(total), amountX, y + 6, { width: 110, align: "right" });
    doc.x = left;
    doc.font("regular");
    signatureBlock(doc, identity.settings.place, parisToday(), signatory);
    doc.moveDown(3).fontSize(9).fillColor("#444444").text(receiptMessages.statementNotTaxReceipt);
  });
  if (recorded)
    await recordHistory(db, actor, {
      kind: "tresorerie.attestation",
      target: gardenerTarget(gardenerId),
      detail: `cotisations ${year} : ${euros(total)}`,
    });
  return { pdf, fileName: `attestation-cotisations-${year}.pdf` };
}

/**
 * A gardener's record being erased: their receipts keep year, number and amount but lose the name, the link and the
 * file (the cleanup removes it), and the book's entries lose the payer's name (their amounts stay). Returns the
 * files' hashes, to remove once the transaction is over.
 */
export async function forgetPayer(executor: Executor, gardenerId: number) {
  const receipts = await executor
    .select({ hash: treasuryReceipts.hash })
    .from(treasuryReceipts)
    .where(eq(treasuryReceipts.gardenerId, gardenerId));
  await executor
    .update(treasuryReceipts)
    .set({ payerName: "", gardenerId: null, hash: null })
    .where(eq(treasuryReceipts.gardenerId, gardenerId));
  await executor.update(treasuryEntries).set({ payer: "" }).where(eq(treasuryEntries.gardenerId, gardenerId));
  return receipts.flatMap((r) => r.hash ?? []);
}

/** Removes the files of receipts just erased (see `forgetPayer`), once the erasure is committed. */
export async function removeReceiptFiles(hashes: string[]) {
  if (hashes.length > 0) await removeUnusedDocumentFiles({ hashes, graceMs: 0 });
}

/** The book's entry of each of these payments of the register, with its receipt's number when made. */
export async function receiptLinksOf(paymentIds: number[], executor: Executor = getDb()) {
  if (paymentIds.length === 0) return new Map<number, { entryId: number; number: string }>();
  const rows = await executor
    .select({
      paymentId: treasuryEntries.paymentId,
      entryId: treasuryEntries.id,
      year: treasuryReceipts.year,
      number: treasuryReceipts.number,
    })
    .from(treasuryEntries)
    .leftJoin(treasuryReceipts, eq(treasuryReceipts.entryId, treasuryEntries.id))
    .where(inArray(treasuryEntries.paymentId, paymentIds));
  return new Map(
    rows.map((r) => [
      r.paymentId!,
      { entryId: r.entryId, number: r.year === null || r.number === null ? "" : receiptNumber(r.year, r.number) },
    ]),
  );
}

/**
 * When « Envoyer le reçu par e-mail » was ticked on a payment: the receipt of its entry made and queued to the gardener
 * in the payment's own transaction `tx` (nothing mailed for a payment that did not commit, nothing lost for one that
 * did), in a savepoint: a refusal or a failure here leaves the payment recorded and says why.
 */
export async function receiptOfNewPayment(tx: Transaction, entryId: number, actor: Actor): Promise<PaymentReceipt> {
  try {
    return await tx.transaction(async (inner) => {
      const receipt = await issueReceiptIn(inner, entryId, actor);
      const number = receiptNumber(receipt.year, receipt.number);
      return (await queueReceipt(inner, receipt.id, actor))
        ? { state: "mailed", number }
        : { state: "no-address", number };
    });
  } catch (error) {
    if (error instanceof TreasuryRefusal) return { state: "refused", reason: error.message };
    logger.error({ err: error, entryId }, "reçu d'un paiement non établi");
    return { state: "refused", reason: "erreur inattendue" };
  }
}
