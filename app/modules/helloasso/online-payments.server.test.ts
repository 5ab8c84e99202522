import { eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import {
  gardenerFees,
  gardenerPayments,
  helloassoNotifications,
  helloassoSettings,
  history,
  onlinePayments,
  outbox,
  plotHoldings,
  treasuryAccounts,
  treasuryEntries,
  treasuryReceipts,
} from "~/db/schema";
import { euros } from "~/lib/money";
import { parisToday } from "~/lib/paris-time";
import { describeEachDatabase } from "../../../tests/db";
import { usePrivateDocumentsDir } from "../../../tests/documents";
import { insertContent, insertGardener, insertPlot, insertSite } from "../../../tests/factories";
import type { FakeHelloAsso } from "../../../tests/fakes/helloasso";
import { configureHelloAsso, useFakeHelloAsso } from "../../../tests/helloasso";
import { forgetHelloAssoTokens, HELLOASSO_TIMEOUT } from "./helloasso.client.server";
import {
  checkOnlinePayment,
  checkPendingOnlinePayments,
  receiveNotification,
  startFeePayment,
} from "./online-payments.server";
import {
  feeOfPaymentToken,
  feePaymentLink,
  feePaymentToken,
  paymentOfReturnToken,
  paymentReturnToken,
} from "./payment-links.server";

const ORIGIN = "https://jardins.example.org";
const fakeHelloAsso = useFakeHelloAsso();
let fake: FakeHelloAsso;

beforeEach(() => {
  fake = fakeHelloAsso();
  forgetHelloAssoTokens();
  fake.refuseToken = false;
  fake.slowMs = 0;
  fake.notify = "once";
  fake.requests.length = 0;
  fake.tokensIssued = 0;
  HELLOASSO_TIMEOUT.ms = 10_000;
});

/** Camille Roux, plot 12 of Les Brotteaux, owes a 2027 fee of 45 €. */
async function owedFee(amountCents = 4500) {
  await insertContent();
  const site = await insertSite({ name: "Les Brotteaux" });
  const plot = await insertPlot(site.id, 12, { state: "attribuee" });
  const gardener = await insertGardener({ name: "Camille Roux", email: "camille.roux@example.fr" });
  await getDb().insert(plotHoldings).values({ plotId: plot.id, gardenerId: gardener.id, startDate: "2024-03-01" });
  const [fee] = await getDb()
    .insert(gardenerFees)
    .values({ gardenerId: gardener.id, year: 2027, amountCents, dueOn: "2027-03-31", calledAt: new Date() })
    .returning();
  return { gardener, fee: fee! };
}

/** Starts a payment and returns its row and the intent HelloAsso holds. */
async function started(feeId: number) {
  const result = await startFeePayment(feeId, ORIGIN);
  if (!("redirectUrl" in result)) throw new Error(`not started: ${result.outcome}`);
  const [row] = await getDb().select().from(onlinePayments).where(eq(onlinePayments.feeId, feeId));
  return { row: row!, intent: fake.intents.get(row!.checkoutIntentId!)!, redirectUrl: result.redirectUrl };
}

const paymentsOf = (feeId: number) => getDb().select().from(gardenerPayments).where(eq(gardenerPayments.feeId, feeId));

describeEachDatabase("paying a fee online through HelloAsso", () => {
  usePrivateDocumentsDir();

  it("offers nothing while the settings are incomplete, and says to try later when HelloAsso refuses the client", async () => {
    const { fee } = await owedFee();
    expect(await startFeePayment(fee.id, ORIGIN)).toEqual({ outcome: "indisponible" });
    await configureHelloAsso(fake);
    fake.refuseToken = true;
    expect(await startFeePayment(fee.id, ORIGIN)).toEqual({ outcome: "indisponible" });
    // No row left waiting for an answer that cannot come.
    expect(await getDb().select().from(onlinePayments)).toEqual([]);
  });

  it("creates the checkout intent for the balance, with the fee and plot in its name and the site's return addresses", async () => {
    const { fee, gardener } = await owedFee();
    await configureHelloAsso(fake);
    const { row, intent, redirectUrl } = await started(fee.id);
    expect(redirectUrl).toBe(`${fake.url}/checkout/${intent.id}`);
    expect(intent.body).toMatchObject({
      totalAmount: 4500,
      initialAmount: 4500,
      itemName: "Cotisation 2027 — parcelle 12",
      returnUrl: `${ORIGIN}/mon-jardin/paiement/${paymentReturnToken(row.id)}/retour`,
      backUrl: `${ORIGIN}/mon-jardin/paiement/${paymentReturnToken(row.id)}/abandon`,
      errorUrl: `${ORIGIN}/mon-jardin/paiement/${paymentReturnToken(row.id)}/erreur`,
      payer: { firstName: "Camille", lastName: "Roux", email: "camille.roux@example.fr" },
      metadata: { paiement: row.id, cotisation: fee.id, annee: 2027 },
    });
    expect(row).toMatchObject({
      state: "en_cours",
      amountCents: 4500,
      gardenerId: gardener.id,
      environment: "production",
    });
  });

  it("keeps one token for its 30 minutes, and asks a new one when HelloAsso stops taking it", async () => {
    const first = await owedFee();
    await configureHelloAsso(fake);
    await started(first.fee.id);
    await started(first.fee.id);
    expect(fake.tokensIssued).toBe(1);
    expect(fake.requests.filter((r) => r === "POST /oauth2/token")).toHaveLength(1);
    fake.revokeTokens();
    await started(first.fee.id);
    expect(fake.tokensIssued).toBe(2);
  });

  it("records a paid notification once: the payment, its book entry, the receipt e-mailed and the history", async () => {
    const { fee, gardener } = await owedFee();
    await configureHelloAsso(fake);
    const { row, intent } = await started(fee.id);
    fake.notify = "never";
    const order = await fake.pay(intent.id);
    expect(await receiveNotification(fake.orderNotification(order.id))).toBe("paiement enregistré");

    const [payment] = await paymentsOf(fee.id);
    expect(payment).toMatchObject({
      amountCents: 4500,
      means: "helloasso",
      reference: `HelloAsso, commande n° ${order.id}`,
      gardenerId: gardener.id,
    });
    const [entry] = await getDb().select().from(treasuryEntries).where(eq(treasuryEntries.paymentId, payment!.id));
    expect(entry).toMatchObject({
      means: "helloasso",
      amountCents: 4500,
      reference: `HelloAsso, commande n° ${order.id}`,
    });
    const [receipt] = await getDb().select().from(treasuryReceipts).where(eq(treasuryReceipts.entryId, entry!.id));
    expect(receipt?.sentAt).not.toBeNull();
    const mails = await getDb().select().from(outbox).where(eq(outbox.to, "camille.roux@example.fr"));
    expect(mails).toHaveLength(1);
    const [settled] = await getDb().select().from(onlinePayments).where(eq(onlinePayments.id, row.id));
    expect(settled).toMatchObject({ state: "payee", orderId: order.id, paymentId: payment!.id });
    const kinds = (await getDb().select().from(history)).map((h) => [h.kind, h.actor]);
    expect(kinds).toContainEqual(["cotisation.paiement-en-ligne", "HelloAsso"]);

    // The same notification again, and the gardener's return: nothing more.
    expect(await receiveNotification(fake.orderNotification(order.id))).toBe("déjà enregistré");
    expect((await checkOnlinePayment(row.id, "retour")).outcome).toBe("recu");
    expect(await paymentsOf(fee.id)).toHaveLength(1);
    expect(await getDb().select().from(helloassoNotifications)).toHaveLength(2);
  });

  it("records nothing of a payment in HelloAsso's sandbox: the try is noted, the fee stays due", async () => {
    const { fee } = await owedFee();
    await configureHelloAsso(fake, "sandbox");
    const { row, intent } = await started(fee.id);
    fake.notify = "never";
    const order = await fake.pay(intent.id);
    const checked = await checkOnlinePayment(row.id, "retour");
    expect(checked).toMatchObject({ outcome: "essai", note: "essai, rien n'est enregistré dans les comptes" });
    expect(checked.payment).toMatchObject({ state: "payee", orderId: order.id, paymentId: null });
    expect(await paymentsOf(fee.id)).toEqual([]);
    expect(await getDb().select().from(treasuryEntries)).toEqual([]);
    expect(await getDb().select().from(treasuryReceipts)).toEqual([]);
    expect(await getDb().select().from(outbox)).toEqual([]);
    const [logged] = await getDb().select().from(history).where(eq(history.kind, "cotisation.paiement-en-ligne"));
    expect(logged?.detail).toContain("bac à sable, essai, rien n'est enregistré dans les comptes");
    // Seen again (a notification, the periodic check): still a try; the balance can be paid for real.
    expect(await receiveNotification(fake.orderNotification(order.id))).toBe("déjà enregistré");
    expect((await checkOnlinePayment(row.id, "vérification")).outcome).toBe("essai");
    await getDb().delete(onlinePayments);
    expect(await startFeePayment(fee.id, ORIGIN)).toHaveProperty("redirectUrl");
  });

  it("dates the payment by the order's day in Paris, and today's when HelloAsso's date does not read as one", async () => {
    const late = await owedFee();
    await configureHelloAsso(fake);
    const first = await started(late.fee.id);
    fake.notify = "never";
    const lateOrder = await fake.pay(first.intent.id);
    // 23:30 UTC on the 4th is the 5th in Paris.
    lateOrder.date = "2027-03-04T23:30:00Z";
    expect((await checkOnlinePayment(first.row.id, "retour")).outcome).toBe("recu");
    expect((await paymentsOf(late.fee.id))[0]?.paidOn).toBe("2027-03-05");

    const [fee] = await getDb()
      .insert(gardenerFees)
      .values({ gardenerId: late.gardener.id, year: 2028, amountCents: 4500, dueOn: "2028-03-31" })
      .returning();
    const second = await started(fee!.id);
    const unreadable = await fake.pay(second.intent.id);
    unreadable.date = "le 5 mars";
    expect((await checkOnlinePayment(second.row.id, "retour")).outcome).toBe("recu");
    expect((await paymentsOf(fee!.id))[0]?.paidOn).toBe(parisToday());
  });

  it("records one payment for the same notification 20 times at once", async () => {
    const { fee } = await owedFee();
    await configureHelloAsso(fake);
    const { intent } = await started(fee.id);
    fake.notify = "never";
    const order = await fake.pay(intent.id);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => receiveNotification(fake.orderNotification(order.id))),
    );
    expect(outcomes.filter((o) => o === "paiement enregistré")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "déjà enregistré")).toHaveLength(19);
    expect(await paymentsOf(fee.id)).toHaveLength(1);
    expect(await getDb().select().from(treasuryEntries).where(eq(treasuryEntries.means, "helloasso"))).toHaveLength(1);
    expect(await getDb().select().from(treasuryReceipts)).toHaveLength(1);
    expect(await getDb().select().from(helloassoNotifications)).toHaveLength(20);
  });

  it("believes nothing a notification says: a forged one changes nothing, and is logged", async () => {
    const { fee } = await owedFee();
    await configureHelloAsso(fake);
    const { row, intent } = await started(fee.id);
    // Claims a paid order for our intent, which HelloAsso has not been paid for.
    const forged = {
      eventType: "Order",
      data: {
        id: 999_999,
        amount: { total: 4500 },
        checkoutIntentId: intent.id,
        payments: [{ id: 1, amount: 4500, state: "Authorized" }],
      },
      metadata: { paiement: row.id },
    };
    expect(await receiveNotification(forged)).toBe("aucune commande chez HelloAsso");
    expect(await receiveNotification({ eventType: "Order", data: { id: 5 }, metadata: { paiement: 12345 } })).toBe(
      "ne correspond à aucun paiement commencé sur le site",
    );
    expect(await receiveNotification("n'importe quoi")).toBe("ne correspond à aucun paiement commencé sur le site");
    // Ids beyond the columns' integers name nothing, rather than failing the query.
    expect(
      await receiveNotification({
        eventType: "Order",
        data: { id: 1e15, checkoutIntentId: 2 ** 40 },
        metadata: { paiement: 2 ** 31 },
      }),
    ).toBe("ne correspond à aucun paiement commencé sur le site");
    expect(await paymentsOf(fee.id)).toEqual([]);
    const logged = await getDb().select().from(helloassoNotifications);
    expect(logged.map((n) => n.outcome)).toHaveLength(4);
  });

  it("records a notification announcing another amount by what HelloAsso's API says, and notes the difference", async () => {
    const { fee } = await owedFee();
    await configureHelloAsso(fake);
    const { intent } = await started(fee.id);
    fake.notify = "never";
    const order = await fake.pay(intent.id);
    const outcome = await receiveNotification(fake.orderNotification(order.id, 100));
    expect(outcome).toBe(`paiement enregistré (la notification annonçait ${euros(100)})`);
    expect((await paymentsOf(fee.id)).map((p) => p.amountCents)).toEqual([4500]);
  });

  it("records nothing when the order's amount differs from the balance asked, and flags it for the bureau", async () => {
    const { fee } = await owedFee();
    await configureHelloAsso(fake);
    const { row, intent } = await started(fee.id);
    fake.notify = "never";
    const order = await fake.pay(intent.id, { amount: 1000 });
    const outcome = await receiveNotification(fake.orderNotification(order.id));
    expect(outcome).toContain(`montant différent : ${euros(1000)} payés chez HelloAsso pour ${euros(4500)} demandés`);
    expect(await paymentsOf(fee.id)).toEqual([]);
    const [flagged] = await getDb().select().from(onlinePayments).where(eq(onlinePayments.id, row.id));
    expect(flagged?.state).toBe("anomalie");
    expect((await getDb().select().from(history)).map((h) => h.kind)).toContain(
      "cotisation.paiement-en-ligne-anomalie",
    );
    // The gardener, who paid, is told the bureau checks it: not that nothing was taken.
    expect((await checkOnlinePayment(row.id, "retour")).outcome).toBe("anomalie");
  });

  it("flags a payment the book refuses (its year not kept here) for the bureau, without failing the check", async () => {
    const { fee } = await owedFee();
    await configureHelloAsso(fake);
    const { row, intent } = await started(fee.id);
    fake.notify = "never";
    await fake.pay(intent.id);
    // The book is kept from next year: a payment of today cannot be booked.
    await getDb()
      .update(treasuryAccounts)
      .set({ openingYear: Number(parisToday().slice(0, 4)) + 1 });
    // First seen by the periodic check: no error, the payment flagged.
    await getDb()
      .update(onlinePayments)
      .set({ createdAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(onlinePayments.id, row.id));
    expect(await checkPendingOnlinePayments()).toEqual({ checked: 1, settled: 0 });
    const checked = await checkOnlinePayment(row.id, "retour");
    expect(checked.outcome).toBe("anomalie");
    expect(checked.note).toMatch(
      /^45,00\s€ reçus le .+ à enregistrer à la main : Le compte « HelloAsso à recevoir » est tenu ici depuis/,
    );
    expect(checked.payment?.state).toBe("anomalie");
    expect(await paymentsOf(fee.id)).toEqual([]);
    expect(await getDb().select().from(treasuryEntries)).toEqual([]);
    const flags = await getDb().select().from(history).where(eq(history.kind, "cotisation.paiement-en-ligne-anomalie"));
    expect(flags).toHaveLength(1);
  });

  it("settles by the gardener's return when no notification ever comes, and by the periodic check when neither does", async () => {
    const a = await owedFee();
    await configureHelloAsso(fake);
    const first = await started(a.fee.id);
    fake.notify = "never";
    await fake.pay(first.intent.id);
    expect((await checkOnlinePayment(first.row.id, "retour")).outcome).toBe("recu");
    expect(await paymentsOf(a.fee.id)).toHaveLength(1);

    const other = await insertGardener({ name: "Louis Martin" });
    const [fee] = await getDb()
      .insert(gardenerFees)
      .values({ gardenerId: other.id, year: 2027, amountCents: 3000, dueOn: "2027-03-31" })
      .returning();
    const second = await started(fee!.id);
    await fake.pay(second.intent.id);
    expect(await checkPendingOnlinePayments(new Date(Date.now() + 10 * 60_000))).toEqual({ checked: 1, settled: 1 });
    expect(await paymentsOf(fee!.id)).toHaveLength(1);
  });

  it("abandons a payment left unpaid two days, and still asks HelloAsso about one abandoned in its first days", async () => {
    const { fee } = await owedFee();
    await configureHelloAsso(fake);
    const { row, intent } = await started(fee.id);
    fake.notify = "never";
    const inTwoDays = new Date(Date.now() + 2 * 24 * 3_600_000 + 60_000);
    expect(await checkPendingOnlinePayments(inTwoDays)).toEqual({ checked: 1, settled: 0 });
    const [abandoned] = await getDb().select().from(onlinePayments).where(eq(onlinePayments.id, row.id));
    expect(abandoned?.state).toBe("abandonnee");
    // The payer went back to HelloAsso's page and paid; its notification was lost: the next check still records it.
    await fake.pay(intent.id);
    expect(await checkPendingOnlinePayments(new Date(inTwoDays.getTime() + 3_600_000))).toEqual({
      checked: 1,
      settled: 1,
    });
    expect(await paymentsOf(fee.id)).toHaveLength(1);
    // Past three days an abandoned payment is no longer asked about.
    const louis = await insertGardener({ name: "Louis Martin" });
    const [late] = await getDb()
      .insert(gardenerFees)
      .values({ gardenerId: louis.id, year: 2027, amountCents: 3000, dueOn: "2027-03-31" })
      .returning();
    await started(late!.id);
    const inFourDays = new Date(Date.now() + 4 * 24 * 3_600_000);
    expect(await checkPendingOnlinePayments(inFourDays)).toEqual({ checked: 1, settled: 0 });
    fake.requests.length = 0;
    expect(await checkPendingOnlinePayments(new Date(inFourDays.getTime() + 3_600_000))).toEqual({
      checked: 0,
      settled: 0,
    });
    expect(fake.requests).toEqual([]);
  });

  it("signs the return addresses: another payment's number or an altered signature names nothing", async () => {
    const token = paymentReturnToken(41);
    expect(token).toMatch(/^41-[A-Za-z0-9_-]{24}$/);
    expect(paymentOfReturnToken(token)).toBe(41);
    expect(paymentOfReturnToken(`42-${token.slice(3)}`)).toBeNull();
    expect(paymentOfReturnToken("41")).toBeNull();
    // A return address is no payment link: the same id signed for a fee does not open the payment.
    expect(paymentOfReturnToken(feePaymentToken(41))).toBeNull();
  });

  it("undoes the payment and its book entry when HelloAsso shows the order refunded", async () => {
    const { fee } = await owedFee();
    await configureHelloAsso(fake);
    const { row, intent } = await started(fee.id);
    fake.notify = "never";
    const order = await fake.pay(intent.id);
    await receiveNotification(fake.orderNotification(order.id));
    expect(await paymentsOf(fee.id)).toHaveLength(1);
    for (const payment of fake.orders.get(order.id)!.payments) payment.state = "Refunded";
    const outcome = await receiveNotification({
      eventType: "Payment",
      data: { id: 1, amount: 4500, state: "Refunded", order: { id: order.id, checkoutIntentId: intent.id } },
      metadata: { paiement: row.id },
    });
    expect(outcome).toBe(`paiement annulé : remboursé chez HelloAsso (commande n° ${order.id})`);
    expect(await paymentsOf(fee.id)).toEqual([]);
    expect(await getDb().select().from(treasuryEntries).where(eq(treasuryEntries.means, "helloasso"))).toEqual([]);
    const [after] = await getDb().select().from(onlinePayments).where(eq(onlinePayments.id, row.id));
    expect(after?.state).toBe("remboursee");
    expect((await getDb().select().from(history)).map((h) => h.kind)).toContain(
      "cotisation.paiement-en-ligne-rembourse",
    );
  });

  it("says to try again later when HelloAsso is too slow, and waits for a slow answer within its time", async () => {
    const { fee } = await owedFee();
    await configureHelloAsso(fake);
    fake.slowMs = 300;
    HELLOASSO_TIMEOUT.ms = 100;
    expect(await startFeePayment(fee.id, ORIGIN)).toEqual({ outcome: "indisponible" });
    HELLOASSO_TIMEOUT.ms = 5_000;
    const result = await startFeePayment(fee.id, ORIGIN);
    expect("redirectUrl" in result).toBe(true);
  });

  it("refuses calmly an intent id it already holds (another site's database restored here), leaving nothing started", async () => {
    const { fee } = await owedFee();
    await configureHelloAsso(fake);
    const { row } = await started(fee.id);
    // The next intent HelloAsso makes carries the same id as the first.
    await getDb()
      .update(onlinePayments)
      .set({ checkoutIntentId: Math.max(...fake.intents.keys()) + 1 })
      .where(eq(onlinePayments.id, row.id));
    expect(await startFeePayment(fee.id, ORIGIN)).toEqual({ outcome: "indisponible" });
    expect(await getDb().select().from(onlinePayments)).toHaveLength(1);
  });

  it("offers nothing to pay on a fee already settled", async () => {
    const { fee } = await owedFee();
    await configureHelloAsso(fake);
    await getDb()
      .update(gardenerFees)
      .set({ status: "cancelled", reason: "départ" })
      .where(eq(gardenerFees.id, fee.id));
    expect(await startFeePayment(fee.id, ORIGIN)).toEqual({ outcome: "deja" });
  });

  it("keeps the client secret sealed in the table", async () => {
    await configureHelloAsso(fake);
    const [row] = await getDb().select().from(helloassoSettings);
    expect(row?.clientSecretSealed).toMatch(/^v1\./);
    expect(row?.clientSecretSealed).not.toContain(fake.clientSecret);
  });
});

it("makes payment links that name their fee and cannot be altered into another's", () => {
  const token = feePaymentToken(42);
  expect(feeOfPaymentToken(token)).toBe(42);
  expect(feePaymentLink(42, "https://jardins.example.org/")).toBe(
    `https://jardins.example.org/mon-jardin/payer/${token}`,
  );
  expect(feeOfPaymentToken(token.replace(/^42/, "43"))).toBeNull();
  expect(feeOfPaymentToken("42")).toBeNull();
  expect(feeOfPaymentToken(undefined)).toBeNull();
});
