import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import {
  associationContent,
  gardenerFees,
  gardenerPayments,
  history,
  onlinePayments,
  outbox,
  plotHoldings,
} from "~/db/schema";
import { saveHelloAssoSettings } from "~/modules/helloasso/helloasso.settings.server";
import { feeOfPaymentToken } from "~/modules/helloasso/payment-links.server";
import { describeEachDatabase } from "../../../tests/db";
import { insertContent, insertGardener, insertPlot, insertSite } from "../../../tests/factories";
import { answered, formPost, routeArgs } from "../../../tests/routes";
import { action as feesAction, loader as feesLoader } from "./fees";
import { loader as feeLoader } from "./fees-fee";

// HelloAsso on the bureau's fee screens: « Envoyer un lien de paiement » puts each fee's own link in its call or
// reminder only when asked and while online payment is on; the fees list marks and counts the fees paid online, and a
// fee's page shows a payment's means and reference and the payments started online with their state in French.

const marie = { id: null as unknown as number, username: "marie" };
const CALL = {
  intent: "call",
  year: "2026",
  small: "35",
  medium: "45",
  large: "55",
  dueOn: "2026-12-31",
  expected: "1",
  confirm: "on",
};
const LINK = /Payer en ligne : http:\/\/localhost:3000\/mon-jardin\/payer\/(\S+)/;

const post = (path: string, fields: Record<string, string>) =>
  feesAction(routeArgs(formPost(path, fields), { admin: marie }));
type Answer = { ok: boolean; message: string };

async function holder(name: string, email: string) {
  const site = await insertSite({ name: `Jardin ${name}` });
  const plot = await insertPlot(site.id, 1, { area: 120, state: "attribuee" });
  const gardener = await insertGardener({ name, email });
  await getDb().insert(plotHoldings).values({ plotId: plot.id, gardenerId: gardener.id, startDate: "2024-03-01" });
  return gardener;
}

/** Online payment set up, as the treasurer's settings save it. */
const onlineOn = () =>
  getDb().transaction((tx) =>
    saveHelloAssoSettings(
      tx,
      { environment: "sandbox", organizationSlug: "jardins-test", clientId: "client-1", clientSecret: "secret-1" },
      "claire",
    ),
  );

async function setUp() {
  await insertContent({});
  await getDb().update(associationContent).set({ feeIban: "FR76 3000 6000 0112 3456 7890 189" });
  return holder("Camille Roux", "camille@example.fr");
}

const mails = () => getDb().select().from(outbox);

