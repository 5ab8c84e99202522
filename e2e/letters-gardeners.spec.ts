import { axeViolations } from "./accessibility";
import type { Page } from "@playwright/test";
import { getDocumentProxy } from "unpdf";
import { openAdmin, editor, popup } from "./admin";
import { expect, test } from "./fixtures";
import { lastMailTo } from "./visitors";

// A letter to one site's gardeners: the count before sending, the e-mails, and the printed letters for those
// without an e-mail address (decision 029).

/** axe on the page, but in the e-mail's preview: a frame sandboxed without scripts, which axe cannot enter. */
async function noAxeViolations(page: Page) {
  expect(await axeViolations(page, undefined, 'iframe[title="Aperçu de l\'e-mail"]')).toEqual([]);
}

/** A new site with plots 1 to 3, each held by one of `people` (the record made by hand). */
async function siteWithGardeners(
  page: Page,
  site: string,
  people: { family: string; given: string; email?: string; address?: string }[],
) {
  await page.goto("/admin/parcelles");
  const form = page.getByRole("region", { name: "Ajouter un jardin" });
  await form.getByLabel("Nom du jardin").fill(site);
  await form.getByRole("combobox", { name: "Ville" }).selectOption("Villeurbanne");
  await form.getByLabel("Adresse").fill("12 rue des Lilas");
  await form.getByRole("button", { name: "Ajouter le jardin" }).click();
  await expect(page.getByRole("heading", { level: 1, name: site })).toBeVisible();
  const plots = page.getByRole("region", { name: "Créer des parcelles" });
  await plots.getByLabel("Du numéro").fill("1");
  await plots.getByLabel("Au numéro").fill(String(people.length));
  await plots.getByLabel("Surface (m²)").fill("140");
  await plots.getByRole("button", { name: "Créer les parcelles" }).click();
  await expect(popup(page, `${people.length} parcelles créées.`)).toBeVisible();
  for (const [i, person] of people.entries()) {
    await page.goto("/admin/jardiniers");
    const add = page.getByRole("region", { name: "Ajouter un jardinier" });
    await add.getByLabel("Nom de famille").fill(person.family);
    await add.getByLabel("Prénom(s)").fill(person.given);
    if (person.email) await add.getByLabel("Adresse e-mail").fill(person.email);
    if (person.address) await add.getByLabel("Adresse", { exact: true }).fill(person.address);
    await add.getByLabel("Arrivé au jardin le").fill("2022-04-01");
    await add.getByRole("button", { name: "Ajouter le jardinier" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `${person.given} ${person.family}` })).toBeVisible();
    const held = page.getByRole("region", { name: "Parcelles" });
    await held
      .getByRole("combobox", { name: "Parcelle libre" })
      .selectOption({ label: `parcelle ${i + 1} du ${site} — 140 m²` });
    await held.getByRole("button", { name: "Attribuer" }).click();
    await expect(page.getByText(`La parcelle ${i + 1} du ${site} est attribuée.`).first()).toBeVisible();
  }
}

