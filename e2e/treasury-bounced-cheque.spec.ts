import { newGardener, openAdmin, popup, recordPaymentOnRecord } from "./admin";
import { axeViolations } from "./accessibility";
import { expect, test } from "./fixtures";

// A cheque the bank returns unpaid after its deposit: recorded from the gardener's record, on a phone without
// JavaScript and at a desk with it. Each run owns its gardener, its cheque and its deposit.

for (const { width, js } of [
  { width: 390, js: false },
  { width: 1280, js: true },
]) {
  test.describe(`at ${width} px${js ? " with" : " without"} JavaScript`, () => {
    test.use({ javaScriptEnabled: js, viewport: { width, height: 900 } });

    test("an entry budget paid by cheque, deposited, comes back unpaid: the record says so and the book takes it out", async ({
      page,
    }) => {
      const family = `Impayé ${width}${Date.now().toString(36)}`;
      await openAdmin(page, "/admin/jardiniers", "Jardiniers");
      const record = await newGardener(page, "Noé", family);
      const payments = await recordPaymentOnRecord(page, {
        kind: "Budget d'entrée",
        amount: "30",
        means: "Chèque",
        chequeNumber: "5550123",
      });
      // Not deposited yet: the payment is simply undone if need be.
      await expect(payments.getByText("Annuler ce paiement", { exact: true })).toBeVisible();
      // Its button's name holds the words it shows (WCAG 2.5.3), as « Chèque impayé »'s will below (axe runs in the
      // page: with JavaScript).
      if (js) expect(await axeViolations(page)).toEqual([]);

      // The treasurer takes this cheque alone to the bank.
      await page.goto("/admin/tresorerie/remises");
      const waiting = page.getByRole("region", { name: /^Chèques à remettre/ });
      const mine = waiting.getByRole("listitem").filter({ hasText: family });
      await mine.getByRole("checkbox").check();
      await waiting.getByRole("button", { name: "Créer la remise" }).click();
      await expect(page.getByRole("heading", { level: 1, name: /^Remise du / })).toBeVisible();

      // Then the bank returns it: from the record, « Chèque impayé ».
      await page.goto(record);
      await expect(payments).toContainText(/30,00\s€ — payé le .+ \(Chèque\)/);
      await expect(payments.getByText("Annuler ce paiement", { exact: true })).toHaveCount(0);
      if (js) expect(await axeViolations(page)).toEqual([]);
      const trigger = js
        ? payments.getByRole("button", { name: /^Chèque impayé : 30,00\s€/ })
        : payments.getByText("Chèque impayé", { exact: true });
      await trigger.click();
      const confirm = js ? page.getByRole("dialog", { name: "Enregistrer un chèque impayé ?" }) : payments;
      await expect(confirm).toContainText(/est repris du compte à la date du rejet/);
      await expect(confirm.getByLabel("Rejeté par la banque le")).not.toHaveValue("");
      await confirm.getByLabel("Motif").fill("sans provision");
      await confirm.getByRole("button", { name: "Enregistrer le rejet" }).click();
      await expect(popup(page, /^Chèque impayé enregistré : 30,00\s€ repris du compte le .+\.$/)).toBeVisible();
      await expect(payments).toContainText(
        /Budget d'entrée \d{4} : chèque n° 5550123 de 30,00\s€ du .+, remis le .+, impayé le .+ \(sans provision\)/,
      );
      await expect(payments.getByText("Chèque impayé", { exact: true })).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      // The book: the bank's debit, in the entry budget's category, beside the deposited income.
      await page.goto(`/admin/tresorerie/ecritures?q=${encodeURIComponent(family)}`);
      const entries = page.getByRole("region", { name: "2 écritures" });
      await expect(entries.getByRole("link", { name: "Chèque impayé : Budget d'entrée" })).toBeVisible();
      await expect(entries.getByRole("link", { name: /^Budget d'entrée \(chèque impayé le / })).toBeVisible();
      await expect(entries.getByRole("definition").last()).toHaveText(/^0,00\s€$/);
    });
  });
}
