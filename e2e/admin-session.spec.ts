import type { Page } from "@playwright/test";
import { ADMIN, expect, loginAsAdmin, test } from "./fixtures";
import { smallPng } from "./images";
import { openAdmin } from "./admin";

// A session that ends while an administrator is typing: here the session cookie is removed, which the server
// cannot tell from an expired session. Nothing typed may be lost.

async function signInAgain(page: Page, password = ADMIN.password) {
  await expect(page.getByRole("heading", { level: 1, name: "Votre session a expiré" })).toBeVisible();
  await page.getByLabel("Identifiant").fill(ADMIN.username);
  await page.getByLabel("Mot de passe").fill(password);
  await page.getByRole("button", { name: "Se reconnecter et enregistrer" }).click();
}

async function deleteArticle(page: Page, title: string) {
  await page.goto("/admin/blog");
  await page.getByRole("button", { name: `Supprimer « ${title} »` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Supprimer" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Article supprimé." })).toBeVisible();
}

test("an article written while the session expired is published after signing in again", async ({ page, context }) => {
  const title = `Semis de fèves ${Date.now()}`;
  await loginAsAdmin(page);
  await page.goto("/admin/blog");
  await page.getByLabel("Titre").fill(title);
  const editor = page.getByRole("textbox", { name: "Contenu" });
  await expect(editor).toHaveAttribute("contenteditable", "true");
  await editor.fill("Les fèves se sèment en novembre, à 5 cm de profondeur.");
  await page
    .getByLabel("Photo de couverture")
    .setInputFiles({ name: "feves.png", mimeType: "image/png", buffer: await smallPng({ r: 90, g: 140, b: 60 }) });
  await expect(page.getByRole("button", { name: "Publier" })).toBeEnabled();
  await expect(page.getByRole("button", { name: "Publier" })).not.toHaveAttribute("aria-disabled");

  await context.clearCookies();
  await page.getByRole("button", { name: "Publier" }).click();
  await expect(page.getByText("Ce que vous venez de saisir n'est pas perdu")).toBeVisible();

  // A wrong password first: the form stays, with what was typed.
  await signInAgain(page, "pas-le-bon-mot-de-passe");
  await expect(page.getByRole("alert")).toHaveText("Identifiants incorrects");
  await signInAgain(page);

  await expect(page.getByRole("status").filter({ hasText: "Article publié." })).toBeVisible();
  await expect(page.getByRole("link", { name: title, exact: true })).toBeVisible();
  await page.goto("/blog");
  await page.getByRole("link", { name: title, exact: true }).first().click();
  await expect(page.getByText("Les fèves se sèment en novembre, à 5 cm de profondeur.")).toBeVisible();
  await deleteArticle(page, title);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the home texts typed while the session expired are saved after signing in again", async ({ page, context }) => {
    await loginAsAdmin(page);
    await page.goto("/admin/settings");
    const section = page.getByRole("region", { name: "Page d’accueil - Textes" });
    const intro = section.getByLabel("Texte d’introduction");
    const before = await intro.inputValue();
    const typed = "Bienvenue aux jardins : les inscriptions pour la saison 2027 sont ouvertes.";
    await intro.fill(typed);
    await context.clearCookies();
    await section.getByRole("button", { name: "Enregistrer les textes" }).click();

    await signInAgain(page);
    await expect(page.getByRole("status").filter({ hasText: "Tous les contenus ont été enregistrés." })).toBeVisible();
    await expect(
      page.getByRole("region", { name: "Page d’accueil - Textes" }).getByLabel("Texte d’introduction"),
    ).toHaveValue(typed);

    // Put the demo text back for the other tests.
    await page.getByRole("region", { name: "Page d’accueil - Textes" }).getByLabel("Texte d’introduction").fill(before);
    await page
      .getByRole("region", { name: "Page d’accueil - Textes" })
      .getByRole("button", { name: "Enregistrer les textes" })
      .click();
    await expect(page.getByRole("status").filter({ hasText: "Tous les contenus ont été enregistrés." })).toBeVisible();
  });

  test("an article sent with its photo after the session expired keeps its texts and asks for the photo again", async ({
    page,
    context,
  }) => {
    const title = `Récolte des courges ${Date.now()}`;
    await loginAsAdmin(page);
    await page.goto("/admin/blog");
    await page.getByLabel("Titre").fill(title);
    await page.getByLabel("Contenu").fill("Les courges se récoltent avant les premières gelées.");
    await page
      .getByLabel("Photo de couverture")
      .setInputFiles({ name: "courges.png", mimeType: "image/png", buffer: await smallPng({ r: 220, g: 130, b: 30 }) });
    await context.clearCookies();
    await page.getByRole("button", { name: "Publier" }).click();

    await expect(page.getByText("L'image choisie n'a pas pu être gardée")).toBeVisible();
    await signInAgain(page);
    // Signed in again, the server checks the form: the photo is missing, the texts are there.
    await expect(page.getByRole("alert").first()).toContainText("La photo de couverture est requise.");
    await expect(page.getByLabel("Titre")).toHaveValue(title);
    await expect(page.getByLabel("Contenu")).toHaveValue("Les courges se récoltent avant les premières gelées.");
    await page
      .getByLabel("Photo de couverture")
      .setInputFiles({ name: "courges.png", mimeType: "image/png", buffer: await smallPng({ r: 220, g: 130, b: 30 }) });
    await page.getByRole("button", { name: "Publier" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Article publié." })).toBeVisible();
    await expect(page.getByRole("link", { name: title, exact: true })).toBeVisible();

    // Deleted again without JavaScript: the confirmation opens in place.
    const item = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: title, exact: true }) });
    await item.locator("summary").click();
    await item.getByRole("button", { name: "Supprimer" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Article supprimé." })).toBeVisible();
    await expect(page.getByRole("link", { name: title, exact: true })).toHaveCount(0);
  });
});

test("an upload after the session expired says how to go on", async ({ page, context }) => {
  await loginAsAdmin(page);
  await page.goto("/admin/events");
  await expect(page.getByRole("textbox", { name: "Contenu" })).toHaveAttribute("contenteditable", "true");
  await context.clearCookies();
  await page
    .getByLabel("Photo de couverture")
    .setInputFiles({ name: "fete.png", mimeType: "image/png", buffer: await smallPng({ r: 200, g: 60, b: 60 }) });
  await expect(
    page.getByText(
      "Votre session a expiré : enregistrez le formulaire pour vous reconnecter, puis choisissez l'image à nouveau.",
    ),
  ).toBeVisible();
});

test("an /admin address that names no screen is a 404 in the back-office, its menu kept, not the public home", async ({
  page,
}) => {
  await openAdmin(page, "/admin", "Tableau de bord");
  const answer = await page.goto("/admin/parcelles-perdues");
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page introuvable" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Tableau de bord" }).first()).toBeVisible();
  await page.getByRole("link", { name: "Retour au tableau de bord" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
});
