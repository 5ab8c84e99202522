import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { associationContent, gardenerFees, gardenerPayments, history, outbox, plotHoldings } from "~/db/schema";
import { describeEachDatabase } from "../../../tests/db";
import { insertContent, insertGardener, insertPlot, insertSite } from "../../../tests/factories";
import { answered, formPost, routeArgs } from "../../../tests/routes";
import { action as feesAction } from "./fees";
import { action as feeAction, loader as feeLoader } from "./fees-fee";
import { action as gardenerAction } from "./gardener";

// The fee forms as a browser sends them: the call checked before it goes, a partial payment, waive and cancel, the
// departure's question; each change in Historique.

const marie = { id: null as unknown as number, username: "marie" };
const post = <T>(run: (args: never) => Promise<T>, path: string, fields: Record<string, string>, id?: number) =>
  run(routeArgs(formPost(path, fields), { admin: marie, params: id === undefined ? {} : { id: String(id) } }));
type Answer = { ok: boolean; message: string; errors?: Record<string, string>; preview?: { recipients: number } };

const CALL = { year: "2026", small: "35", medium: "45", large: "55", dueOn: "2026-12-31" };

async function holder(name: string, email: string) {
  const site = await insertSite({ name: `Jardin ${name}` });
  const plot = await insertPlot(site.id, 1, { area: 120, state: "attribuee" });
  const gardener = await insertGardener({ name, email });
  await getDb().insert(plotHoldings).values({ plotId: plot.id, gardenerId: gardener.id, startDate: "2024-03-01" });
  return gardener;
}

describeEachDatabase("the fee forms", () => {
  it("previews the call, refuses it without payment details or without the box, then sends it", async () => {
    await insertContent({});
    await holder("Camille Roux", "camille@example.fr");
    await holder("Paul Sans", "");
    const preview = (await post(feesAction, "/admin/cotisations?annee=2026", { intent: "preview", ...CALL })) as Answer;
    expect(preview.ok).toBe(true);
    expect(preview.preview).toMatchObject({ recipients: 2, withoutEmail: ["Paul Sans"] });

    // The default settings: no means of payment, the call names what is missing.
    const refused = answered<Answer>(
      await post(feesAction, "/admin/cotisations?annee=2026", {
        intent: "call",
        ...CALL,
        expected: "2",
        confirm: "on",
      }),
    );
    expect(refused.status).toBe(409);
    expect(refused.value.message).toContain("aucun moyen de paiement");
    await getDb().update(associationContent).set({ feeIban: "FR76 3000 6000 0112 3456 7890 189" });

    const unconfirmed = answered<Answer>(
      await post(feesAction, "/admin/cotisations?annee=2026", { intent: "call", ...CALL, expected: "2" }),
    );
    expect([unconfirmed.status, unconfirmed.value.errors]).toEqual([
      409,
      { confirm: "Cochez la case pour confirmer l'envoi." },
    ]);
    const stale = answered<Answer>(
      await post(feesAction, "/admin/cotisations?annee=2026", {
        intent: "call",
        ...CALL,
        expected: "1",
        confirm: "on",
      }),
    );
    expect(stale.value.message).toContain("il concerne maintenant 2 jardiniers");
    expect(await getDb().select().from(gardenerFees)).toEqual([]);

    const sent = (await post(feesAction, "/admin/cotisations?annee=2026", {
      intent: "call",
      ...CALL,
      expected: "2",
      confirm: "on",
    })) as Answer & { withoutEmail: string[] };
    expect(sent).toMatchObject({ ok: true, withoutEmail: ["Paul Sans"] });
    expect((await getDb().select().from(outbox)).map((m) => m.to)).toEqual(["camille@example.fr"]);
    expect((await getDb().select().from(history)).map((h) => [h.kind, h.detail])).toEqual([
      ["cotisation.appel", "2 jardiniers appelés, à régler avant le 31 décembre 2026"],
    ]);
  });

  it("records a partial payment, waives and cancels on the fee's page, each in Historique", async () => {
    const gardener = await holder("Rachid Amrani", "rachid@example.fr");
    const [fee] = await getDb()
      .insert(gardenerFees)
      .values({ gardenerId: gardener.id, year: 2026, amountCents: 5500, dueOn: "2026-10-01" })
      .returning();
    const path = `/admin/cotisations/${fee!.id}`;
    const paid = await post(
      feeAction,
      path,
      { intent: "pay", amount: "30", paidOn: "2026-10-02", means: "cheque" },
      fee!.id,
    );
    expect(paid).toMatchObject({ ok: true, message: "Paiement enregistré : 30,00\u00a0€. Reste 25,00\u00a0€." });
    const bad = answered<Answer>(
      await post(feeAction, path, { intent: "pay", amount: "0", paidOn: "2026-10-02", means: "cheque" }, fee!.id),
    );
    expect([bad.status, bad.value.errors]).toEqual([400, { amount: "Indiquez un montant supérieur à zéro." }]);
    const tooMuch = answered<Answer>(
      await post(feeAction, path, { intent: "waive", remaining: "30", reason: "Erreur" }, fee!.id),
    );
    expect(tooMuch.value.errors).toEqual({
      remaining: "Indiquez au plus ce qui reste à payer sans exonération, 25,00\u00a0€.",
    });
    // « Reste à payer » is what is left beyond the 30 € paid: 10 € more, so 15 € waived, never an overpayment.
    expect(
      await post(feeAction, path, { intent: "waive", remaining: "10", reason: "Tarif réduit" }, fee!.id),
    ).toMatchObject({
      ok: true,
      message: "Exonération enregistrée : 15,00\u00a0€ exonérés, 10,00\u00a0€ restent à payer.",
    });
    const waived = await feeLoader(
      routeArgs(new Request(`http://localhost${path}`), { admin: marie, params: { id: String(fee!.id) } }),
    );
    expect(waived.fee).toMatchObject({ owed: "40,00\u00a0€", paid: "30,00\u00a0€", balanceField: "10" });
    expect(await post(feeAction, path, { intent: "cancel", reason: "Départ" }, fee!.id)).toMatchObject({ ok: true });
    const again = answered<Answer>(await post(feeAction, path, { intent: "cancel", reason: "Départ" }, fee!.id));
    expect(again.status).toBe(409);
    expect(await getDb().select().from(gardenerPayments)).toHaveLength(1);
    expect((await getDb().select().from(history)).map((h) => h.kind)).toEqual([
      "jardinier.paiement",
      "cotisation.exoneration",
      "cotisation.annulation",
    ]);
  });

  it("asks a leaver's departure what becomes of the open fee, and cancels it with the reason", async () => {
    const gardener = await holder("Rachid Amrani", "rachid@example.fr");
    await getDb()
      .insert(gardenerFees)
      .values({ gardenerId: gardener.id, year: 2026, amountCents: 5500, dueOn: "2026-10-01" });
    const done = await post(
      gardenerAction,
      `/admin/jardiniers/${gardener.id}`,
      {
        intent: "departure",
        endDate: "2026-10-02",
        plotState: "libre",
        "openFee-2026": "cancel",
        feeReason: "Déménagement",
      },
      gardener.id,
    );
    expect(done).toMatchObject({ ok: true });
    const [fee] = await getDb().select().from(gardenerFees);
    expect([fee!.status, fee!.reason]).toEqual(["cancelled", "Déménagement"]);
    const [entry] = await getDb().select().from(history);
    expect(entry!.detail).toBe("cotisation 2026 annulée (Déménagement)");
  });
});