test("a letter to one site's gardeners: the count, the e-mail to those with an address, the printed letters for the others", async ({
  page,
}) => {
  // A site, three gardeners by hand, the letter, its e-mail and its pages: longer than most.
  test.slow();
  const stamp = Date.now();
  const site = `Jardin des Lilas ${stamp}`;
  const mailed = { family: `Roux ${stamp}`, given: "Camille", email: `camille-${stamp}@example.fr` };
  const posted = {
    family: `Martin ${stamp}`,
    given: "Josiane",
    address: "41 rue Francis-de-Pressensé, 69100 Villeurbanne",
  };
  const handed = { family: `Benali ${stamp}`, given: "Karim" };
  await openAdmin(page, "/admin", "Tableau de bord");
  await siteWithGardeners(page, site, [mailed, posted, handed]);

  await page.goto("/admin/lettre");
  await page.getByRole("link", { name: "Écrire aux jardiniers" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Nouvelle lettre aux jardiniers" })).toBeVisible();
  await page.getByLabel("Les jardiniers de…").check();
  await page.getByLabel(site, { exact: true }).check();
  await page.getByLabel(/^Message de service/).check();
  await page.getByLabel("Objet").fill("Coupure d'eau samedi matin");
  const message = await editor(page, "Message");
  await message.fill("L'eau sera coupée samedi de 8 h à 13 h pour réparer la vanne principale.");
  await page.getByRole("button", { name: "Compter les destinataires" }).click();
  await expect(popup(page, "Brouillon enregistré.")).toBeVisible();
  await expect(page.getByText("3 jardiniers, dont 2 sans adresse e-mail")).toBeVisible();
  await expect(page.getByText(`aux jardiniers du ${site} : 1 e-mail à envoyer, 2 lettres à imprimer.`)).toBeVisible();
  await expect(page.getByLabel(site, { exact: true })).toBeChecked();
  await noAxeViolations(page);

  await page.getByRole("button", { name: "Envoyer la lettre" }).click();
  await expect(page.getByText("Cochez la case pour confirmer l'envoi.").first()).toBeVisible();
  await page.getByLabel(`Je confirme l'envoi aux jardiniers du ${site} : 1 e-mail et 2 lettres à imprimer.`).check();
  await page.getByRole("button", { name: "Envoyer la lettre" }).click();
  await expect(popup(page, "La lettre est partie")).toBeVisible();
  await expect(page.getByRole("heading", { name: /Envoi en cours|Lettre envoyée/ })).toBeVisible();
  await expect(page.getByText("3 jardiniers, dont 2 sans adresse e-mail")).toBeVisible();

  const mail = await lastMailTo(mailed.email, /Coupure d'eau samedi matin/);
  expect(mail).toContain("Vous recevez ce message en tant que jardinier de l'association");
  expect(mail).toContain("réparer la vanne principale");
  // A service message: nothing to unsubscribe from; answers go to the association.
  expect(mail).not.toMatch(/List-Unsubscribe/);
  expect(mail).toMatch(/Reply-To: /);

  await page.getByRole("link", { name: "Lettres à imprimer (2)" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Lettres à imprimer" })).toBeVisible();
  const letters = page.getByRole("article");
  await expect(letters).toHaveCount(2);
  // By family name: Benali, then Martin.
  const handedPage = page.getByRole("article", { name: `Lettre à ${handed.given} ${handed.family}` });
  const postedPage = page.getByRole("article", { name: `Lettre à ${posted.given} ${posted.family}` });
  await expect(letters.first()).toHaveAccessibleName(`Lettre à ${handed.given} ${handed.family}`);
  await expect(handedPage.locator("address")).toHaveText(`${handed.given} ${handed.family}\nÀ remettre en main propre`);
  await expect(postedPage.locator("address")).toContainText("41 rue Francis-de-Pressensé");
  await expect(postedPage).toContainText("réparer la vanne principale");
  await expect(postedPage.getByRole("heading", { level: 2, name: "Coupure d'eau samedi matin" })).toBeVisible();
  await noAxeViolations(page);
  // On paper: one A4 page each, the screen's header left out; the address in a DL envelope's window (45 mm from the
  // top, 100 mm from the left).
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("link", { name: "Retour à la lettre" })).toBeHidden();
  const box = await postedPage.locator("address").boundingBox();
  const article = await postedPage.boundingBox();
  const mm = 96 / 25.4;
  expect(Math.round((box!.y - article!.y) / mm)).toBe(45);
  expect(Math.round((box!.x - article!.x) / mm)).toBe(100);
  const pdf = await getDocumentProxy(new Uint8Array(await page.pdf({ preferCSSPageSize: true })));
  expect(pdf.numPages).toBe(2);
  await pdf.loadingTask.destroy();
});
