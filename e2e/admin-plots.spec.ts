import { axeViolations } from "./accessibility";
import type { Page } from "@playwright/test";
import { openAdmin, popup } from "./admin";
import { expect, loginAsAdmin, test, visitorContext } from "./fixtures";
import { applyAs, lastMailTo } from "./visitors";

// The plots register: sites, plots, an applicant given a plot (and two administrators on one plot), gardeners.

async function noAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
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
  // Two administrators, an applicant and the visitors' pages in one story: more than the default 30 s on a busy machine.
  test.slow();
  const stamp = Date.now();
  const site = `Jardin du Canal ${stamp}`;
  const yasmine = { name: "Yasmine Haddad", email: `yasmine-${stamp}@example.fr` };
  const hugo = { name: "Hugo Morel", email: `hugo-${stamp}@example.fr` };
  await applyAs(browser, yasmine.name, yasmine.email);
  await applyAs(browser, hugo.name, hugo.email);

  await openAdmin(page, "/admin", "Tableau de bord");
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

  // Hugo's application leaves the list (other tests count the demo's unprocessed applications).
  await page.goto("/admin/applications");
  await page.getByRole("button", { name: `Supprimer la demande d'${hugo.name}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Supprimer" }).click();
  await expect(page.getByText(`Demande d'${hugo.name} supprimée avec succès.`)).toBeVisible();
});

test.describe("on a phone without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test("a plot promised to an applicant from next spring: still free, listed as planned, on the applicant's page, then cancelled", async ({
    page,
    browser,
  }) => {
    const stamp = Date.now();
    const site = `Jardin des Saules ${stamp}`;
    const ines = { name: "Inès Bouvier", email: `ines-${stamp}@example.fr` };
    await applyAs(browser, ines.name, ines.email);
    await openAdmin(page, "/admin/parcelles", "Parcelles");
    await addSite(page, site);
    await createPlots(page, 1, 1, 150);
    await expect(popup(page, "1 parcelle créée.")).toBeVisible();

    await page.goto("/admin/applications");
    await page.getByRole("link", { name: `Attribuer une parcelle à ${ines.name}` }).click();
    await page.getByLabel(`parcelle 1 du ${site} — 150 m²`).check();
    const from = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel("Attribuée à partir du").fill(from);
    await page.getByRole("button", { name: "Confirmer l'attribution" }).click();

    await expect(page.getByRole("heading", { level: 1, name: "Parcelles" })).toBeVisible();
    await expect(
      popup(
        page,
        new RegExp(
          `^La parcelle 1 du ${site} est attribuée à ${ines.name} à partir du .+ : elle reste libre jusque-là`,
        ),
      ),
    ).toBeVisible();
    const planned = page.getByRole("region", { name: "Attributions prévues" });
    const mine = planned.getByRole("listitem").filter({ hasText: site });
    await expect(mine).toContainText(`attribuée à ${ines.name} à partir du`);
    await expect(mine).toContainText("Le courriel de bienvenue partira le jour de l'attribution.");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Still free on its site's plan until then.
    await page.getByRole("link", { name: site, exact: true }).click();
    await expect(page.getByRole("list", { name: "Légende" })).toContainText("Libre : 1");

    // The applicant's page says which plot, from when.
    const ack = await lastMailTo(ines.email, /ouvrez ce lien personnel/);
    await page.goto(/(\/ma-demande\/[\w-]{43})/.exec(ack)![1]!);
    await expect(page.getByText(`Parcelle attribuée : n° 1, ${site}`)).toBeVisible();
    await expect(page.getByText("À partir du")).toBeVisible();

    // Cancelled: the application is to treat again; it then leaves the list (other tests count the demo's).
    await page.goto("/admin/parcelles");
    await mine.getByText("Annuler", { exact: true }).click();
    await mine.getByRole("button", { name: "Annuler l'attribution" }).click();
    await expect(
      popup(
        page,
        `Attribution prévue annulée : la parcelle 1 du ${site} est de nouveau libre, et la demande de nouveau à traiter.`,
      ),
    ).toBeVisible();
    await page.goto("/admin/applications");
    await expect(page.getByRole("link", { name: `Attribuer une parcelle à ${ines.name}` })).toBeVisible();
    await page.getByLabel(`Supprimer la demande d'${ines.name}`).click();
    await page.getByRole("button", { name: "Supprimer", exact: true }).click();
    await expect(page.getByText(`Demande d'${ines.name} supprimée avec succès.`)).toBeVisible();
  });
});

