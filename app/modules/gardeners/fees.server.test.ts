import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { gardenerPayments, outbox, plotHoldings } from "~/db/schema";
import { describeEachDatabase } from "../../../tests/db";
import { insertContent, insertGardener, insertPlot, insertSite } from "../../../tests/factories";
import { feesCsv, gardenersCsv } from "~/modules/plots/plots-exports.server";
import { paymentFormSchema } from "~/modules/plots/plots.schema";
import { callFees, feeFor, feeProgress, feesOf, markFeesPaid, remindUnpaidFees } from "./fees.server";
import { FeeAlreadyRecordedError, recordPayment, undoPayment } from "./gardeners.server";

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

describeEachDatabase("fees", () => {
  it("calls every current gardener once, for their plots' amount, by e-mail through the outbox", async () => {
    await insertContent({ feePaymentInstructions: "Virement : FR76 1234 5678 9012 3456 7890 123" });
    const camille = await holder([120, 210], { name: "Camille Roux", email: "camille@example.fr" });
    const noMail = await holder([160], { email: "" });
    const former = await holder([130], { endDate: "2025-12-31" });
    const first = await getDb().transaction((tx) => callFees(tx, 2026, AMOUNTS, "marie"));
    expect(first).toMatchObject({ called: 2, mailed: 1, first: true });
    const fees = await feesOf(2026);
    expect(fees.map((f) => [f.gardenerId, f.amountCents, f.paidOn])).toEqual(
      expect.arrayContaining([
        [camille.id, 3500 + 5500, null],
        [noMail.id, 4500, null],
      ]),
    );
    expect(fees.some((f) => f.gardenerId === former.id)).toBe(false);
    const [mail] = await getDb().select().from(outbox);
    expect(mail).toMatchObject({ to: "camille@example.fr", subject: "Appel à cotisation 2026" });
    expect(mail!.text).toMatch(
      /Votre cotisation 2026 pour les parcelles n° 1 \(Jardin [\d.]+\), n° 2 \(Jardin [\d.]+\) est de 90,00\s€\./,
    );
    expect(mail!.text).toContain("FR76 1234 5678 9012 3456 7890 123");

    // Called again (a newcomer since): only the newcomer, at the year's amounts.
    const newcomer = await holder([100], { email: "nouveau@example.fr" });
    const again = await getDb().transaction((tx) =>
      callFees(tx, 2026, { smallCents: 1, mediumCents: 1, largeCents: 1 }, "marie"),
    );
    expect(again).toMatchObject({ called: 1, mailed: 1, first: false });
    expect((await feesOf(2026)).find((f) => f.gardenerId === newcomer.id)?.amountCents).toBe(3500);
    expect(await getDb().select().from(outbox)).toHaveLength(2);
  });

  it("marks ticked fees paid, reminds the others at most once a week, and counts who paid", async () => {
    const a = await holder([120], { email: "a@example.fr" });
    await holder([120], { email: "b@example.fr" });
    await getDb().transaction((tx) => callFees(tx, 2026, AMOUNTS, "marie", new Date("2026-03-01T10:00:00Z")));
    await getDb().delete(outbox);
    const feeOfA = (await feesOf(2026)).find((f) => f.gardenerId === a.id)!;
    expect(await getDb().transaction((tx) => markFeesPaid(tx, 2026, [feeOfA.id], "2026-03-02", "virement"))).toBe(1);
    // Ticked twice (two tabs): nothing changes the second time.
    expect(await getDb().transaction((tx) => markFeesPaid(tx, 2026, [feeOfA.id], "2026-04-01", "especes"))).toBe(0);
    expect(await feeProgress(2026)).toEqual({ called: 2, paid: 1 });

    const now = new Date("2026-04-01T10:00:00Z");
    expect(await getDb().transaction((tx) => remindUnpaidFees(tx, 2026, now))).toBe(1);
    expect(await getDb().transaction((tx) => remindUnpaidFees(tx, 2026, new Date("2026-04-05T10:00:00Z")))).toBe(0);
    expect(await getDb().transaction((tx) => remindUnpaidFees(tx, 2026, new Date("2026-04-09T10:00:00Z")))).toBe(1);
    const mails = await getDb().select().from(outbox);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      ["b@example.fr", "Rappel : cotisation 2026"],
      ["b@example.fr", "Rappel : cotisation 2026"],
    ]);
    expect(mails[0]!.text).toContain("n'est pas encore réglée");
  });

  it("reminds nobody within a week of their call", async () => {
    await holder([120], { email: "a@example.fr" });
    const calledAt = new Date("2026-03-01T10:00:00Z");
    await getDb().transaction((tx) => callFees(tx, 2026, AMOUNTS, "marie", calledAt));
    const newcomer = await holder([120], { email: "nouveau@example.fr" });
    const later = new Date("2026-03-10T10:00:00Z");
    await getDb().transaction((tx) => callFees(tx, 2026, AMOUNTS, "marie", later));
    await getDb().delete(outbox);
    const remind = (at: Date) => getDb().transaction((tx) => remindUnpaidFees(tx, 2026, at));

    // Just after the first call (the button pressed at once): nothing.
    expect(await remind(new Date(calledAt.getTime() + 400))).toBe(0);
    expect(await remind(new Date("2026-03-07T10:00:00Z"))).toBe(0);
    // A week after the first call: its gardener only, the newcomer called two days ago waits for their week.
    expect(await remind(new Date("2026-03-12T10:00:00Z"))).toBe(1);
    expect((await getDb().select().from(outbox)).map((m) => m.to)).toEqual(["a@example.fr"]);
    expect(await remind(new Date("2026-03-17T10:00:00Z"))).toBe(1);
    expect((await getDb().select().from(outbox)).map((m) => m.to)).toContain("nouveau@example.fr");
    expect((await feesOf(2026)).find((f) => f.gardenerId === newcomer.id)?.remindedAt).toEqual(
      new Date("2026-03-17T10:00:00Z"),
    );
  });

  it("records a payment on the called fee, refuses a fee paid twice, and undoes a payment", async () => {
    const gardener = await holder([180]);
    await getDb().transaction((tx) => callFees(tx, 2026, AMOUNTS, "marie"));
    const form = paymentFormSchema.parse({
      kind: "cotisation",
      year: "2026",
      amount: "45",
      paidOn: "2026-02-10",
      means: "cheque",
    });
    await recordPayment(gardener.id, form);
    const fees = await getDb().select().from(gardenerPayments).where(eq(gardenerPayments.gardenerId, gardener.id));
    expect(fees).toHaveLength(1);
    expect(fees[0]).toMatchObject({ paidOn: "2026-02-10", means: "cheque", amountCents: 4500 });
    await expect(recordPayment(gardener.id, form)).rejects.toBeInstanceOf(FeeAlreadyRecordedError);
    // Undone, a called fee is unpaid again; an entry budget disappears.
    await undoPayment(gardener.id, fees[0]!.id);
    expect((await getDb().select().from(gardenerPayments))[0]).toMatchObject({ paidOn: null, means: null });
    const entry = await recordPayment(gardener.id, { ...form, kind: "droit_entree", amount: 25000 });
    await undoPayment(gardener.id, entry.id);
    expect(await getDb().select().from(gardenerPayments)).toHaveLength(1);
  });

  it("exports gardeners and fees for a French spreadsheet", async () => {
    const gardener = await holder([180], { name: "=Léa Martin", email: "lea@example.fr" });
    await getDb().transaction((tx) => callFees(tx, 2026, AMOUNTS, "marie"));
    const fee = (await feesOf(2026))[0]!;
    await getDb().transaction((tx) => markFeesPaid(tx, 2026, [fee.id], "2026-03-02", "helloasso"));
    const csv = await feesCsv(2026);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const rows = parse(csv.slice(1), { delimiter: ";" }) as string[][];
    expect(rows[0]).toEqual(["Jardinier", "Parcelles", "Montant (€)", "Payée le", "Moyen de paiement"]);
    // A name that a spreadsheet would take for a formula is written as text.
    expect(rows[1]).toEqual([
      "'=Léa Martin",
      expect.stringMatching(/^n° 1 \(Jardin/),
      "45,00",
      "02/03/2026",
      "HelloAsso",
    ]);
    const gardenersRows = parse((await gardenersCsv(2026)).slice(1), { delimiter: ";" }) as string[][];
    expect(gardenersRows[1]).toEqual(
      expect.arrayContaining(["'=Léa Martin", "lea@example.fr", "01/03/2024", "45,00", "02/03/2026"]),
    );
    expect(gardener.id).toBeGreaterThan(0);
  });
});
