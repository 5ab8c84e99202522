import { axeViolations } from "./accessibility";
import type { Page } from "@playwright/test";
import { openAdmin, popup } from "./admin";
import { expect, test, visitorContext } from "./fixtures";
import { lastMailTo } from "./visitors";

// An inspection round corrected: opened from the site's rounds, a forgotten plot added, a note corrected, a warning
// withdrawn (the gardener told), a stale form refused, the round deleted.

/** A new site with plots 1 and 2, and a gardener (with an e-mail address) holding plot 1 since 2021. */
async function siteWithGardener(page: Page, stamp: number) {
  const site = `Jardin des Charmes ${stamp}`;
  await page.goto("/admin/parcelles");
  const form = page.getByRole("region", { name: "Ajouter un jardin" });
  await form.getByLabel("Nom du jardin").fill(site);
  await form.getByRole("combobox", { name: "Ville" }).selectOption("Villeurbanne");
  await form.getByRole("button", { name: "Ajouter le jardin" }).click();
  await expect(page.getByRole("heading", { level: 1, name: site })).toBeVisible();
  const plots = page.getByRole("region", { name: "Créer des parcelles" });
  await plots.getByLabel("Du numéro").fill("1");
  await plots.getByLabel("Au numéro").fill("2");
  await plots.getByLabel("Surface (m²)").fill("140");
  await plots.getByRole("button", { name: "Créer les parcelles" }).click();
  await expect(page.getByText("2 parcelles créées.").first()).toBeVisible();
  const siteUrl = new URL(page.url()).pathname;
  const first = await addGardener(page, site, 1, {
    family: `Caron ${stamp}`,
    given: "Lucie",
    email: `lucie-${stamp}@example.fr`,
  });
  return { site, siteUrl, first };
}

/** A gardener given plot `number` of `site` from 2021 (so on every round's day). */
async function addGardener(
  page: Page,
  site: string,
  number: number,
  who: { family: string; given: string; email: string },
) {
  await page.goto("/admin/jardiniers");
  const add = page.getByRole("region", { name: "Ajouter un jardinier" });
  await add.getByLabel("Nom de famille").fill(who.family);
  await add.getByLabel("Prénom(s)").fill(who.given);
  await add.getByLabel("Adresse e-mail").fill(who.email);
  await add.getByLabel("Arrivé au jardin le").fill("2021-03-15");
  await add.getByRole("button", { name: "Ajouter le jardinier" }).click();
  const name = `${who.given} ${who.family}`;
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const plots = page.getByRole("region", { name: "Parcelles" });
  await plots
    .getByRole("combobox", { name: "Parcelle libre" })
    .selectOption({ label: `parcelle ${number} du ${site} — 140 m²` });
  await plots.getByLabel("À partir du").fill("2021-03-15");
  await plots.getByRole("button", { name: "Attribuer" }).click();
  await expect(page.getByText(`La parcelle ${number} du ${site} est attribuée.`).first()).toBeVisible();
  return { name, email: who.email, url: new URL(page.url()).pathname };
}

async function noAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

/** Saves today's round with a warning on plot 1, e-mailed or not. */
async function roundWithWarning(page: Page, siteUrl: string, holder: string, mail: boolean) {
  await page.goto(`${siteUrl}/visite`);
  await page
    .getByRole("group", { name: `Parcelle n° 1 — ${holder}` })
    .getByLabel("Avertissement")
    .check();
  await page.getByLabel("Remarque (parcelle n° 1)").fill("Liseron partout.");
  if (mail) await page.getByLabel(`Envoyer l'avertissement par e-mail à ${holder}`).check();
  await page.getByRole("button", { name: "Enregistrer la visite" }).click();
  await expect(page.getByText(/^Visite enregistrée : 1 avertissement/).first()).toBeVisible();
}

