import crypto from "node:crypto";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { expect, it, onTestFinished } from "vitest";
import { getDb } from "~/db/client.server";
import {
  admins,
  gardenerPayments,
  history,
  outbox,
  treasuryEntries,
  treasuryReceiptNumbers,
  treasuryReceipts,
  treasurySettings,
} from "~/db/schema";
import { documentFileOnDisk } from "~/modules/documents/document-files.server";
import { createMailWorker } from "~/modules/mail/mail-worker.server";
import { receivePayment, undoPayment } from "~/modules/register/payments.server";
import { paymentOnRecord } from "../../../tests/payments";
import { deleteGardener } from "~/modules/register/gardeners.server";
import { gardenerFeeAction } from "~/modules/register/fees.record.server";
import { erasePersonalData } from "~/modules/personal-data/personal-data.server";
import { describeEachDatabase } from "../../../tests/db";
import { usePrivateDocumentsDir } from "../../../tests/documents";
import { pdfText } from "../../../tests/pdf";
import { insertContent, insertGardener } from "../../../tests/factories";
import { categoryIdOf, TreasuryRefusal } from "./book.server";
import { deleteEntry, updateEntry } from "./entries.server";
import type { EntryForm } from "./entries.schema";
import { receiptState } from "./receipts.labels";
import {
  cancelReceiptOfEntry,
  issueReceipt,
  receiptFile,
  removeReceiptFiles,
  sendReceipt,
  yearlyStatementPdf,
} from "./receipts.server";

const actor = { id: null, username: "claire" };
// The receipts sent after an online payment are issued by this actor (online-payments.server.ts).
const HELLOASSO = { id: null, username: "HelloAsso" };
const sha256 = (data: Buffer) => crypto.createHash("sha256").update(data).digest("hex");

/** An income entry of the bank account, as the book writes one by hand. */
async function income(overrides: Partial<typeof treasuryEntries.$inferInsert> = {}) {
  const [row] = await getDb()
    .insert(treasuryEntries)
    .values({
      year: 2027,
      date: "2027-02-10",
      label: "Vente de plants",
      amountCents: 1200,
      direction: "recette",
      accountId: 1,
      categoryId: await categoryIdOf(getDb(), "7088"),
      means: "especes",
      payer: "Marché de Printemps",
      ...overrides,
    })
    .returning();
  return row!;
}

/** A gardener's 2027 fee of 55 € paid by cheque on their record: the payment and its entry. */
async function paidFee() {
  const gardener = await insertGardener({
    name: "Camille Roux",
    email: "camille@example.fr",
    address: "12 rue des Lilas\n34000 Montpellier",
  });
  const payment = await getDb().transaction((tx) =>
    paymentOnRecord(
      tx,
      gardener.id,
      {
        kind: "cotisation",
        year: 2027,
        amount: 5500,
        paidOn: "2027-01-15",
        means: "cheque",
        chequeNumber: "1234567",
        chequeBank: "Banque Populaire",
      },
      "claire",
    ),
  );
  const [entry] = await getDb().select().from(treasuryEntries).where(eq(treasuryEntries.paymentId, payment.id));
  return { gardener, payment, entry: entry! };
}