describeEachDatabase("HelloAsso on the fee screens", () => {
  it("offers the box only while online payment is on", async () => {
    await setUp();
    const list = () =>
      feesLoader(routeArgs(new Request("http://localhost:3000/admin/cotisations?annee=2026"), { admin: marie }));
    expect((await list()).onlinePayment).toBe(false);
    await onlineOn();
    expect((await list()).onlinePayment).toBe(true);
  });

  it("puts each fee's own payment link in its call when asked, and the link leads back to that fee", async () => {
    const gardener = await setUp();
    await onlineOn();
    expect(await post("/admin/cotisations?annee=2026", { ...CALL, paymentLink: "on" })).toMatchObject({
      ok: true,
      message:
        "Appel à cotisation 2026 : 1 cotisation appelée, 1 e-mail en cours d'envoi, chacun avec son lien de paiement en ligne.",
    });
    const [fee] = await getDb().select().from(gardenerFees);
    expect(fee!.gardenerId).toBe(gardener.id);
    const [mail] = await mails();
    const token = LINK.exec(mail!.text)?.[1];
    expect(feeOfPaymentToken(token)).toBe(fee!.id);
    // Next to the usual instructions, not in their place.
    expect(mail!.text).toContain("FR76 3000 6000 0112 3456 7890 189");
    expect(mail!.html).toContain(`<a href="http://localhost:3000/mon-jardin/payer/${token}">`);
    const [entry] = await getDb().select().from(history);
    expect(entry!.detail).toBe(
      "1 jardinier appelé, à régler avant le 31 décembre 2026, avec un lien de paiement en ligne",
    );
  });

  it("leaves the call as it was without the box", async () => {
    await setUp();
    await onlineOn();
    expect(await post("/admin/cotisations?annee=2026", CALL)).toMatchObject({ ok: true });
    const [mail] = await mails();
    expect(mail!.text).not.toContain("Payer en ligne");
    expect(mail!.text).not.toContain("/mon-jardin/payer/");
    expect(mail!.html).not.toContain("/mon-jardin/payer/");
  });

  it("sends no call with the box ticked once online payment is off", async () => {
    await setUp();
    const refused = answered<Answer>(await post("/admin/cotisations?annee=2026", { ...CALL, paymentLink: "on" }));
    expect(refused.status).toBe(409);
    expect(refused.value.message).toBe(
      "L'appel n'a pas été envoyé : le paiement en ligne n'est plus actif. Décochez « Envoyer un lien de paiement », ou réactivez-le dans Trésorerie › Paramètres.",
    );
    expect(await getDb().select().from(gardenerFees)).toEqual([]);
    expect(await mails()).toEqual([]);
  });

  it("puts the link in a reminder only when asked", async () => {
    const gardener = await setUp();
    await onlineOn();
    const [fee] = await getDb()
      .insert(gardenerFees)
      .values({ gardenerId: gardener.id, year: 2026, amountCents: 3500, dueOn: "2026-01-31" })
      .returning();
    expect(await post("/admin/cotisations?annee=2026", { intent: "remind" })).toMatchObject({
      ok: true,
      message: "1 rappel en cours d'envoi.",
    });
    expect((await mails())[0]!.text).not.toContain("Payer en ligne");

    // A week later, as the reminders' gap wants.
    await getDb()
      .update(gardenerFees)
      .set({ remindedAt: new Date("2026-01-01T00:00:00Z") });
    expect(await post("/admin/cotisations?annee=2026", { intent: "remind", paymentLink: "on" })).toMatchObject({
      ok: true,
      message: "1 rappel en cours d'envoi, chacun avec son lien de paiement en ligne.",
    });
    const second = (await mails())[1]!;
    expect(second.subject).toBe("Rappel : cotisation 2026");
    expect(feeOfPaymentToken(LINK.exec(second.text)?.[1])).toBe(fee!.id);
    expect((await getDb().select().from(history)).map((h) => h.detail)).toEqual([
      "1 rappel",
      "1 rappel, avec un lien de paiement en ligne",
    ]);
  });

  it("marks and counts the fees paid through HelloAsso, and shows a fee's payment reference and online payments", async () => {
    const online = await holder("Camille Roux", "camille@example.fr");
    const byCheque = await holder("Paul Martin", "paul@example.fr");
    const [paidOnline, paidByCheque] = await getDb()
      .insert(gardenerFees)
      .values([
        { gardenerId: online.id, year: 2026, amountCents: 3500, dueOn: "2026-12-31" },
        { gardenerId: byCheque.id, year: 2026, amountCents: 3500, dueOn: "2026-12-31" },
      ])
      .returning();
    const [payment] = await getDb()
      .insert(gardenerPayments)
      .values([
        {
          gardenerId: online.id,
          kind: "cotisation" as const,
          year: 2026,
          feeId: paidOnline!.id,
          amountCents: 3500,
          paidOn: "2026-04-02",
          means: "helloasso",
          reference: "HelloAsso, commande n° 12345",
        },
        {
          gardenerId: byCheque.id,
          kind: "cotisation" as const,
          year: 2026,
          feeId: paidByCheque!.id,
          amountCents: 3500,
          paidOn: "2026-04-03",
          means: "cheque",
        },
      ])
      .returning();
    await getDb()
      .insert(onlinePayments)
      .values([
        {
          checkoutIntentId: 901,
          environment: "production",
          feeId: paidOnline!.id,
          gardenerId: online.id,
          amountCents: 3500,
          itemName: "Cotisation 2026",
          state: "abandonnee",
          createdAt: new Date("2026-04-01T10:00:00Z"),
        },
        {
          checkoutIntentId: 902,
          environment: "production",
          feeId: paidOnline!.id,
          gardenerId: online.id,
          amountCents: 3500,
          itemName: "Cotisation 2026",
          state: "payee",
          orderId: 12345,
          paymentId: payment!.id,
          createdAt: new Date("2026-04-02T10:00:00Z"),
        },
      ]);

    const list = await feesLoader(
      routeArgs(new Request("http://localhost:3000/admin/cotisations?annee=2026&reglees=1"), { admin: marie }),
    );
    expect(list.progress).toEqual({ called: 2, paid: 2, online: 1 });
    expect(list.fees.map((f) => [f.name, f.online, f.means])).toEqual([
      ["Paul Martin", false, "Chèque"],
      ["Camille Roux", true, "HelloAsso"],
    ]);

    const page = await feeLoader(
      routeArgs(new Request("http://localhost:3000/"), { admin: marie, params: { id: String(paidOnline!.id) } }),
    );
    expect(page.payments.map((p) => [p.amount, p.means, p.reference])).toEqual([
      ["35,00\u00a0€", "HelloAsso", "HelloAsso, commande n° 12345"],
    ]);
    expect(page.online.map((p) => [p.date, p.amount, p.state, p.note])).toEqual([
      ["2 avril 2026", "35,00\u00a0€", "payée", "commande n° 12345"],
      ["1er avril 2026", "35,00\u00a0€", "abandonnée", ""],
    ]);
    const other = await feeLoader(
      routeArgs(new Request("http://localhost:3000/"), { admin: marie, params: { id: String(paidByCheque!.id) } }),
    );
    expect(other.online).toEqual([]);
  });
});
