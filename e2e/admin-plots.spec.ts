import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { popup } from "./admin";
import { expect, loginAsAdmin, test, visitorContext } from "./fixtures";
import { applyAs, lastMailTo } from "./visitors";

// The plots register: sites, plots, an applicant given a plot (and two administrators on one plot), gardeners.

async function noAxeViolations(page: Page) {
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
}

/** The home page's plot count, as visitors read it. */
async function homeCount(page: Page) {
  await page.goto("/");
  const text = await page.getByText(/parcelles? sur \d+ occupées?/).innerText();
  const [occupied, total] = /(\d+) parcelles? sur (\d+)/.exec(text)!.slice(1).map(Number);
  return { occupied: occupied!, total: total! };
}

async function addSite(page: Page, name: string) {
  await page.goto("/admin/parcelles");
  const form = page.getByRole("region", { name: "Ajouter un jardin" });
  await form.getByLabel("Nom du jardin").fill(name);
  await form.getByRole("combobox", { name: "Ville" }).selectOption("Villeurbanne");
  await form.getByLabel("Adresse").fill("5 rue du Canal");
  await form.getByRole("button", { name: "Ajouter le jardin" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

async function createPlots(page: Page, from: number, to: number, area: number) {
  const form = page.getByRole("region", { name: "Créer des parcelles" });
  await form.getByLabel("Du numéro").fill(String(from));
  await form.getByLabel("Au numéro").fill(String(to));
  await form.getByLabel("Surface (m²)").fill(String(area));
  await form.getByRole("button", { name: "Créer les parcelles" }).click();
}

test("an applicant gets a plot: the site and its plots, the allotment, the second administrator refused, the applicant's page and the home page", async ({
  page,
  browser,
}) => {
  const stamp = Date.now();
  const site = `Jardin du Canal ${stamp}`;
  const yasmine = { name: "Yasmine Haddad", email: `yasmine-${stamp}@example.fr` };
  const hugo = { name: "Hugo Morel", email: `hugo-${stamp}@example.fr` };
  await applyAs(browser, yasmine.name, yasmine.email);
  await applyAs(browser, hugo.name, hugo.email);

  await loginAsAdmin(page);
  await page.getByRole("navigation", { name: "Administration" }).getByRole("link", { name: "Parcelles" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Parcelles" })).toBeVisible();
  await noAxeViolations(page);
  await addSite(page, site);

  // The browser checks the range with the action's schema before sending it.
  await createPlots(page, 10, 2, 170);
  await expect(page.getByRole("link", { name: "Le dernier numéro doit suivre le premier." })).toBeVisible();
  await createPlots(page, 1, 6, 170);
  await expect(popup(page, "6 parcelles créées.")).toBeVisible();
  const tiles = page.getByRole("list", { name: "Plan des parcelles" }).getByRole("listitem");
  await expect(tiles).toHaveCount(6);
  await expect(tiles.first()).toContainText("n° 1");
  await expect(tiles.first()).toContainText("Libre");
  await expect(page.getByRole("list", { name: "Légende" })).toContainText("Libre : 6");
  await noAxeViolations(page);
  // The home page counts the register: the six free plots are among its free ones.
  const before = await homeCount(page);
  expect(before.total - before.occupied).toBeGreaterThanOrEqual(6);

  // Two administrators open the allotment of the same plot for two applicants.
  const other = await visitorContext(browser);
  const otherPage = await other.newPage();
  await loginAsAdmin(otherPage);
  for (const [who, tab] of [
    [hugo, otherPage],
    [yasmine, page],
  ] as const) {
    await tab.goto("/admin/applications");
    await tab.getByRole("link", { name: `Attribuer une parcelle à ${who.name}` }).click();
    await expect(tab.getByRole("heading", { level: 1, name: `Attribuer une parcelle à ${who.name}` })).toBeVisible();
    await tab.getByLabel(`parcelle 1 du ${site} — 170 m²`).check();
  }
  await expect(page.getByText("À Villeurbanne, taille souhaitée")).toBeVisible();
  await noAxeViolations(page);
  await page.getByRole("button", { name: "Confirmer l'attribution" }).click();
  await expect(page.getByRole("heading", { level: 1, name: yasmine.name })).toBeVisible();
  await expect(popup(page, "Parcelle attribuée : l'e-mail de bienvenue part au jardinier.")).toBeVisible();
  await expect(page.getByRole("link", { name: `parcelle 1 du ${site}` })).toBeVisible();
  await noAxeViolations(page);

  await otherPage.getByRole("button", { name: "Confirmer l'attribution" }).click();
  await expect(
    otherPage
      .getByText(`La parcelle 1 du ${site} n'est plus libre : un autre administrateur vient peut-être de l'attribuer.`)
      .first(),
  ).toBeVisible();
  await expect(otherPage.getByLabel(`parcelle 1 du ${site} — 170 m²`)).toBeChecked();
  await other.close();

  const welcome = await lastMailTo(yasmine.email, /vous est attribu=C3=A9e|vous est attribuée/);
  expect(welcome).toContain("5 rue du Canal");
  const ack = await lastMailTo(yasmine.email, /ouvrez ce lien personnel/);
  const link = /(\/ma-demande\/[\w-]{43})/.exec(ack)![1]!;
  await page.goto(link);
  await expect(page.getByText(`Parcelle attribuée : n° 1, ${site}`)).toBeVisible();
  // Its cache follows the plots: one more taken.
  expect(await homeCount(page)).toEqual({ occupied: before.occupied + 1, total: before.total });
});

test("without JavaScript, on a phone: a plot's record, a gardener, a payment, another plot and a departure", async ({
  browser,
}) => {
  const context = await visitorContext(browser, { javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const stamp = Date.now();
  const site = `Jardin des Saules ${stamp}`;
  await loginAsAdmin(page);
  await addSite(page, site);
  await createPlots(page, 1, 3, 120);
  await expect(page.getByText("3 parcelles créées.")).toBeVisible();

  await page.getByRole("link", { name: /^n° 2 Libre/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Parcelle n° 2" })).toBeVisible();
  const record = page.getByRole("region", { name: "Fiche de la parcelle" });
  await record.getByLabel("Surface (m²)").fill("beaucoup");
  await record.getByRole("button", { name: "Enregistrer la parcelle" }).click();
  await expect(
    page.getByRole("link", { name: "Indiquez une surface en m², un nombre entier entre 1 et 10 000." }),
  ).toBeVisible();
  await expect(record.getByLabel("Surface (m²)")).toHaveValue("beaucoup");
  await record.getByLabel("Surface (m²)").fill("210");
  await record.getByLabel("Une cabane est sur la parcelle").check();
  await record.getByLabel("Valeur de reprise de la cabane (€)").fill("150");
  await record.getByRole("button", { name: "Enregistrer la parcelle" }).click();
  await expect(page.getByText("Parcelle enregistrée.")).toBeVisible();
  await expect(page.getByText("Libre · 210 m² (grande) · Familiale · cabane, reprise 150 €")).toBeVisible();

  await page.goto("/admin/jardiniers");
  const add = page.getByRole("region", { name: "Ajouter un jardinier" });
  const name = `Odile Perrin ${stamp}`;
  await add.getByLabel("Nom et prénom").fill(name);
  await add.getByLabel("Téléphone portable").fill("06 11 22 33 44");
  await add.getByLabel("Arrivé au jardin le").fill("2019-04-01");
  await add.getByRole("button", { name: "Ajouter le jardinier" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  const payments = page.getByRole("region", { name: "Paiements" });
  await payments.getByLabel("Montant (€)").fill("douze");
  await payments.getByRole("combobox", { name: "Moyen de paiement" }).selectOption("Chèque");
  await payments.getByRole("button", { name: "Enregistrer le paiement" }).click();
  await expect(
    page.getByRole("link", { name: "Indiquez un montant en euros, par exemple 25 ou 12,50." }),
  ).toBeVisible();
  await expect(payments.getByLabel("Montant (€)")).toHaveValue("douze");
  await expect(payments.getByRole("combobox", { name: "Moyen de paiement" })).toHaveValue("cheque");
  await payments.getByLabel("Montant (€)").fill("45");
  await payments.getByRole("button", { name: "Enregistrer le paiement" }).click();
  await expect(page.getByText(/Paiement enregistré : 45,00\s€\./)).toBeVisible();
  await expect(
    payments.getByRole("listitem").filter({ hasText: /^Cotisation \d{4} : 45,00\s€ — payé le/ }),
  ).toHaveCount(1);

  const plots = page.getByRole("region", { name: "Parcelles" });
  await plots
    .getByRole("combobox", { name: "Parcelle libre" })
    .selectOption({ label: `parcelle 2 du ${site} — 210 m², cabane (reprise 150 €)` });
  await plots.getByRole("button", { name: "Attribuer" }).click();
  await expect(page.getByText(`La parcelle 2 du ${site} est attribuée.`)).toBeVisible();
  await plots.getByRole("combobox", { name: "La parcelle devient" }).selectOption("Libre");
  await plots.getByRole("button", { name: "Enregistrer le départ" }).click();
  await expect(page.getByText(`Départ enregistré : parcelle 2 du ${site} est libérée.`)).toBeVisible();
  await expect(page.getByText(/^Ancien jardinier, parti le/)).toBeVisible();

  await page.goto("/admin/jardiniers?statut=anciens");
  await expect(page.getByRole("link", { name })).toBeVisible();
  await context.close();
});
