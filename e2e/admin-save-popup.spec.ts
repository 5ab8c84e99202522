import { newGardener, openAdmin, popup } from "./admin";
import { expect, test } from "./fixtures";

// The save's popup is fixed to the bottom of the screen: on a phone, the button just clicked often sits there. Once
// it shows, the button is above it, not under it (issue 47, item 19).

test.use({ viewport: { width: 390, height: 844 } });

test("on a phone, the popup of a save never covers the button just clicked", async ({ page }) => {
  await openAdmin(page, "/admin/jardiniers", "Jardiniers");
  await newGardener(page, "Louise", `Tarif ${Date.now().toString(36)}`);
  const payments = page.getByRole("region", { name: "Cotisations et paiements" });
  await payments.getByLabel("Montant du tarif (€)").fill("20");
  const button = payments.getByRole("button", { name: "Enregistrer le tarif" });
  // As a thumb reaches it: the button at the very bottom of the screen.
  await button.evaluate((element) => element.scrollIntoView({ block: "end" }));
  await button.click();
  const shown = popup(page, /^Tarif particulier enregistré : 20,00\s€/);
  await expect(shown).toBeVisible();
  await expect
    .poll(async () => {
      const [pressed, notice] = [await button.boundingBox(), await shown.locator("..").boundingBox()];
      return pressed && notice ? pressed.y + pressed.height <= notice.y : false;
    })
    .toBe(true);
});
