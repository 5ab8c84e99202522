import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import {
  associationContent as associationContentTable,
  gardenerFees,
  gardenerPayments,
  gardeners,
  outbox,
  plotHoldings,
} from "~/db/schema";
import { parisToday } from "~/lib/paris-time";
import { describeEachDatabase } from "../../../tests/db";
import { insertContent, insertGardener, insertPlot, insertSite } from "../../../tests/factories";
import { feesCsv, gardenersCsv } from "~/modules/register/plots-exports.server";
import { paymentFormSchema } from "~/modules/register/fees.schema";
import { feeBalance, feeStateText } from "./fees.labels";
import {
  callFees,
  cancelFee,
  countRemindable,
  currentFeeYear,
  feeCallPreview,
  feeFor,
  feeProgress,
  feesOf,
  receivedByMeans,
  sumFees,
  printableCalls,
  remindUnpaidFees,
  setFeeRate,
  waiveFee,
} from "./fees.server";
import { FeeAlreadyRecordedError, markFeesPaid, undoPayment } from "./payments.server";
import { bureau, paymentOnFee, paymentOnRecord } from "../../../tests/payments";
import { settleLeaverFee } from "./fees.record.server";

const AMOUNTS = { smallCents: 3500, mediumCents: 4500, largeCents: 5500 };

/** A current gardener holding plots of these areas in one site. */
async function holder(areas: number[], overrides: Parameters<typeof insertGardener>[0] = {}) {
  const site = await insertSite({ name: `Jardin ${Math.random()}` });
  const gardener = await insertGardener(overrides);
  for (const [i, area] of areas.entries()) {
    const plot = await insertPlot(site.id, i + 1, { area, state: "attribuee" });
    await getDb().insert(plotHoldings).values({ plotId: plot.id, gardenerId: gardener.id, startDate: "2024-03-01" });
  }
  return gardener;
}

it("adds up a gardener's plots by size", () => {
  expect(feeFor([120, 180, 240], AMOUNTS)).toBe(3500 + 4500 + 5500);
});

it("reads amounts as people type them", () => {
  const read = (amount: string) =>
    paymentFormSchema.safeParse({ kind: "cotisation", year: "2026", amount, paidOn: "2026-03-01", means: "cheque" });
  expect(read("12,50").data?.amount).toBe(1250);
  expect(read("45 €").data?.amount).toBe(4500);
  expect(read("douze").error?.issues[0]?.message).toBe("Indiquez un montant en euros, par exemple 25 ou 12,50.");
});

/** Payment details enough for the call to go. */
const DETAILS = { feeIban: "FR76 3000 6000 0112 3456 7890 189", feeChequeOrder: "Jardins de l'Est" };
const DUE = "2026-03-31";
const call = (year = 2026, at = new Date("2026-03-01T10:00:00Z"), due = DUE) =>
  getDb().transaction((tx) => callFees(tx, year, AMOUNTS, due, "marie", at));
const inTx = <T>(work: (tx: Transaction) => Promise<T>) => getDb().transaction(work);
const feeOfGardener = async (gardenerId: number, year = 2026) =>
  (await feesOf(year)).find((f) => f.gardenerId === gardenerId)!;

