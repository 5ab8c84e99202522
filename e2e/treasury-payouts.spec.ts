import { newGardener, openAdmin, popup, recordPaymentOnRecord } from "./admin";
import { expect, test } from "./fixtures";

// HelloAsso's payouts: an entry budget paid on the association's HelloAsso page, recorded on a new gardener's record,
// waits in « HelloAsso à recevoir »; the treasurer records its payout, reads it in the list and in the book, then
// cancels it. The test owns its gardener and its payment.

for (const { width, js } of [
  { width: 390, js: false },
  { width: 1280, js: true },
]) {
  test.describe(`at ${width} px${js ? " with" : " without"} JavaScript`, () => {
    test.use({ javaScriptEnabled: js, viewport: { width, height: 900 } });

    test("the treasurer records HelloAsso's payout of one payment, finds it in the book, and cancels it", async ({
      page,
    }) => {
      const family = `Versé ${width}${Date.now().toString(36)}`;
      await openAdmin(page, "/admin/jardiniers", "Jardiniers");
      await newGardener(page, "Inès", family);
      await recordPaymentOnRecord(page, { kind: "Budget d'entrée", amount: "40", means: "HelloAsso" });

      await page.goto("/admin/tresorerie/helloasso");
      const owed = page.getByRole("region", { name: /^À recevoir de HelloAsso : / });
      const mine = owed.getByRole("listitem", { name: new RegExp(`^Paiement d'Inès ${family}, 40,00\\s€$`) });
      await expect(mine).toBeVisible();

      // Nothing ticked: the form comes back with its message, the date typed kept.
      await owed.getByLabel("Date sur le relevé").fill("2026-11-20");
      await owed.getByRole("button", { name: "Enregistrer le versement" }).click();
      await expect(page.getByText("Cochez les paiements que ce versement contient.").first()).toBeVisible();
      await expect(owed.getByLabel("Date sur le relevé")).toHaveValue("2026-11-20");

      await mine.getByRole("checkbox").check();
      await owed.getByLabel("Date sur le relevé").fill(new Date().toISOString().slice(0, 10));
      await owed.getByRole("button", { name: "Enregistrer le versement" }).click();
      await expect(popup(page, /^Versement enregistré : 1 paiement, 40,00\s€ sur Compte courant le /)).toBeVisible();
      const received = page.getByRole("region", { name: "Versements reçus" });
      const payout = received
        .getByRole("listitem")
        .filter({ hasText: /1 paiement, 40,00\s€ versés/ })
        .first();
      await expect(payout).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      // In the book: one transfer from « HelloAsso à recevoir » to the bank.
      await page.goto(`/admin/tresorerie/ecritures?q=${encodeURIComponent("Versement HelloAsso (1 paiement)")}`);
      await expect(page.getByRole("link", { name: "Versement HelloAsso (1 paiement)" }).first()).toBeVisible();

      // Typed wrong: cancelled, the payment waits again.
      await page.goto("/admin/tresorerie/helloasso");
      await (
        js
          ? payout.getByRole("button", { name: /^Annuler ce versement du / })
          : payout.getByText("Annuler ce versement", { exact: true })
      ).click();
      await (js ? page.getByRole("dialog") : payout).getByRole("button", { name: "Annuler le versement" }).click();
      await expect(popup(page, "Versement annulé : 1 paiement de nouveau à recevoir.")).toBeVisible();
      await expect(mine).toBeVisible();
    });
  });
}
