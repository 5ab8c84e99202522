import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import {
  bouncedCheques,
  gardenerFees,
  gardenerPayments,
  history,
  outbox,
  plotHoldings,
  treasuryEntries,
  treasuryReceipts,
} from "~/db/schema";
import { accountBalances, categoryIdOf } from "~/modules/treasury/book.server";
import { createDeposit } from "~/modules/treasury/deposits.server";
import { issueReceipt } from "~/modules/treasury/receipts.server";
import { categoryTotals } from "~/modules/treasury/year-accounts.server";
import { describeEachDatabase } from "../../../tests/db";
import { insertContent, insertGardener, insertPlot, insertSite } from "../../../tests/factories";
import { actionOutcome, formPost, routeArgs } from "../../../tests/routes";
import { TREASURER } from "../../../tests/treasury-book";
import { action as feeAction, loader as feeLoader } from "./fees-fee";
import { action as receiptAction, loader as receiptLoader } from "./treasury-receipt";
import { action as gardenerAction, loader as gardenerLoader } from "./gardener";

// A cheque the bank returns unpaid after its deposit (issue: « a bounced cheque can be recorded after a deposit »): the
// fee owed again, the book's deposited entry kept and the bank's debit added, the receipt cancelled, Historique.

const marie = { id: null as unknown as number, username: "marie" };
const post = (run: (args: never) => Promise<unknown>, path: string, fields: Record<string, string>, id: number) =>
  run(routeArgs(formPost(path, fields), { admin: marie, params: { id: String(id) } })).then(actionOutcome);
const readFee = (id: number) =>
  feeLoader(
    routeArgs(new Request(`http://localhost/admin/cotisations/${id}`), { admin: marie, params: { id: `${id}` } }),
  );

/** Camille's 2026 fee of 45 € paid by cheque on its page with its receipt mailed, then deposited on 10 March. */
async function depositedFee() {
  await insertContent({});
  const site = await insertSite({ name: "Jardin des Brosses" });
  const plot = await insertPlot(site.id, 1, { area: 120, state: "attribuee" });
  const gardener = await insertGardener({ name: "Camille Roux", email: "camille@example.fr" });
  await getDb().insert(plotHoldings).values({ plotId: plot.id, gardenerId: gardener.id, startDate: "2024-03-01" });
  const [fee] = await getDb()
    .insert(gardenerFees)
    .values({ gardenerId: gardener.id, year: 2026, amountCents: 4500, dueOn: "2026-03-31" })
    .returning();
  const paid = await post(
    feeAction,
    `/admin/cotisations/${fee!.id}`,
    {
      intent: "pay",
      amount: "45",
      paidOn: "2026-03-02",
      means: "cheque",
      chequeNumber: "1234567",
      chequeBank: "Crédit Agricole",
      sendReceipt: "on",
    },
    fee!.id,
  );
  expect(paid.value.message).toContain("La cotisation est réglée");
  const [entry] = await getDb().select().from(treasuryEntries);
  await createDeposit(TREASURER, {
    accountId: entry!.accountId,
    depositedOn: "2026-03-10",
    cheques: [{ id: entry!.id, chequeNumber: "1234567", chequeBank: "Crédit Agricole" }],
  });
  const [payment] = await getDb().select().from(gardenerPayments);
  await getDb().delete(outbox);
  return { gardener, fee: fee!, entry: entry!, payment: payment! };
}

const inTwoDays = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

