import { eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { gardenerFees, gardenerPayments, history, onlinePayments, outbox, plotHoldings } from "~/db/schema";
import { euros } from "~/lib/money";
import { describeEachDatabase } from "../../../tests/db";
import { usePrivateDocumentsDir } from "../../../tests/documents";
import { insertContent, insertGardener, insertPlot, insertSite } from "../../../tests/factories";
import type { FakeHelloAsso } from "../../../tests/fakes/helloasso";
import { configureHelloAsso, useFakeHelloAsso } from "../../../tests/helloasso";
import { countRemindable } from "~/modules/register/fees.server";
import { AnomalyRefusal, checkAnomalyRefund, openAnomalies, recordAnomaly, setAnomalyAside } from "./anomalies.server";
import { anomalyAction, anomalyLinks } from "./helloasso.admin.server";
import { forgetHelloAssoTokens } from "./helloasso.client.server";
import { receiveNotification, startFeePayment } from "./online-payments.server";
import { actionOutcome } from "../../../tests/routes";

const ORIGIN = "https://jardins.example.org";
const fakeHelloAsso = useFakeHelloAsso();
let fake: FakeHelloAsso;
const bureau = { id: null, username: "tresoriere" };

beforeEach(() => {
  fake = fakeHelloAsso();
  forgetHelloAssoTokens();
  fake.refuseToken = false;
  fake.slowMs = 0;
  fake.notify = "never";
  fake.requests.length = 0;
});

/**
 * Camille Roux's 2026 fee of 45 €, due long ago, paid 10 € on HelloAsso's page instead: an « anomalie » awaiting the
 * bureau.
 */
async function anomaly() {
  await insertContent();
  const site = await insertSite({ name: "Les Brotteaux" });
  const plot = await insertPlot(site.id, 12, { state: "attribuee" });
  const gardener = await insertGardener({ name: "Camille Roux", email: "camille.roux@example.fr" });
  await getDb().insert(plotHoldings).values({ plotId: plot.id, gardenerId: gardener.id, startDate: "2024-03-01" });
  const [fee] = await getDb()
    .insert(gardenerFees)
    .values({ gardenerId: gardener.id, year: 2026, amountCents: 4500, dueOn: "2026-03-31", calledAt: new Date() })
    .returning();
  await configureHelloAsso(fake);
  const started = await startFeePayment(fee!.id, ORIGIN);
  if (!("redirectUrl" in started)) throw new Error("not started");
  const [row] = await getDb().select().from(onlinePayments).where(eq(onlinePayments.feeId, fee!.id));
  const order = await fake.pay(row!.checkoutIntentId!, { amount: 1000 });
  await receiveNotification(fake.orderNotification(order.id));
  return { fee: fee!, row: row!, order };
}

const feeOf = async (id: number) => (await getDb().select().from(gardenerFees).where(eq(gardenerFees.id, id)))[0]!;

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AnomalyRefusal);
  return (error as AnomalyRefusal).message;
}

