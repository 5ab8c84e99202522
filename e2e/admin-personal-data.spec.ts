import fs from "node:fs/promises";
import { historyEntries, openAdmin } from "./admin";
import { expect, test } from "./fixtures";
import { applyAs, postAdAs } from "./visitors";

test("one person's data: found by address, exported as JSON, erased in one go", async ({ page, browser }) => {
  await applyAs(browser, "Maëlle Rivière", "maelle.riviere@example.fr");
  await postAdAs(browser, "Maëlle Rivière", "Je donne des boutures de figuier.", {
    email: "Maelle.Riviere@example.fr",
  });
  await openAdmin(page, "/admin/settings", "Paramètres");
  await page.getByRole("link", { name: "Exporter ou effacer les données d'une personne" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Données d'une personne" })).toBeVisible();
  await page.getByLabel("Adresse e-mail").fill("maelle.riviere@example.fr");
  await page.getByRole("button", { name: "Rechercher" }).click();
  const found = page.getByRole("region", {
    name: /^Pour maelle\.riviere@example\.fr : 1 demande, 1 annonce, 0 message, \d+ e-mails?, 0 inscription à la lettre, 0 inscription à un événement, 0 fiche de jardinier$/,
  });
  await expect(found.getByRole("listitem").first()).toContainText("Demande de jardin n°");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    found.getByRole("button", { name: "Exporter en JSON" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^donnees-personnelles-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await fs.readFile((await download.path())!, "utf8"));
  expect(exported.applications[0].nom).toBe("Maëlle Rivière");
  expect(exported.annonces[0].contenu).toBe("Je donne des boutures de figuier.");

  await found.getByRole("button", { name: "Tout effacer pour maelle.riviere@example.fr" }).click();
  const dialog = page.getByRole("dialog", { name: "Effacer les données" });
  await expect(dialog.getByRole("button", { name: "Annuler" })).toBeFocused();
  await dialog.getByRole("button", { name: "Effacer" }).click();
  await expect(
    page.getByRole("status").filter({
      hasText:
        /^Données effacées : 1 demande, 1 annonce, 0 message, \d+ e-mails?, 0 inscription à la lettre, 0 inscription à un événement, 0 fiche de jardinier\.$/,
    }),
  ).toBeVisible();
  await page.goto("/admin/applications");
  await expect(page.getByRole("article", { name: "Maëlle Rivière" })).toHaveCount(0);
  await page.goto("/admin/historique?type=rgpd.effacement");
  await expect(historyEntries(page).first()).toContainText(
    /Données d'une personne effacées[\s\S]*1 demande, 1 annonce, 0 message/,
  );
  await expect(page.getByText("maelle.riviere@example.fr")).toHaveCount(0);
});