describeEachDatabase("a cheque returned unpaid after its deposit", () => {
  it("opens the fee again, keeps the deposited entry, books the bank's debit and cancels the receipt", async () => {
    const { fee, entry, payment } = await depositedFee();
    const before = await readFee(fee.id);
    expect(before.payments).toEqual([expect.objectContaining({ id: payment.id, depositedOn: "10 mars 2026" })]);
    const bounce = (fields: Record<string, string>) =>
      post(
        feeAction,
        `/admin/cotisations/${fee.id}`,
        { intent: "bounced-cheque", paymentId: String(payment.id), ...fields },
        fee.id,
      );

    // « Annuler ce paiement » cannot take a deposited cheque back: the deposit's slip printed it.
    const undo = await post(
      feeAction,
      `/admin/cotisations/${fee.id}`,
      { intent: "undo-payment", paymentId: String(payment.id) },
      fee.id,
    );
    expect(undo).toMatchObject({
      status: 409,
      value: { message: expect.stringContaining("remis en banque le 10 mars") },
    });
    expect(await bounce({ bouncedOn: "2026-03-05" })).toMatchObject({
      status: 409,
      value: {
        message: "Le chèque a été remis en banque le 10 mars 2026 : indiquez une date de rejet à partir de ce jour.",
      },
    });
    expect(await bounce({ bouncedOn: inTwoDays })).toMatchObject({
      status: 400,
      value: { errors: { bouncedOn: expect.stringContaining("ne peut pas être après aujourd'hui") } },
    });
    expect(await bounce({ bouncedOn: "" })).toMatchObject({
      status: 400,
      value: { errors: { bouncedOn: expect.any(String) } },
    });
    expect(await getDb().select().from(bouncedCheques)).toEqual([]);
    expect(await getDb().select().from(gardenerPayments)).toHaveLength(1);

    const done = await bounce({ bouncedOn: "2026-03-20", reason: "sans provision" });
    expect(done).toMatchObject({
      status: 200,
      value: {
        ok: true,
        message:
          "Chèque impayé enregistré : 45,00\u00a0€ repris du compte le 20 mars 2026, la cotisation est de nouveau due d'autant, reçu n° 2026-0001 annulé.",
      },
    });

    // The fee is owed again, the cheque kept in sight.
    const after = await readFee(fee.id);
    expect(after.fee.state).toBe("reste 45,00\u00a0€");
    expect(after.payments).toEqual([]);
    expect(after.bounced.map((b) => b.text)).toEqual([
      "Chèque n° 1234567 de 45,00\u00a0€ du 2 mars 2026, remis le 10 mars 2026, impayé le 20 mars 2026 (sans provision)",
    ]);

    // The book: the deposited entry as the bank credited it, and the debit that takes it back out.
    const entries = await getDb().select().from(treasuryEntries).orderBy(treasuryEntries.id);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      id: entry.id,
      amountCents: 4500,
      depositId: expect.any(Number),
      paymentId: null,
      label: "Cotisation 2026 (chèque impayé le 20 mars 2026)",
    });
    expect(entries[1]).toMatchObject({
      date: "2026-03-20",
      direction: "depense",
      amountCents: 4500,
      accountId: entry.accountId,
      categoryId: await categoryIdOf(getDb(), "756"),
      payer: "Camille Roux",
      reference: "chèque n° 1234567 remis le 10 mars 2026, rejeté par la banque",
    });
    expect((await categoryTotals(2026)).get(await categoryIdOf(getDb(), "756"))).toBe(0);
    const bank = (await accountBalances(2026)).find((a) => a.id === entry.accountId)!;
    expect([bank.inCents, bank.outCents, bank.closingCents - bank.openingCents]).toEqual([4500, 4500, 0]);

    // The receipt: cancelled, its payer told, since it had been mailed.
    const [receipt] = await getDb().select().from(treasuryReceipts);
    expect(receipt).toMatchObject({ entryId: entry.id, cancelReason: "chèque impayé (sans provision)" });
    expect(receipt!.cancelledAt).toBeInstanceOf(Date);
    const [mail] = await getDb().select().from(outbox);
    expect(mail).toMatchObject({
      to: "camille@example.fr",
      subject: expect.stringMatching(/^Reçu n° 2026-0001 annulé/),
    });

    const kinds = (await getDb().select().from(history)).map((h) => [h.kind, h.detail]);
    expect(kinds).toContainEqual([
      "jardinier.cheque-impaye",
      "45,00\u00a0€ (chèque n° 1234567 remis le 10 mars 2026), impayé le 20 mars 2026 : sans provision ; reçu n° 2026-0001 annulé",
    ]);
    // Once only: the payment is gone.
    expect(await bounce({ bouncedOn: "2026-03-21" })).toMatchObject({ status: 404 });
  });

  it("refuses a cheque not yet deposited and a payment by transfer, writing nothing", async () => {
    const { gardener } = await depositedFee();
    const pay = (fields: Record<string, string>) =>
      post(
        gardenerAction,
        `/admin/jardiniers/${gardener.id}`,
        { intent: "payment", kind: "droit_entree", year: "2026", paidOn: "2026-03-12", amount: "20", ...fields },
        gardener.id,
      );
    await pay({ means: "cheque", chequeNumber: "7654321" });
    await pay({ means: "virement", kind: "reprise_cabane" });
    const screen = (await gardenerLoader(
      routeArgs(new Request(`http://localhost/admin/jardiniers/${gardener.id}`), {
        admin: marie,
        params: { id: String(gardener.id) },
      }),
    )) as { money: { others: { id: number; means: string; depositedOn: string | null }[] } };
    const others = screen.money.others;
    expect(others.map((p) => [p.means, p.depositedOn])).toEqual([
      ["Virement", null],
      ["Chèque", null],
    ]);
    const bounce = (paymentId: number) =>
      post(
        gardenerAction,
        `/admin/jardiniers/${gardener.id}`,
        { intent: "bounced-cheque", paymentId: String(paymentId), bouncedOn: "2026-03-20" },
        gardener.id,
      );
    const entries = await getDb().select().from(treasuryEntries);
    expect(await bounce(others[1]!.id)).toMatchObject({
      status: 409,
      value: {
        message:
          "Ce chèque n'a pas encore été remis en banque : s'il ne sera pas encaissé, annulez simplement le paiement.",
      },
    });
    expect(await bounce(others[0]!.id)).toMatchObject({
      status: 409,
      value: { message: "Ce paiement n'a pas été fait par chèque." },
    });
    expect(await getDb().select().from(treasuryEntries)).toEqual(entries);
    expect(await getDb().select().from(bouncedCheques)).toEqual([]);

    // Deposited, the entry budget's cheque can be recorded unpaid from the record, and is listed there.
    await createDeposit(TREASURER, {
      accountId: entries[0]!.accountId,
      depositedOn: "2026-03-15",
      cheques: [
        {
          id: entries.find((e) => e.chequeNumber === "7654321")!.id,
          chequeNumber: "7654321",
          chequeBank: "LCL",
        },
      ],
    });
    expect(await bounce(others[1]!.id)).toMatchObject({ status: 200, value: { ok: true } });
    const [row] = await getDb().select().from(bouncedCheques).where(eq(bouncedCheques.gardenerId, gardener.id));
    expect(row).toMatchObject({ kind: "droit_entree", feeId: null, amountCents: 2000, depositedOn: "2026-03-15" });

    // It had no receipt; none can be made for it now: the association never received that money.
    const [returned] = await getDb().select().from(treasuryEntries).where(eq(treasuryEntries.id, row!.entryId!));
    expect(returned!.bouncedOn).toBe("2026-03-20");
    const bounced =
      "Ce chèque a été rejeté par la banque le 20 mars 2026 : aucun reçu ne s'établit pour un paiement que l'association n'a pas reçu.";
    await expect(issueReceipt(returned!.id, TREASURER)).rejects.toThrow(bounced);
    const path = `/admin/tresorerie/ecritures/${returned!.id}/recu`;
    const receiptScreen = await receiptLoader(
      routeArgs(new Request(`http://localhost${path}`), { admin: marie, params: { id: String(returned!.id) } }),
    );
    expect(receiptScreen.entry.bounced).toBe(bounced);
    expect(await post(receiptAction, path, { intent: "issue" }, returned!.id)).toMatchObject({
      status: 409,
      value: { ok: false, message: bounced },
    });
    expect(await getDb().select().from(treasuryReceipts).where(eq(treasuryReceipts.entryId, returned!.id))).toEqual([]);
  });
});