test("without JavaScript, on a phone: a plot's record, a gardener, a payment, another plot and a departure", async ({
  browser,
}) => {
  const context = await visitorContext(browser, { javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const stamp = Date.now();
  const site = `Jardin des Saules ${stamp}`;
  await openAdmin(page, "/admin", "Tableau de bord");
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
  await add.getByLabel("Nom de famille").fill(`Perrin ${stamp}`);
  await add.getByLabel("Prénom(s)").fill("Odile");
  // Her civility: the record's texts agree with it.
  await add.getByLabel("Civilité").selectOption("Madame");
  await add.getByLabel("Téléphone portable").fill("06 11 22 33 44");
  await add.getByLabel("Arrivé au jardin le").fill("2019-04-01");
  await add.getByRole("button", { name: "Ajouter le jardinier" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  const payments = page.getByRole("region", { name: "Cotisations et paiements" });
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
    payments.getByRole("listitem").filter({ hasText: /^Cotisation \d{4} : 45,00\s€ appelés, 45,00\s€ reçus — payée/ }),
  ).toHaveCount(1);

  const plots = page.getByRole("region", { name: "Parcelles" });
  await plots
    .getByRole("combobox", { name: "Parcelle libre" })
    .selectOption({ label: `parcelle 2 du ${site} — 210 m², cabane (reprise 150 €)` });
  await plots.getByRole("button", { name: "Attribuer" }).click();
  await expect(page.getByText(`La parcelle 2 du ${site} est attribuée.`)).toBeVisible();
  await plots.getByRole("combobox", { name: "La parcelle devient" }).selectOption("Libre");
  await plots.getByRole("button", { name: "Enregistrer le départ" }).click();
  await expect(page.getByText(`Départ enregistré : la parcelle 2 du ${site} est libérée.`)).toBeVisible();
  await expect(page.getByText(/^Ancienne jardinière, partie le/)).toBeVisible();

  await page.goto("/admin/jardiniers?statut=anciens");
  await expect(page.getByRole("link", { name: new RegExp(`Perrin ${stamp}`) })).toBeVisible();
  await context.close();
});

/** A new site with plots 1 and 2 (160 m²), and a gardener holding plot 1; the gardener's record is open. */
async function siteWithGardener(page: Page, stamp: number) {
  const site = `Jardin des Tilleuls ${stamp}`;
  const gardener = { name: `Bruno Lemaire ${stamp}`, email: `bruno-${stamp}@example.fr` };
  await addSite(page, site);
  await createPlots(page, 1, 2, 160);
  await expect(page.getByText("2 parcelles créées.").first()).toBeVisible();
  const siteUrl = page.url();
  await page.goto("/admin/jardiniers");
  const add = page.getByRole("region", { name: "Ajouter un jardinier" });
  await add.getByLabel("Nom de famille").fill(`Lemaire ${stamp}`);
  await add.getByLabel("Prénom(s)").fill("Bruno");
  await add.getByLabel("Adresse e-mail").fill(gardener.email);
  await add.getByLabel("Arrivé au jardin le").fill("2021-03-15");
  await add.getByRole("button", { name: "Ajouter le jardinier" }).click();
  await expect(page.getByRole("heading", { level: 1, name: gardener.name })).toBeVisible();
  const plots = page.getByRole("region", { name: "Parcelles" });
  await plots
    .getByRole("combobox", { name: "Parcelle libre" })
    .selectOption({ label: `parcelle 1 du ${site} — 160 m²` });
  await plots.getByRole("button", { name: "Attribuer" }).click();
  await expect(page.getByText(`La parcelle 1 du ${site} est attribuée.`).first()).toBeVisible();
  return { site, siteUrl, gardener, gardenerUrl: page.url() };
}

test("an inspection round with a warning e-mailed, the year's fees called, ticked and reminded, the exports and the printed list", async ({
  page,
}) => {
  const stamp = Date.now();
  await openAdmin(page, "/admin", "Tableau de bord");
  const { site, siteUrl, gardener, gardenerUrl } = await siteWithGardener(page, stamp);

  await page.goto(siteUrl);
  await page.getByRole("link", { name: "Visite des parcelles" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Visite des parcelles" })).toBeVisible();
  await noAxeViolations(page);
  const row = page.getByRole("group", { name: `Parcelle n° 1 — ${gardener.name}` });
  await row.getByLabel("Avertissement").check();
  await page.getByRole("button", { name: "Enregistrer la visite" }).click();
  await expect(page.getByRole("link", { name: "Dites ce qui ne va pas : le jardinier le lira." })).toBeVisible();
  await expect(row.getByLabel("Avertissement")).toBeChecked();
  await page.getByLabel("Remarque (parcelle n° 1)").fill("Tomates non tuteurées, allées envahies de liseron.");
  await page.getByLabel(`Envoyer l'avertissement par e-mail à ${gardener.name}`).check();
  await page.getByRole("button", { name: "Enregistrer la visite" }).click();
  await expect(popup(page, "Visite enregistrée : 1 avertissement, 1 e-mail envoyé.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Visites précédentes" })).toContainText("1 avertissement");
  const warning = await lastMailTo(gardener.email, /a reçu un avertissement :/);
  expect(warning).toContain("Tomates non tuteurées, allées envahies de liseron.");
  await page.goto(gardenerUrl);
  await expect(page.getByRole("heading", { name: "1 avertissement ces 12 derniers mois" })).toBeVisible();

  await page
    .getByRole("navigation", { name: "Parcelles et jardiniers" })
    .getByRole("link", { name: "Cotisations" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: /^Cotisations \d{4}$/ })).toBeVisible();
  await noAxeViolations(page);
  await sendFeeCall(page);
  await expect(popup(page, /^Appel à cotisation \d{4} : \d+ cotisations? appelées?/)).toBeVisible();
  expect(await lastMailTo(gardener.email, /Votre cotisation \d{4} pour la parcelle n° 1 /)).toMatch(
    /est de 45,00\s€, à régler avant le \d/,
  );

  await payPart(page, gardener.name);
  await expect(
    popup(page, /^Paiement enregistré : 20,00\s€\. Reste 25,00\s€\. Le reçu n° \d{4}-\d{4} part par e-mail\.$/),
  ).toBeVisible();
  await page.getByRole("link", { name: /^Retour aux cotisations/ }).click();
  await expect(page.getByRole("group", { name: /^À régler/ })).toContainText(/reste 25,00\s€/);
  await page.getByLabel(`${gardener.name} : réglée en entier`).check();
  await page.getByRole("combobox", { name: "Moyen de paiement" }).selectOption("Virement");
  await page.getByRole("button", { name: "Marquer comme réglées" }).click();
  await expect(popup(page, "1 cotisation réglée en entier.")).toBeVisible();
  await page.getByRole("link", { name: /^Afficher les \d+ cotisations réglées/ }).click();
  await expect(page.getByRole("table", { name: /^Réglées, exonérées ou annulées/ })).toContainText(gardener.name);

  const feesCsv = await download(page, page.getByRole("button", { name: "Exporter en CSV" }));
  expect(
    feesCsv.startsWith(
      "\uFEFFJardinier;Parcelles;Appelé (€);Exonéré (€);Annulé (€);Payé (€);Reste (€);Trop-perçu (€);État;À régler avant le;Payée le;Moyen de paiement",
    ),
  ).toBe(true);
  expect(feesCsv).toMatch(
    new RegExp(
      `${gardener.name};n° 1 \\(${site}\\);45,00;0,00;0,00;45,00;0,00;0,00;payée;[\\d/]{10};[\\d/]{10};Chèque, Virement`,
    ),
  );
  await page.goto("/admin/jardiniers");
  const gardenersCsv = await download(page, page.getByRole("button", { name: "Exporter en CSV" }));
  expect(gardenersCsv).toContain(`Lemaire ${stamp};Bruno;${gardener.email};`);
  await page.goto("/admin/parcelles");
  const plotsCsv = await download(page, page.getByRole("button", { name: "Exporter les parcelles en CSV" }));
  expect(plotsCsv).toMatch(
    new RegExp(`${site};Villeurbanne;1;160;moyenne;Familiale;;Attribuée;${gardener.name};\\d{2}/\\d{2}/\\d{4};`),
  );

  await page.goto(`${siteUrl}/imprimer`);
  await expect(page.getByRole("heading", { level: 1, name: site })).toBeVisible();
  await expect(
    // The printed list names the holder family name first.
    page.getByRole("row", { name: new RegExp(`^1 160 m² Familiale Attribuée Lemaire ${stamp}, Bruno`) }),
  ).toBeVisible();
  await noAxeViolations(page);
});

test("without JavaScript, on a phone: the inspection round, the fees' ticks and the plots' e-mails in the settings", async ({
  browser,
}) => {
  const context = await visitorContext(browser, { javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const stamp = Date.now();
  await openAdmin(page, "/admin", "Tableau de bord");
  const { siteUrl, gardener } = await siteWithGardener(page, stamp);

  await page.goto("/admin/settings");
  const mails = page.getByRole("region", { name: "Parcelles : e-mails aux jardiniers" });
  const warningText = mails.getByLabel("E-mail d'avertissement, après une visite");
  await warningText.fill("Bonjour {nom}, la parcelle {parcelle} a un avertissement : {remarque}");
  await mails.getByRole("button", { name: "Enregistrer les e-mails" }).click();
  await expect(page.getByText("E-mails aux jardiniers enregistrés.")).toBeVisible();
  try {
    await page.goto(`${siteUrl}/visite`);
    await page
      .getByRole("group", { name: `Parcelle n° 1 — ${gardener.name}` })
      .getByLabel("Avertissement")
      .check();
    await page.getByLabel("Remarque (parcelle n° 1)").fill("Cabane ouverte aux quatre vents.");
    await page.getByLabel(`Envoyer l'avertissement par e-mail à ${gardener.name}`).check();
    await page.getByRole("button", { name: "Enregistrer la visite" }).click();
    await expect(page.getByText("Visite enregistrée : 1 avertissement, 1 e-mail envoyé.")).toBeVisible();
    const mail = await lastMailTo(gardener.email, /a un avertissement/);
    expect(mail).toContain("Cabane ouverte aux quatre vents.");
  } finally {
    await page.goto("/admin/settings");
    await warningText.fill("");
    await mails.getByRole("button", { name: "Enregistrer les e-mails" }).click();
    await expect(page.getByText("E-mails aux jardiniers enregistrés.")).toBeVisible();
  }

  await page.goto("/admin/cotisations");
  // Sent without the box ticked: the preview comes back, asking for it.
  await page.getByRole("button", { name: /^Prévisualiser l'appel/ }).click();
  await page.getByRole("button", { name: "Envoyer l'appel" }).click();
  await expect(page.getByRole("link", { name: "Cochez la case pour confirmer l'envoi." })).toBeVisible();
  await sendFeeCall(page);
  await expect(page.getByText(/^Appel à cotisation \d{4} : \d+ cotisations? appelées?/)).toBeVisible();
  await payPart(page, gardener.name);
  await expect(
    page.getByText(/^Paiement enregistré : 20,00\s€\. Reste 25,00\s€\. Le reçu n° \d{4}-\d{4} part par e-mail\.$/),
  ).toBeVisible();
  await expect(page.getByText(/45,00\s€ appelés, 20,00\s€ reçus — reste 25,00\s€/)).toBeVisible();
  // A waiver leaving 10 € to pay beyond the 20 € paid: 15 € waived, 10 € still due, never an overpayment.
  const waiver = page.getByRole("region", { name: "Exonérer" });
  await expect(waiver.getByText(/en plus des 20,00\s€ déjà payés/)).toBeVisible();
  await waiver.getByLabel("Reste à payer après exonération (€)").fill("10");
  await waiver.getByLabel("Raison de l'exonération").fill("Tarif réduit : minimum social");
  await waiver.getByRole("button", { name: "Exonérer" }).click();
  await expect(
    page.getByText(/^Exonération enregistrée : 15,00\s€ exonérés, 10,00\s€ restent à payer\.$/),
  ).toBeVisible();
  await page.getByRole("link", { name: /^Retour aux cotisations/ }).click();
  await expect(page.getByRole("group", { name: /^À régler/ })).toContainText(/reste 10,00\s€/);
  // Nothing ticked: the list says so and nothing is recorded.
  await page.getByRole("button", { name: "Marquer comme réglées" }).click();
  await expect(page.getByRole("link", { name: "Cochez au moins une cotisation payée." })).toBeVisible();
  await page.getByLabel(`${gardener.name} : réglée en entier`).check();
  await page.getByRole("combobox", { name: "Moyen de paiement" }).selectOption("Espèces");
  await page.getByRole("button", { name: "Marquer comme réglées" }).click();
  await expect(page.getByText("1 cotisation réglée en entier.")).toBeVisible();
  await context.close();
});

/**
 * « Prévisualiser » then « Envoyer l'appel » with the box ticked: the preview shows a real e-mail with the payment
 * details. Another test adding a gardener meanwhile sends the preview back with the new count: confirmed again.
 */
async function sendFeeCall(page: Page) {
  const preview = page.getByRole("button", { name: /^Prévisualiser l'appel/ });
  if (await preview.isVisible()) await preview.click();
  for (let attempt = 0; attempt < 3; attempt++) {
    await expect(
      page.getByRole("heading", { name: /^Aperçu de l'appel : \d+ jardiniers?, à régler avant le/ }),
    ).toBeVisible();
    await expect(page.getByRole("figure")).toContainText(/Vous pouvez régler :/);
    await page.getByLabel(/^Je confirme l'envoi à \d+ jardiniers?\.$/).check();
    await page.getByRole("button", { name: "Envoyer l'appel" }).click();
    const changed = page.getByText(/il concerne maintenant \d+ jardiniers?/);
    const done = page.getByText(/^Appel à cotisation \d{4} : \d+ cotisations? appelées?/);
    await expect(changed.or(done).first()).toBeVisible();
    if (!(await changed.first().isVisible())) return;
  }
}

/** A 20 € cheque on the gardener's fee, from the list to the fee's page. */
async function payPart(page: Page, name: string) {
  await page
    .getByRole("group", { name: /^À régler/ })
    .getByRole("link", { name, exact: true })
    .click();
  await expect(
    page.getByRole("heading", { level: 1, name: new RegExp(`^Cotisation \\d{4} : ${name}$`) }),
  ).toBeVisible();
  const pay = page.getByRole("region", { name: "Enregistrer un paiement" });
  await pay.getByLabel("Montant reçu (€)").fill("20");
  await pay.getByRole("combobox", { name: "Moyen de paiement" }).selectOption("Chèque");
  await pay.getByRole("button", { name: "Enregistrer le paiement" }).click();
}

/** The text of the file a button downloads. */
async function download(page: Page, button: import("@playwright/test").Locator) {
  const pending = page.waitForEvent("download");
  await button.click();
  const stream = await (await pending).createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
