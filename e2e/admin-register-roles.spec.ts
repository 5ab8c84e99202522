import { axeViolations } from "./accessibility";
import type { Browser, Page } from "@playwright/test";
import { openAdmin, popup } from "./admin";
import { expect, test, visitorContext } from "./fixtures";

// The register by role, on the demo's two sites: a referent sees only the site given them, the treasurer reads a
// gardener's record and records a payment there, without its other forms.

const PASSWORD = "salades-et-radis-sous-le-tunnel-1871";

/** An account of `role` made as the bureau makes one (an invitation, its link followed), signed in its own browser. */
async function signedInAs(page: Page, browser: Browser, username: string, role: string, sites: string[] = []) {
  await openAdmin(page, "/admin/comptes", "Comptes");
  const team = page.getByRole("region", { name: "Comptes de l'équipe" });
  await team.getByLabel("Identifiant").fill(username);
  await team.getByRole("radio", { name: new RegExp(`^${role}`) }).check();
  for (const site of sites) await team.getByRole("checkbox", { name: site }).check();
  await team.getByRole("button", { name: "Créer l'invitation" }).click();
  await expect(popup(page, "Invitation créée : transmettez le lien ci-dessous.")).toBeVisible();
  const link = new URL(await page.getByTestId("invitation-link").innerText()).pathname;

  const invited = await (await visitorContext(browser)).newPage();
  await invited.goto(link);
  await invited.getByLabel("Mot de passe", { exact: true }).fill(PASSWORD);
  await invited.getByLabel("Mot de passe, une seconde fois").fill(PASSWORD);
  await invited.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(invited).toHaveURL(/\/login\?compte-pret$/);
  await invited.getByLabel("Identifiant").fill(username);
  await invited.getByLabel("Mot de passe").fill(PASSWORD);
  await invited.getByRole("button", { name: "Se connecter" }).click();
  await expect(invited.getByRole("heading", { name: "Tableau de bord" })).toBeVisible();
  return invited;
}

const tabs = (page: Page) =>
  page.getByRole("navigation", { name: "Parcelles et jardiniers" }).getByRole("link").allInnerTexts();

test("a referent sees only the site given them; another site's page is refused", async ({ page, browser }) => {
  test.slow();
  const referent = await signedInAs(page, browser, "rita-referente", "Référent de jardin", ["Jardin de la Thibaude"]);
  await page.goto("/admin/parcelles");
  const brosses = await page.getByRole("link", { name: "Jardin des Brosses" }).getAttribute("href");

  await referent.goto("/admin/parcelles");
  await expect(referent.getByRole("heading", { level: 1, name: "Parcelles" })).toBeVisible();
  await expect(referent.getByRole("heading", { level: 2 })).toHaveText(["Jardin de la Thibaude"]);
  await expect(referent.getByRole("region", { name: "Ajouter un jardin" })).toHaveCount(0);
  expect(await tabs(referent)).toEqual(["Jardins et parcelles", "Jardiniers"]);

  await referent.goto(brosses!);
  await expect(referent.getByRole("heading", { level: 1, name: "Accès refusé" })).toBeVisible();
  await expect(referent.getByText(/Ce jardin n'est pas parmi ceux qui vous sont confiés/)).toBeVisible();
});

test("the treasurer reads a gardener's record without its forms and records a payment there", async ({
  page,
  browser,
}) => {
  test.slow();
  const treasurer = await signedInAs(page, browser, "tina-tresoriere", "Trésorier");
  await treasurer.goto("/admin/jardiniers");
  await expect(treasurer.getByRole("heading", { level: 1, name: "Jardiniers" })).toBeVisible();
  expect(await tabs(treasurer)).toEqual(["Jardiniers", "Cotisations"]);
  await expect(treasurer.getByRole("region", { name: "Ajouter un jardinier" })).toHaveCount(0);
  await treasurer.getByLabel("Rechercher un jardinier").fill("Roux");
  await treasurer.getByLabel("Rechercher un jardinier").press("Enter");
  await treasurer.getByRole("link", { name: "Roux, Jean-Pierre" }).click();

  await expect(treasurer.getByRole("heading", { level: 1, name: "Jean-Pierre Roux" })).toBeVisible();
  await expect(treasurer.getByRole("button", { name: "Enregistrer la fiche" })).toHaveCount(0);
  await expect(treasurer.getByRole("button", { name: "Enregistrer le départ" })).toHaveCount(0);
  await expect(treasurer.getByText("jp.roux@example.fr")).toBeVisible();
  expect(await axeViolations(treasurer)).toEqual([]);

  const payments = treasurer.getByRole("region", { name: "Cotisations et paiements" });
  await payments.getByRole("combobox", { name: "Paiement", exact: true }).selectOption("Budget d'entrée");
  await payments.getByLabel("Montant (€)").fill("40");
  await payments.getByRole("combobox", { name: "Moyen de paiement" }).selectOption("Espèces");
  await payments.getByRole("button", { name: "Enregistrer le paiement" }).click();
  await expect(
    popup(treasurer, /^Paiement enregistré : 40,00\s€\. Le reçu n° \d{4}-\d{4} part par e-mail\.$/),
  ).toBeVisible();
  await expect(payments).toContainText(/Budget d'entrée \(\d{4}\)\s*: 40,00\s€/);
});