test("at 1280 px with JavaScript: a forgotten plot added from the refused second round, a warning withdrawn and the gardener told, the round deleted", async ({
  page,
}) => {
  test.slow();
  const stamp = Date.now();
  await page.setViewportSize({ width: 1280, height: 900 });
  await openAdmin(page, "/admin", "Tableau de bord");
  const { site, siteUrl, first } = await siteWithGardener(page, stamp);
  await roundWithWarning(page, siteUrl, first.name, true);
  await lastMailTo(first.email, /a reçu un avertissement :/);

  // Plot 2's allotment was recorded after the round: a second round of the day is refused and leads to the first.
  const second = await addGardener(page, site, 2, {
    family: `Perrin ${stamp}`,
    given: "Marc",
    email: `marc-${stamp}@example.fr`,
  });
  await page.goto(`${siteUrl}/visite`);
  await page.getByRole("button", { name: "Enregistrer la visite" }).click();
  await expect(page.getByText(/est déjà enregistrée pour ce jardin : ouvrez-la/).first()).toBeVisible();
  await page.getByRole("link", { name: /^Ouvrir la visite du / }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Visite du / })).toBeVisible();

  const add = page.getByRole("region", { name: "Ajouter une parcelle oubliée" });
  await add.getByRole("combobox", { name: "Parcelle" }).selectOption({ label: `Parcelle n° 2 — ${second.name}` });
  await add.getByRole("button", { name: "Ajouter la parcelle" }).click();
  await expect(popup(page, "Parcelle n° 2 ajoutée à la visite.")).toBeVisible();
  await expect(page.getByRole("group", { name: `Parcelle n° 2 — ${second.name}` })).toBeVisible();
  await noAxeViolations(page);
  // The round's page on a phone: no accessibility violation, nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await noAxeViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 900 });

  const withdraw = page.getByRole("region", { name: "Retirer un avertissement" });
  await withdraw.getByRole("button", { name: "Retirer l'avertissement" }).click();
  await expect(withdraw.getByRole("link", { name: "Dites pourquoi l'avertissement est retiré." })).toBeVisible();
  await withdraw.getByLabel("Raison du retrait").fill("Le liseron venait de la parcelle voisine, en friche.");
  await withdraw.getByRole("button", { name: "Retirer l'avertissement" }).click();
  await expect(
    popup(page, "Avertissement de la parcelle n° 1 retiré ; le jardinier en est informé par e-mail."),
  ).toBeVisible();
  await expect(page.getByRole("region", { name: "Avertissements retirés" })).toContainText(
    "Le liseron venait de la parcelle voisine, en friche.",
  );
  const told = await lastMailTo(first.email, /est retiré :/);
  expect(told).toContain("Le liseron venait de la parcelle voisine, en friche.");

  const roundUrl = page.url();
  await page.goto(first.url);
  await expect(page.getByRole("heading", { name: "Aucun avertissement en cours ces 12 derniers mois" })).toBeVisible();
  await expect(page.getByText("avertissement retiré : Le liseron venait de la parcelle voisine")).toBeVisible();

  await page.goto(roundUrl);
  await page.getByRole("button", { name: "Supprimer la visite" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Supprimer" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Visite des parcelles" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Visites précédentes" })).toContainText("Aucune visite enregistrée.");
});

test("at 390 px without JavaScript: a round corrected, a warning e-mailed on correction, a form from a stale page refused", async ({
  browser,
}) => {
  test.slow();
  const context = await visitorContext(browser, { javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const stamp = Date.now();
  await openAdmin(page, "/admin", "Tableau de bord");
  const { site, siteUrl, first } = await siteWithGardener(page, stamp);
  const second = await addGardener(page, site, 2, {
    family: `Royer ${stamp}`,
    given: "Inès",
    email: `ines-${stamp}@example.fr`,
  });
  await roundWithWarning(page, siteUrl, first.name, false);
  await page.getByRole("link", { name: /^Visite du / }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Visite du / })).toBeVisible();
  const roundUrl = page.url();

  // The same round open in a second tab, before the correction below.
  const stale = await context.newPage();
  await stale.goto(roundUrl);

  const correct = page.getByRole("region", { name: "Corriger la visite" });
  await correct.getByLabel("Visite faite par").fill("Lucie et Karim");
  await correct.getByLabel("Remarque (parcelle n° 1)").fill("Liseron dans les allées.");
  await correct
    .getByRole("group", { name: `Parcelle n° 2 — ${second.name}` })
    .getByLabel("Avertissement")
    .check();
  await correct.getByLabel("Remarque (parcelle n° 2)").fill("Cabane ouverte.");
  await correct.getByLabel(`Envoyer l'avertissement par e-mail à ${second.name}`).check();
  await correct.getByRole("button", { name: "Enregistrer les corrections" }).click();
  await expect(page.getByText("Visite corrigée (1 e-mail envoyé).")).toBeVisible();
  await expect(page.getByText(/^Par Lucie et Karim : 2 parcelles vues, 2 avertissements\.$/)).toBeVisible();
  expect(await lastMailTo(second.email, /a reçu un avertissement :/)).toContain("Cabane ouverte.");

  // The other tab's form was shown before that change: refused, and the page shows the round as it is now.
  const withdraw = stale.getByRole("region", { name: "Retirer un avertissement" });
  await withdraw.getByLabel("Raison du retrait").fill("Erreur de parcelle.");
  await withdraw.getByRole("button", { name: "Retirer l'avertissement" }).click();
  await expect(stale.getByText(/^Cette visite a changé depuis l'affichage de la page/).first()).toBeVisible();
  await expect(stale.getByText(/^Par Lucie et Karim : 2 parcelles vues, 2 avertissements\.$/)).toBeVisible();
  await expect(stale.getByRole("region", { name: "Avertissements retirés" })).toHaveCount(0);
  await context.close();
});