describeEachDatabase("fees", () => {
  it("calls every current gardener once, for their plots' amount and due date, by e-mail through the outbox", async () => {
    await insertContent(DETAILS);
    const camille = await holder([120, 210], { name: "Camille Roux", email: "camille@example.fr" });
    const noMail = await holder([160], { name: "Paul Sans", email: "" });
    const former = await holder([130], { endDate: "2025-12-31" });
    const first = await call();
    expect(first).toMatchObject({ called: 2, mailed: 1, first: true, withoutEmail: ["Paul Sans"] });
    const fees = await feesOf(2026);
    expect(fees.map((f) => [f.gardenerId, f.amountCents, f.paidCents, f.dueOn])).toEqual(
      expect.arrayContaining([
        [camille.id, 3500 + 5500, 0, DUE],
        [noMail.id, 4500, 0, DUE],
      ]),
    );
    expect(fees.some((f) => f.gardenerId === former.id)).toBe(false);
    const [mail] = await getDb().select().from(outbox);
    expect(mail).toMatchObject({ to: "camille@example.fr", subject: "Appel à cotisation 2026" });
    expect(mail!.text).toMatch(
      /Votre cotisation 2026 pour les parcelles n° 1 \(Jardin [\d.]+\), n° 2 \(Jardin [\d.]+\) est de 90,00\s€, à régler avant le 31 mars 2026\./,
    );
    expect(mail!.text).toContain("FR76 3000 6000 0112 3456 7890 189");
    expect(mail!.text).toContain("à l'ordre de Jardins de l'Est");

    // Called again (a newcomer since): only the newcomer, at the year's amounts.
    const newcomer = await holder([100], { email: "nouveau@example.fr" });
    const again = await inTx((tx) =>
      callFees(tx, 2026, { smallCents: 1, mediumCents: 1, largeCents: 1 }, DUE, "marie"),
    );
    expect(again).toMatchObject({ called: 1, mailed: 1, first: false });
    expect((await feeOfGardener(newcomer.id)).amountCents).toBe(3500);
    expect(await getDb().select().from(outbox)).toHaveLength(2);

    // The paper call: the one without an address, with the amount and due date.
    const letters = await printableCalls(2026);
    expect(letters.map((l) => l.name)).toEqual(["Paul Sans"]);
    expect(letters[0]!.letter).toContain("est de 45,00\u00a0€, à régler avant le 31 mars 2026");
  });

  it("previews the call with a real e-mail and refuses it while a means lacks its details", async () => {
    await holder([120], { name: "Camille Roux", email: "camille@example.fr" });
    await holder([120], { name: "Paul Sans", email: "" });
    // The default settings: no means at all.
    await insertContent({});
    let preview = await feeCallPreview(2026, AMOUNTS, DUE);
    expect(preview).toMatchObject({ recipients: 2, mailed: 1, withoutEmail: ["Paul Sans"] });
    expect(preview.missing).toEqual([expect.stringContaining("aucun moyen de paiement")]);
    // A text naming the transfer and HelloAsso without their details: both named.
    await getDb()
      .update(associationContentTable)
      .set({ feePaymentInstructions: "Par virement ou sur notre page HelloAsso." });
    preview = await feeCallPreview(2026, AMOUNTS, DUE);
    expect(preview.missing).toEqual([
      "le virement est proposé sans IBAN",
      "HelloAsso est proposé sans le lien de la page",
    ]);
    await getDb().update(associationContentTable).set({
      feePaymentInstructions: "Par virement sur {iban} ou sur {helloasso}.",
      feeIban: DETAILS.feeIban,
      feeHelloassoUrl: "https://www.helloasso.com/associations/jardins/adhesions/2026",
    });
    preview = await feeCallPreview(2026, AMOUNTS, DUE);
    expect(preview.missing).toEqual([]);
    expect(preview.mail).toMatchObject({ to: "camille@example.fr", subject: "Appel à cotisation 2026" });
    expect(preview.mail!.text).toContain("est de 35,00\u00a0€, à régler avant le 31 mars 2026");
    expect(preview.mail!.text).toContain("https://www.helloasso.com/associations/jardins/adhesions/2026");
    // A preview writes nothing.
    expect(await getDb().select().from(gardenerFees)).toEqual([]);
    expect(await getDb().select().from(outbox)).toEqual([]);
  });

  it("keeps a partial payment's balance, shows an overpayment, and settles ticked fees for their balance", async () => {
    const a = await holder([240], { email: "a@example.fr" });
    const b = await holder([120], { email: "b@example.fr" });
    await call();
    const feeA = await feeOfGardener(a.id);
    await inTx((tx) =>
      paymentOnFee(tx, feeA.id, { amountCents: 3000, paidOn: "2026-03-05", means: "cheque" }, "marie"),
    );
    let fee = await feeOfGardener(a.id);
    expect(feeBalance(fee)).toEqual({ owed: 5500, balance: 2500 });
    expect(feeStateText(fee)).toBe("reste 25,00\u00a0€");
    expect(await feeProgress(2026)).toEqual({
      called: 2,
      paid: 0,
      owedCents: 9000,
      receivedCents: 3000,
      remainingCents: 6000,
    });
    // Ticked: the balance only, 25 € more.
    expect(await inTx((tx) => markFeesPaid(tx, 2026, [feeA.id], "2026-03-06", "especes", bureau("marie")))).toBe(1);
    fee = await feeOfGardener(a.id);
    expect([fee.paidCents, feeStateText(fee), fee.means.split(",").sort()]).toEqual([
      5500,
      "payée",
      ["cheque", "especes"],
    ]);
    // Ticked twice (two tabs): nothing more.
    expect(await inTx((tx) => markFeesPaid(tx, 2026, [feeA.id], "2026-03-07", "especes", bureau("marie")))).toBe(0);
    const feeB = await feeOfGardener(b.id);
    await inTx((tx) =>
      paymentOnFee(tx, feeB.id, { amountCents: 4000, paidOn: "2026-03-05", means: "virement" }, "marie"),
    );
    expect(feeStateText(await feeOfGardener(b.id))).toBe("trop-perçu 5,00\u00a0€");
    // An overpayment is received, and counts for nothing against what remains.
    expect(await feeProgress(2026)).toEqual({
      called: 2,
      paid: 2,
      owedCents: 9000,
      receivedCents: 9500,
      remainingCents: 0,
    });
    const totals = { ...sumFees(await feesOf(2026)), byMeans: await receivedByMeans(2026) };
    expect(totals).toMatchObject({ called: 9000, received: 9500, outstanding: 0, overpaid: 500, waived: 0 });
    expect([...totals.byMeans].sort()).toEqual([
      ["cheque", 3000],
      ["especes", 2500],
      ["virement", 4000],
    ]);
  });

  it("waives and cancels a fee, and neither is reminded; a fee reduced is reminded of what is left", async () => {
    const a = await holder([120], { email: "a@example.fr" });
    const b = await holder([120], { email: "b@example.fr" });
    const c = await holder([120], { email: "c@example.fr" });
    const d = await holder([120], { email: "d@example.fr" });
    await call();
    const [idA, idB, idD] = [a, b, d].map((g) => g.id);
    const feeIds = await Promise.all([idA, idB, idD].map(async (id) => (await feeOfGardener(id)).id));
    await inTx((tx) => waiveFee(tx, feeIds[0]!, 0, "Difficultés passagères"));
    await inTx((tx) => cancelFee(tx, feeIds[1]!, "Parcelle inondée"));
    // Reduced to 20 €, of which nothing is paid yet: still late after the due date.
    await inTx((tx) => waiveFee(tx, feeIds[2]!, 2000, "Tarif réduit accordé"));
    const [feeA, feeB] = [await feeOfGardener(a.id), await feeOfGardener(b.id)];
    expect([feeA.status, feeA.waivedCents, feeA.reason, feeStateText(feeA)]).toEqual([
      "waived",
      3500,
      "Difficultés passagères",
      "exonérée",
    ]);
    expect([feeB.status, feeB.reason, feeStateText(feeB)]).toEqual(["cancelled", "Parcelle inondée", "annulée"]);
    const totals = { ...sumFees(await feesOf(2026)), byMeans: await receivedByMeans(2026) };
    expect(totals).toMatchObject({ called: 14000, waived: 5000, cancelled: 3500, outstanding: 5500 });
    await getDb().delete(outbox);
    expect(await countRemindable(2026, new Date("2026-04-10T10:00:00Z"))).toBe(2);
    expect(await inTx((tx) => remindUnpaidFees(tx, 2026, new Date("2026-04-10T10:00:00Z")))).toBe(2);
    const reminders = await getDb().select().from(outbox).orderBy(outbox.to);
    expect(reminders.map((m) => m.to)).toEqual(["c@example.fr", "d@example.fr"]);
    expect(reminders[1]!.text).toContain("20,00");
    expect(c.id).toBeGreaterThan(0);
  });

  it("reminds only after the due date, once a week, never a leaver, with the balance", async () => {
    const a = await holder([240], { email: "a@example.fr" });
    const leaver = await holder([120], { email: "rachid@example.fr" });
    await call();
    await getDb().delete(outbox);
    const remind = (at: string) => inTx((tx) => remindUnpaidFees(tx, 2026, new Date(at)));
    // Right after the call, and up to the due date: nobody is late.
    expect(await countRemindable(2026, new Date("2026-03-01T10:01:00Z"))).toBe(0);
    expect(await remind("2026-03-31T10:00:00Z")).toBe(0);
    // The leaver goes, the fee kept as due: still owed, never reminded.
    await getDb().update(gardeners).set({ endDate: "2026-03-15" }).where(eq(gardeners.id, leaver.id));
    const feeA = await feeOfGardener(a.id);
    await inTx((tx) =>
      paymentOnFee(tx, feeA.id, { amountCents: 3000, paidOn: "2026-03-05", means: "cheque" }, "marie"),
    );
    expect(await countRemindable(2026, new Date("2026-04-01T10:00:00Z"))).toBe(1);
    expect(await remind("2026-04-01T10:00:00Z")).toBe(1);
    expect(await remind("2026-04-05T10:00:00Z")).toBe(0);
    expect(await remind("2026-04-09T10:00:00Z")).toBe(1);
    const mails = await getDb().select().from(outbox);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      ["a@example.fr", "Rappel : cotisation 2026"],
      ["a@example.fr", "Rappel : cotisation 2026"],
    ]);
    expect(mails[0]!.text).toContain("vous avez versé 30,00\u00a0€, il reste 25,00\u00a0€");
    expect(feeBalance(await feeOfGardener(leaver.id)).balance).toBe(3500);
  });

  it("cancels a leaver's open fee with its reason when the departure says so", async () => {
    const leaver = await holder([120], { email: "rachid@example.fr" });
    const stays = await holder([120], { email: "s@example.fr" });
    await call();
    const form = (fields: Record<string, string>) => {
      const data = new FormData();
      for (const [k, v] of Object.entries(fields)) data.set(k, v);
      return data;
    };
    expect(await inTx((tx) => settleLeaverFee(tx, stays.id, form({})))).toBe("cotisation 2026 gardée à régler");
    expect(
      await inTx((tx) =>
        settleLeaverFee(tx, leaver.id, form({ "openFee-2026": "cancel", feeReason: "Départ avant la saison" })),
      ),
    ).toBe("cotisation 2026 annulée (Départ avant la saison)");
    const fee = await feeOfGardener(leaver.id);
    expect([fee.status, fee.reason]).toEqual(["cancelled", "Départ avant la saison"]);
    expect((await feeOfGardener(stays.id)).status).toBe("open");
  });

  it("asks about each year a leaver still owes: last year's debt kept while this year's is cancelled", async () => {
    const leaver = await holder([120], { email: "rachid@example.fr" });
    await getDb()
      .insert(gardenerFees)
      .values({ gardenerId: leaver.id, year: 2025, amountCents: 3500, dueOn: "2025-03-31" });
    await call();
    const data = new FormData();
    data.set("openFee-2026", "cancel");
    data.set("openFee-2025", "keep");
    data.set("feeReason", "Départ avant la saison");
    expect(await inTx((tx) => settleLeaverFee(tx, leaver.id, data))).toBe(
      "cotisation 2026 annulée (Départ avant la saison) ; cotisation 2025 gardée à régler",
    );
    const fees = await getDb().select().from(gardenerFees).where(eq(gardenerFees.gardenerId, leaver.id));
    expect(fees.map((f) => [f.year, f.status]).toSorted()).toEqual([
      [2025, "open"],
      [2026, "cancelled"],
    ]);
    // An answer that is neither keeps the fee due.
    const odd = new FormData();
    odd.set("openFee-2025", "effacer");
    expect(await inTx((tx) => settleLeaverFee(tx, leaver.id, odd))).toBe("cotisation 2025 gardée à régler");
  });

  it("uses a gardener's or a plot's particular rate", async () => {
    const reduced = await holder([240], { email: "r@example.fr" });
    const shared = await holder([240, 120], { email: "s@example.fr" });
    const [sharedPlot] = await getDb().select().from(plotHoldings).where(eq(plotHoldings.gardenerId, shared.id));
    await inTx((tx) => setFeeRate(tx, { gardenerId: reduced.id }, 1000, "tarif étudiant"));
    await inTx((tx) => setFeeRate(tx, { plotId: sharedPlot!.plotId }, 2000, "partagée"));
    await call();
    const feeR = await feeOfGardener(reduced.id);
    expect([feeR.amountCents, feeR.rate]).toEqual([1000, "tarif particulier : tarif étudiant"]);
    const feeS = await feeOfGardener(shared.id);
    expect(feeS.amountCents).toBe(2000 + 3500);
    expect(feeS.rate).toContain("tarif particulier (partagée)");
  });

  it("follows the latest year called", async () => {
    await holder([120]);
    // The year of the server's clock in Paris: on 31 December at 23:20 UTC it is already next year there.
    expect(await currentFeeYear()).toBe(Number(parisToday().slice(0, 4)));
    await call(2031, new Date("2030-09-01T10:00:00Z"), "2030-10-01");
    expect(await currentFeeYear()).toBe(2031);
  });

  it("records a payment on the year's fee, refuses a fee settled twice, and undoes a payment", async () => {
    const gardener = await holder([180]);
    await call();
    const form = paymentFormSchema.parse({
      kind: "cotisation",
      year: "2026",
      amount: "20",
      paidOn: "2026-02-10",
      means: "cheque",
    });
    const first = await inTx((tx) => paymentOnRecord(tx, gardener.id, form, "marie"));
    await inTx((tx) => paymentOnRecord(tx, gardener.id, { ...form, amount: 2500 }, "marie"));
    expect(feeStateText(await feeOfGardener(gardener.id))).toBe("payée");
    await expect(inTx((tx) => paymentOnRecord(tx, gardener.id, form, "marie"))).rejects.toBeInstanceOf(
      FeeAlreadyRecordedError,
    );
    // Undone, the fee is owed again; an entry budget is a payment alone.
    await inTx((tx) => undoPayment(tx, first.id, gardener.id));
    expect(feeStateText(await feeOfGardener(gardener.id))).toBe("reste 20,00\u00a0€");
    const entry = await inTx((tx) =>
      paymentOnRecord(tx, gardener.id, { ...form, kind: "droit_entree", amount: 25000 }, "marie"),
    );
    expect(entry.feeId).toBeNull();
    // A year never called: a fee is made for what is paid.
    await inTx((tx) => paymentOnRecord(tx, gardener.id, { ...form, year: 2025 }, "marie"));
    expect(feeStateText(await feeOfGardener(gardener.id, 2025))).toBe("payée");
    expect(await getDb().select().from(gardenerPayments)).toHaveLength(3);
  });

  it("exports gardeners and fees for a French spreadsheet, with the treasurer's totals", async () => {
    await holder([180], { name: "=Léa Martin", email: "lea@example.fr" });
    const waived = await holder([120], { name: "Bruno Exonéré", email: "bruno@example.fr" });
    const cancelled = await holder([240], { name: "Chloé Annulée", email: "chloe@example.fr" });
    const overpaid = await holder([120], { name: "Denis Tropverse", email: "denis@example.fr" });
    await call();
    const fee = (await feesOf(2026)).find((f) => f.name === "=Léa Martin")!;
    await inTx((tx) =>
      paymentOnFee(tx, fee.id, { amountCents: 3000, paidOn: "2026-03-02", means: "helloasso" }, "marie"),
    );
    const feeOf = async (gardenerId: number) => (await feesOf(2026)).find((f) => f.gardenerId === gardenerId)!.id;
    const [waivedFee, cancelledFee, overpaidFee] = [
      await feeOf(waived.id),
      await feeOf(cancelled.id),
      await feeOf(overpaid.id),
    ];
    await inTx((tx) => waiveFee(tx, waivedFee, 1000, "Tarif réduit"));
    await inTx((tx) => cancelFee(tx, cancelledFee, "Départ"));
    await inTx((tx) =>
      paymentOnFee(tx, overpaidFee, { amountCents: 4000, paidOn: "2026-03-03", means: "cheque" }, "marie"),
    );
    const csv = await feesCsv(2026);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const rows = parse(csv.slice(1), { delimiter: ";" }) as string[][];
    expect(rows[0]).toEqual([
      "Jardinier",
      "Parcelles",
      "Appelé (€)",
      "Exonéré (€)",
      "Annulé (€)",
      "Payé (€)",
      "Reste (€)",
      "Trop-perçu (€)",
      "État",
      "À régler avant le",
      "Payée le",
      "Moyen de paiement",
    ]);
    // A name that a spreadsheet would take for a formula is written as text.
    const lea = rows.find((r) => r[0] === "'=Léa Martin")!;
    expect(lea).toEqual([
      "'=Léa Martin",
      expect.stringMatching(/^n° 1 \(Jardin/),
      "45,00",
      "0,00",
      "0,00",
      "30,00",
      "15,00",
      "0,00",
      "reste 15,00\u00a0€",
      "31/03/2026",
      "02/03/2026",
      "HelloAsso",
    ]);
    // A cancelled call is under « Annulé », never « Exonéré »; an overpayment under « Trop-perçu », never a negative rest.
    expect(rows.find((r) => r[0] === "Chloé Annulée")!.slice(2, 8)).toEqual([
      "55,00",
      "0,00",
      "55,00",
      "0,00",
      "0,00",
      "0,00",
    ]);
    expect(rows.find((r) => r[0] === "Denis Tropverse")!.slice(2, 8)).toEqual([
      "35,00",
      "0,00",
      "0,00",
      "40,00",
      "0,00",
      "5,00",
    ]);
    // Each amount column adds up to the « Total » line, as a spreadsheet's SUM would.
    const cents = (text: string) => Math.round(Number(text.replace(",", ".")) * 100);
    const people = rows.slice(
      1,
      rows.findIndex((r) => r[0] === "Total"),
    );
    const totalLine = rows.find((r) => r[0] === "Total")!;
    for (let column = 2; column <= 7; column++)
      expect(people.reduce((sum, r) => sum + cents(r[column]!), 0)).toBe(cents(totalLine[column]!));
    expect(totalLine.slice(2, 8)).toEqual(["170,00", "25,00", "55,00", "70,00", "25,00", "5,00"]);
    expect(rows.find((r) => r[0] === "Reçu : HelloAsso")![5]).toBe("30,00");
    const gardenersRows = parse((await gardenersCsv(2026)).slice(1), { delimiter: ";" }) as string[][];
    expect(gardenersRows.find((r) => r.includes("lea@example.fr"))).toEqual(
      expect.arrayContaining(["lea@example.fr", "45,00", "reste 15,00\u00a0€"]),
    );
  });
});