describeEachDatabase("receipts", () => {
  usePrivateDocumentsDir();

  it("numbers 20 receipts issued at once 1 to 20, each once", async () => {
    const entries = [];
    for (let i = 0; i < 20; i++) entries.push(await income({ label: `Don ${i}`, payer: `Donateur ${i}` }));
    const receipts = await Promise.all(entries.map((entry) => issueReceipt(entry.id, actor)));
    expect(receipts.map((r) => r.number).toSorted((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect(new Set(receipts.map((r) => r.entryId)).size).toBe(20);
    expect(receipts.every((r) => r.year === 2027)).toBe(true);
  });

  it("gives an entry's receipt once: the same number and the same file the second time", async () => {
    const entry = await income();
    const first = await issueReceipt(entry.id, actor);
    const again = await issueReceipt(entry.id, actor);
    expect(again.id).toBe(first.id);
    expect(again.number).toBe(first.number);
    expect(sha256((await receiptFile(again))!)).toBe(sha256((await receiptFile(first))!));
    // The next entry's receipt takes the next number: none was spent on the second call.
    expect((await issueReceipt((await income()).id, actor)).number).toBe(first.number + 1);
  });

  it("refuses a receipt for an expense, and for an income without a payer", async () => {
    const expense = await income({ direction: "depense", categoryId: await categoryIdOf(getDb(), "606") });
    await expect(issueReceipt(expense.id, actor)).rejects.toBeInstanceOf(TreasuryRefusal);
    const anonymous = await income({ payer: "" });
    await expect(issueReceipt(anonymous.id, actor)).rejects.toThrow(/nom de qui a payé/);
    expect(await getDb().select().from(treasuryReceipts)).toHaveLength(0);
  });

  it("writes the receipt's PDF with the number, the amount in words, the association and who signs", async () => {
    await insertContent({ nomAssociation: "Les Jardins du Lez", editeurNumero: "W343012345" });
    await getDb().insert(treasurySettings).values({ signatory: "Claire Martin", place: "Montpellier", siret: "" });
    const { entry } = await paidFee();
    const receipt = await issueReceipt(entry.id, actor);
    const text = await pdfText((await receiptFile(receipt))!);
    expect(text).toContain("Reçu n° 2027-0001");
    expect(text).toContain("cinquante-cinq euros");
    expect(text).toMatch(/55,00\s€/);
    expect(text).toContain("Cotisation 2027");
    expect(text).toContain("Les Jardins du Lez");
    expect(text).toContain("RNA : W343012345");
    expect(text).toContain("Camille Roux");
    expect(text).toContain("34000 Montpellier");
    expect(text).toContain("chèque n° 1234567");
    expect(text).toContain("Trésorière");
    expect(text).toContain("Claire Martin");
    expect(text).toContain("Fait à Montpellier");
    expect(text).toContain("Ce reçu n'ouvre pas droit à réduction d'impôt");
    expect(receipt).toMatchObject({ payerName: "Camille Roux", amountCents: 5500, createdBy: "claire" });
  });

  it("signs for the bureau when no treasurer is named and the issuer has no display name, never with a username", async () => {
    const { entry } = await paidFee();
    const byHelloAsso = await pdfText((await receiptFile(await issueReceipt(entry.id, HELLOASSO)))!);
    expect(byHelloAsso).toContain("Pour l'association, le bureau");
    expect(byHelloAsso).not.toContain("Trésorière");
    expect(byHelloAsso).not.toMatch(/HelloAsso\s*$/m);
    const [claire] = await getDb()
      .insert(admins)
      .values({ username: "claire.m", passwordHash: "x", displayName: "" })
      .returning();
    const byUsername = await pdfText(
      (await receiptFile(await issueReceipt((await income()).id, { id: claire!.id, username: "claire.m" })))!,
    );
    expect(byUsername).toContain("Pour l'association, le bureau");
    expect(byUsername).not.toContain("claire.m");
    await getDb().update(admins).set({ displayName: "Claire Martin" }).where(eq(admins.id, claire!.id));
    const byName = await pdfText(
      (await receiptFile(await issueReceipt((await income()).id, { id: claire!.id, username: "claire.m" })))!,
    );
    expect(byName).toContain("Trésorière ou trésorier de l'association :");
    expect(byName).toContain("Claire Martin");
  });

  it("cancels a receipt with its payment: numbered still, its PDF marked « ANNULÉ », its payer told", async () => {
    const { gardener, payment, entry } = await paidFee();
    const receipt = await issueReceipt(entry.id, actor);
    await sendReceipt(receipt.id, actor);
    await getDb().delete(outbox);
    const undone = await getDb().transaction((tx) =>
      undoPayment(tx, payment.id, gardener.id, { actor, reason: "chèque refusé par la banque" }),
    );
    expect(undone?.receipt).toBe("2027-0001");
    const [kept] = await getDb().select().from(treasuryReceipts).where(eq(treasuryReceipts.id, receipt.id));
    expect(kept).toMatchObject({
      entryId: null,
      year: 2027,
      number: 1,
      amountCents: 5500,
      cancelReason: "chèque refusé par la banque",
    });
    expect(kept!.cancelledAt).toBeInstanceOf(Date);
    expect(kept!.hash).not.toBe(receipt.hash);
    const text = await pdfText((await receiptFile(kept!))!);
    expect(text).toContain("Reçu n° 2027-0001");
    expect(text).toMatch(/ANNULÉ le .+ : chèque refusé par la banque\./);
    expect(text).toContain("Camille Roux");
    expect(receiptState(kept!)).toMatch(/^ANNULÉ le \d{1,2}(?:er)? [a-zéû]+ \d{4} : chèque refusé par la banque$/);
    // Sent before, so its payer is told, the cancelled receipt joined.
    const [mail] = await getDb().select().from(outbox);
    expect(mail).toMatchObject({
      to: "camille@example.fr",
      subject: expect.stringMatching(/^Reçu n° 2027-0001 annulé/),
    });
    expect(mail!.text).toContain("est annulé : chèque refusé par la banque");
    expect(mail!.attachmentHash).toBe(kept!.hash);
    expect((await getDb().select().from(history)).map((h) => h.kind)).toContain("tresorerie.recu-annule");
    await expect(sendReceipt(receipt.id, actor)).rejects.toThrow("Ce reçu est annulé");
    // Its number stays used.
    expect((await issueReceipt((await income()).id, actor)).number).toBe(2);
  });

  it("refuses to change what a receipt attests, and cancels the receipt of an entry deleted", async () => {
    const made = await income({ label: "Vente de plants", payer: "Épicerie solidaire" });
    const receipt = await issueReceipt(made.id, actor);
    const form = (changes: Partial<EntryForm>): EntryForm => ({
      direction: made.direction,
      date: made.date,
      label: made.label,
      amount: made.amountCents,
      accountId: made.accountId,
      toAccountId: made.toAccountId,
      categoryId: made.categoryId,
      means: made.means,
      chequeNumber: made.chequeNumber,
      chequeBank: made.chequeBank,
      payer: made.payer,
      reference: made.reference,
      ...changes,
    });
    for (const [field, value] of [
      ["amount", 3600],
      ["date", "2027-02-02"],
      ["payer", "Autre payeur"],
    ] as const)
      await expect(
        getDb().transaction((tx) => updateEntry(tx, made.id, form({ [field]: value }), null)),
      ).rejects.toThrow(
        /^Le reçu n° 2027-0001 atteste cette écriture : son montant, sa date et son payeur ne changent plus/,
      );
    // Its label is no part of what is attested.
    const relabelled = await getDb().transaction((tx) =>
      updateEntry(tx, made.id, form({ label: "Vente de plants de tomates" }), null),
    );
    expect(relabelled?.after.label).toBe("Vente de plants de tomates");
    await getDb().transaction(async (tx) => {
      await cancelReceiptOfEntry(tx, made.id, "écriture supprimée du livre", actor);
      await deleteEntry(tx, made.id);
    });
    const [kept] = await getDb().select().from(treasuryReceipts).where(eq(treasuryReceipts.id, receipt.id));
    expect(kept).toMatchObject({ entryId: null, cancelReason: "écriture supprimée du livre" });
    // Never sent: nobody to tell.
    expect(await getDb().select().from(outbox)).toEqual([]);
  });

  it("erasing the gardener takes the name and the file, keeps the number and the amount", async () => {
    const { gardener, entry } = await paidFee();
    const receipt = await issueReceipt(entry.id, actor);
    const file = documentFileOnDisk({ hash: receipt.hash!, format: "pdf" });
    await fsp.access(file);
    const files = await getDb().transaction((tx) => deleteGardener(gardener.id, tx));
    await removeReceiptFiles(files);
    const [kept] = await getDb().select().from(treasuryReceipts).where(eq(treasuryReceipts.id, receipt.id));
    expect(kept).toMatchObject({ payerName: "", gardenerId: null, hash: null, year: 2027, number: 1 });
    expect(kept!.amountCents).toBe(5500);
    await expect(fsp.access(file)).rejects.toThrow(/ENOENT/);
    const [book] = await getDb().select().from(treasuryEntries).where(eq(treasuryEntries.id, entry.id));
    expect(book).toMatchObject({ payer: "", amountCents: 5500 });
    await expect(sendReceipt(receipt.id, actor, "x@example.fr")).rejects.toBeInstanceOf(TreasuryRefusal);
  });

  it("sends the receipt to the gardener with the PDF joined, read from the store when it goes", async () => {
    await insertContent({ nomAssociation: "Les Jardins du Lez" });
    const { entry } = await paidFee();
    const receipt = await issueReceipt(entry.id, actor);
    const sent = await sendReceipt(receipt.id, actor);
    expect(sent.sentAt).not.toBeNull();
    const [queued] = await getDb().select().from(outbox);
    expect(queued).toMatchObject({
      to: "camille@example.fr",
      subject: "Votre reçu n° 2027-0001 — Les Jardins du Lez",
      attachmentHash: receipt.hash,
      attachmentName: "recu-2027-0001.pdf",
    });
    const mailDir = await fsp.mkdtemp(path.join(os.tmpdir(), "potager-receipt-mail-"));
    onTestFinished(() => fsp.rm(mailDir, { recursive: true, force: true }));
    const worker = createMailWorker({ smtpUrl: undefined, mailDir });
    onTestFinished(() => worker.stop());
    expect((await worker.runOnce()).sent).toBe(1);
    const [name] = await fsp.readdir(mailDir);
    const raw = await fsp.readFile(path.join(mailDir, name!), "utf8");
    expect(raw).toContain("Content-Type: application/pdf");
    expect(raw).toContain("Content-Disposition: attachment; filename=recu-2027-0001.pdf");
    const base64 = /filename=recu-2027-0001\.pdf\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(raw)?.[1];
    expect(sha256(Buffer.from(base64!.replace(/\s/g, ""), "base64"))).toBe(sha256((await receiptFile(receipt))!));
    // Once sent, the row no longer names the file: it belongs to the receipt alone.
    const [done] = await getDb().select().from(outbox);
    expect(done).toMatchObject({ status: "sent", text: "", attachmentHash: null });
    const kinds = (await getDb().select().from(history)).map((h) => [h.kind, h.target, h.detail ?? ""]);
    expect(kinds).toContainEqual(["tresorerie.recu-envoye", "reçu n° 2027-0001", ""]);
    expect(JSON.stringify(kinds)).not.toContain("camille@example.fr");
  });

  it("states the year's fee payments and their total", async () => {
    const { gardener } = await paidFee();
    await insertContent({ nomAssociation: "Les Jardins du Lez" });
    const statement = await yearlyStatementPdf(gardener.id, 2027, actor);
    const text = await pdfText(statement!.pdf);
    expect(text).toContain("Attestation de paiement des cotisations 2027");
    expect(text).toContain("Camille Roux");
    expect(text).toContain("15 janvier 2027");
    expect(text).toMatch(/Total\s*55,00\s€/);
    expect((await getDb().select().from(history)).map((h) => h.kind)).toContain("tresorerie.attestation");
  });

  it("records a payment whose receipt cannot go by e-mail, and says so", async () => {
    const gardener = await insertGardener({ name: "Paul Nadal", email: "" });
    const form = new FormData();
    for (const [name, value] of Object.entries({
      intent: "payment",
      kind: "cotisation",
      year: "2027",
      amount: "55",
      paidOn: "2027-01-20",
      means: "especes",
      sendReceipt: "on",
    }))
      form.set(name, value);
    const result = await gardenerFeeAction(gardener.id, form, actor);
    expect(result).toMatchObject({ ok: true });
    expect((result as { message: string }).message).toMatch(
      /^Paiement enregistré : 55,00\s€\. Le reçu n° 2027-0001 est établi, mais le jardinier n'a pas d'adresse e-mail/,
    );
    expect(await getDb().select().from(outbox)).toHaveLength(0);
    const [entry] = await getDb().select().from(treasuryEntries);
    expect(entry).toMatchObject({ amountCents: 5500, payer: "Paul Nadal" });
  });

  it("makes a payment's receipt and its e-mail in the payment's transaction: both or neither", async () => {
    const gardener = await insertGardener({ name: "Paul Nadal", email: "paul@example.fr" });
    const money = { amountCents: 5500, paidOn: "2027-01-20", means: "especes" };
    const to = { gardenerId: gardener.id, kind: "cotisation", year: 2027 } as const;
    // The transaction fails after the payment: no payment, no receipt, no e-mail, and the number is given back.
    await expect(
      getDb().transaction(async (tx) => {
        const paid = await receivePayment(tx, to, money, actor, { receipt: true });
        expect(paid!.receipt).toEqual({ state: "mailed", number: "2027-0001" });
        throw new Error("panne après le paiement");
      }),
    ).rejects.toThrow("panne après le paiement");
    expect(await getDb().select().from(treasuryReceipts)).toEqual([]);
    expect(await getDb().select().from(outbox)).toEqual([]);
    const paid = await getDb().transaction((tx) => receivePayment(tx, to, money, actor, { receipt: true }));
    expect(paid!.receipt).toEqual({ state: "mailed", number: "2027-0001" });
    const [mail] = await getDb().select().from(outbox);
    expect(mail).toMatchObject({ to: "paul@example.fr" });
  });

  it("keeps the payment when its receipt cannot be made, and says why", async () => {
    const gardener = await insertGardener({ name: "Paul Nadal", email: "paul@example.fr" });
    const other = await income();
    // The receipts' year counter is held by a number already taken: the receipt's insert fails, not the payment.
    await getDb().insert(treasuryReceiptNumbers).values({ year: 2027, last: 0 });
    await getDb().insert(treasuryReceipts).values({
      year: 2027,
      number: 1,
      entryId: other.id,
      payerName: "Marché",
      amountCents: 1200,
      createdBy: "claire",
    });
    const paid = await getDb().transaction((tx) =>
      receivePayment(
        tx,
        { gardenerId: gardener.id, kind: "cotisation", year: 2027 },
        { amountCents: 5500, paidOn: "2027-01-20", means: "especes" },
        actor,
        { receipt: true },
      ),
    );
    expect(paid!.receipt).toEqual({ state: "refused", reason: "erreur inattendue" });
    expect(await getDb().select().from(gardenerPayments)).toHaveLength(1);
    expect(await getDb().select().from(treasuryReceipts)).toHaveLength(1);
    expect(await getDb().select().from(outbox)).toEqual([]);
  });

  it("an erasure by e-mail address takes the receipts' name and file too", async () => {
    const { entry } = await paidFee();
    const receipt = await issueReceipt(entry.id, actor);
    const file = documentFileOnDisk({ hash: receipt.hash!, format: "pdf" });
    await erasePersonalData(actor, "camille@example.fr");
    const [kept] = await getDb().select().from(treasuryReceipts).where(eq(treasuryReceipts.id, receipt.id));
    expect(kept).toMatchObject({ payerName: "", gardenerId: null, hash: null, number: 1, amountCents: 5500 });
    await expect(fsp.access(file)).rejects.toThrow(/ENOENT/);
  });

  it("never sends a receipt's message without its file", async () => {
    const { entry } = await paidFee();
    const receipt = await issueReceipt(entry.id, actor);
    await sendReceipt(receipt.id, actor);
    await fsp.rm(documentFileOnDisk({ hash: receipt.hash!, format: "pdf" }));
    const mailDir = await fsp.mkdtemp(path.join(os.tmpdir(), "potager-receipt-mail-"));
    onTestFinished(() => fsp.rm(mailDir, { recursive: true, force: true }));
    const worker = createMailWorker({ smtpUrl: undefined, mailDir });
    onTestFinished(() => worker.stop());
    expect(await worker.runOnce()).toMatchObject({ sent: 0, retried: 1 });
    expect(await fsp.readdir(mailDir).catch(() => [])).toEqual([]);
    const [waiting] = await getDb().select().from(outbox);
    expect(waiting).toMatchObject({ status: "pending", lastError: "pièce jointe introuvable dans les documents" });
  });
});