describeEachDatabase("a HelloAsso payment awaiting the bureau", () => {
  usePrivateDocumentsDir();

  it("keeps its fee from being late or reminded, is listed to treat, and records the amount received with its receipt", async () => {
    const { fee, row } = await anomaly();
    expect((await feeOf(fee.id)).onlineAnomaly).toMatch(/^montant différent : 10,00\s€ payés chez HelloAsso/);
    // Past due and unpaid, yet not reminded: the gardener paid something.
    expect(await countRemindable(2026)).toBe(0);
    expect(await anomalyLinks()).toEqual([
      expect.objectContaining({ to: `/admin/cotisations/${fee.id}#en-ligne`, label: "Camille Roux, cotisation 2026" }),
    ]);

    expect(await recordAnomaly(row.id, bureau)).toBe(
      `Paiement enregistré : ${euros(1000)} reçus par HelloAsso. Le reçu n° 2026-0001 part par e-mail.`,
    );
    const payments = await getDb().select().from(gardenerPayments).where(eq(gardenerPayments.feeId, fee.id));
    expect(payments.map((p) => [p.amountCents, p.means])).toEqual([[1000, "helloasso"]]);
    const [after] = await getDb().select().from(onlinePayments).where(eq(onlinePayments.id, row.id));
    expect(after).toMatchObject({ state: "payee", paymentId: payments[0]!.id, treatedBy: "tresoriere" });
    expect((await feeOf(fee.id)).onlineAnomaly).toBe("");
    expect(await openAnomalies()).toEqual([]);
    // The rest is owed again: the fee is late and remindable once more.
    expect(await countRemindable(2026)).toBe(1);
    expect((await getDb().select().from(outbox)).map((m) => m.subject).join(" ")).toMatch(/[Rr]eçu/);
    // Treated once: a second click finds nothing to treat.
    expect(await refusal(recordAnomaly(row.id, bureau))).toBe(
      "Ce paiement n'attend plus le bureau : la page a peut-être changé entre-temps.",
    );
  });

  it("believes a refund only when HelloAsso shows it, and sets a payment aside with a note", async () => {
    const first = await anomaly();
    expect(await refusal(checkAnomalyRefund(first.row.id))).toBe(
      `HelloAsso ne montre pas de remboursement pour la commande n° ${first.order.id} : remboursez-la depuis l'espace de l'association sur HelloAsso, puis vérifiez de nouveau.`,
    );
    expect((await feeOf(first.fee.id)).onlineAnomaly).not.toBe("");
    await fake.refund(first.order.id);
    expect(await checkAnomalyRefund(first.row.id)).toBe(
      `Remboursement vu chez HelloAsso (commande n° ${first.order.id}) : traité.`,
    );
    const [refunded] = await getDb().select().from(onlinePayments).where(eq(onlinePayments.id, first.row.id));
    expect(refunded).toMatchObject({ state: "remboursee", treatment: "remboursé" });
    expect((await feeOf(first.fee.id)).onlineAnomaly).toBe("");
    expect(await getDb().select().from(gardenerPayments)).toEqual([]);

    // Flagged again, then set aside: booked by hand, the fee waits no more.
    const [row] = await getDb()
      .update(onlinePayments)
      .set({ state: "anomalie", treatedAt: null, treatment: "" })
      .where(eq(onlinePayments.id, first.row.id))
      .returning();
    await getDb().update(gardenerFees).set({ onlineAnomaly: "à vérifier" }).where(eq(gardenerFees.id, first.fee.id));
    expect(await setAnomalyAside(row!.id, "passé à la main dans le livre", bureau)).toBe(
      "Paiement mis de côté avec sa note.",
    );
    expect((await feeOf(first.fee.id)).onlineAnomaly).toBe("");
    expect(await openAnomalies()).toEqual([]);
    const logged = (await getDb().select().from(history)).map((h) => h.detail);
    expect(logged).toContain("mis de côté par le bureau : passé à la main dans le livre");
  });

  it("is treated on the book's overview once its fee is erased: listed there, refused a recording, set aside", async () => {
    const { fee, row } = await anomaly();
    await getDb().delete(gardenerFees).where(eq(gardenerFees.id, fee.id));
    expect(await anomalyLinks()).toEqual([
      expect.objectContaining({
        id: row.id,
        to: "/admin/tresorerie#paiements-a-traiter",
        erased: true,
        received: euros(1000),
        label: "Camille Roux (cotisation effacée)",
      }),
    ]);
    // What the book's overview posts (its action is the helloasso module's).
    const treat = (fields: Record<string, string>) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.set(k, v);
      return anomalyAction(form, bureau).then(actionOutcome);
    };
    expect(await treat({ intent: "anomaly-record", payment: String(row.id) })).toMatchObject({
      status: 409,
      value: { message: expect.stringContaining("La cotisation de ce paiement a été effacée") },
    });
    expect(
      await treat({ intent: "anomaly-aside", payment: String(row.id), note: "passé à la main, don" }),
    ).toMatchObject({
      status: 200,
      value: { ok: true, message: "Paiement mis de côté avec sa note." },
    });
    expect(await openAnomalies()).toEqual([]);
  });
});
