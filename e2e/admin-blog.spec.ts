import type { Page } from "@playwright/test";
import { deleteListed, editor, listedTitles, openAdmin, popup } from "./admin";
import { expect, test, TRACES_WITHOUT_SNAPSHOTS } from "./fixtures";
import { smallPng } from "./images";

// Every test removes what it published: the other spec files see the demo's articles.

test.use(TRACES_WITHOUT_SNAPSHOTS);

const png = (r: number, g: number, b: number) => smallPng({ r, g, b });
const title = (name: string) => `${name} ${Date.now()}`;

async function writeArticle(page: Page, name: string, text: string) {
  await page.getByLabel("Titre").fill(name);
  await (await editor(page)).fill(text);
}

async function chooseImage(page: Page, label: string, buffer: Buffer, file = "photo.png") {
  await page.getByLabel(label).setInputFiles({ name: file, mimeType: "image/png", buffer });
  await expect(page.getByRole("img", { name: `Aperçu : ${label}` })).toBeVisible();
  await expect(page.getByRole("button", { name: /^(Publier|Mettre à jour)$/ })).not.toHaveAttribute("aria-disabled");
}

test("an article is published with its cover and an annex, first in the list and on the public blog", async ({
  page,
}) => {
  const name = title("Planter l'ail");
  await openAdmin(page, "/admin/blog", "Gestion des articles de blog");
  await expect(page.getByRole("textbox", { name: "Contenu" })).toHaveCSS("min-height", "300px");
  await writeArticle(page, name, "L'ail se plante en novembre, pointe en haut, à 3 cm de profondeur.");
  await chooseImage(page, "Photo de couverture", await png(120, 90, 60), "ail.png");
  await chooseImage(page, "Image 1", await png(60, 120, 60), "caieux.png");
  await page.getByRole("button", { name: "Publier" }).click();

  await expect(popup(page, "Article publié.")).toBeVisible();
  expect((await listedTitles(page, "Articles publiés"))[0]).toBe(name);
  await page.getByRole("link", { name, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText("L'ail se plante en novembre, pointe en haut, à 3 cm de profondeur.")).toBeVisible();
  await expect(page.getByRole("img", { name: `${name}, photo 1 sur 1 (agrandir)` })).toBeVisible();

  await page.goto("/admin/blog");
  await deleteListed(page, name, "Article supprimé.");
});

test("'Modifier' fills the form with the article and its images, 'Annuler' empties it, 'Mettre à jour' saves", async ({
  page,
}) => {
  const name = title("Pailler les fraisiers");
  await openAdmin(page, "/admin/blog", "Gestion des articles de blog");
  await writeArticle(page, name, "Un paillage de paille garde les fraises propres.");
  await chooseImage(page, "Photo de couverture", await png(200, 40, 60));
  await page.getByRole("button", { name: "Publier" }).click();
  await expect(popup(page, "Article publié.")).toBeVisible();

  await page.getByRole("link", { name: `Modifier « ${name} »` }).click();
  await expect(page.getByRole("heading", { name: `Modifier l'article « ${name} »` })).toBeVisible();
  await expect(page.getByLabel("Titre")).toHaveValue(name);
  await expect(await editor(page)).toContainText("Un paillage de paille garde les fraises propres.");
  await expect(page.getByRole("img", { name: "Aperçu : Photo de couverture" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Publier" })).toHaveCount(0);

  await page.getByRole("link", { name: "Annuler" }).click();
  await expect(page.getByRole("heading", { name: "Nouvel article" })).toBeVisible();
  await expect(page.getByLabel("Titre")).toHaveValue("");
  await expect(page.getByRole("button", { name: "Publier" })).toBeVisible();

  await page.getByRole("link", { name: `Modifier « ${name} »` }).click();
  await expect(page.getByLabel("Titre")).toHaveValue(name);
  const renamed = `${name} (mis à jour)`;
  await page.getByLabel("Titre").fill(renamed);
  await page.getByRole("button", { name: "Mettre à jour" }).click();
  await expect(popup(page, "Article mis à jour.")).toBeVisible();
  await expect(page.getByRole("link", { name: renamed, exact: true })).toBeVisible();
  await deleteListed(page, renamed, "Article supprimé.");
});

test("the delete confirmation is a dialog: focus inside, Escape cancels and gives the focus back, all by keyboard", async ({
  page,
}) => {
  const name = title("Nettoyer les outils");
  await openAdmin(page, "/admin/blog", "Gestion des articles de blog");
  await writeArticle(page, name, "Brossez, huilez, rangez au sec.");
  await chooseImage(page, "Photo de couverture", await png(90, 90, 90));
  await page.getByRole("button", { name: "Publier" }).click();
  await expect(popup(page, "Article publié.")).toBeVisible();
  await page.keyboard.press("Escape");

  await page.getByRole("link", { name: `Modifier « ${name} »` }).click();
  const trigger = page.getByRole("button", { name: `Supprimer l'article « ${name} »` });
  await trigger.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Supprimer l'article" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`Êtes-vous sûr de vouloir supprimer l'article « ${name} » ?`);
  await expect(dialog.getByRole("button", { name: "Annuler" })).toBeFocused();
  // The focus stays in the dialog.
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
  await expect(page.getByRole("link", { name, exact: true })).toBeVisible();

  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("button", { name: "Annuler" })).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(dialog.getByRole("button", { name: "Supprimer" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(popup(page, "Article supprimé.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Nouvel article" })).toBeVisible();
  await expect(page.getByRole("link", { name, exact: true })).toHaveCount(0);
});

test("the form says what is missing, in the spec's words, and sends nothing", async ({ page }) => {
  await openAdmin(page, "/admin/blog", "Gestion des articles de blog");
  const saves: string[] = [];
  page.on("request", (request) => request.method() === "POST" && saves.push(request.url()));
  await page.getByRole("button", { name: "Publier" }).click();
  await expect(page.getByRole("alert").first()).toHaveText("Le titre et le contenu sont requis.");
  await expect(page.getByLabel("Titre")).toBeFocused();
  await page.getByLabel("Titre").fill("Sans contenu");
  await page.getByRole("button", { name: "Publier" }).click();
  await expect(page.getByRole("alert").first()).toHaveText("Le titre et le contenu sont requis.");
  await (await editor(page)).fill("Du texte, mais pas de photo.");
  await page.getByRole("button", { name: "Publier" }).click();
  await expect(page.getByRole("alert").first()).toHaveText("La photo de couverture est requise.");
  expect(saves).toEqual([]);
});

test("a text longer than its limit is marked at once and not sent, kept whole to be shortened", async ({ page }) => {
  await openAdmin(page, "/admin/blog", "Gestion des articles de blog");
  const saves: string[] = [];
  page.on("request", (request) => request.method() === "POST" && saves.push(request.url()));
  await page.getByLabel("Titre").fill("Un très long article");
  const box = await editor(page);
  await box.evaluate((element) => (element.innerHTML = `<p>${"Le paillage garde la terre humide. ".repeat(6000)}</p>`));
  await expect(page.getByText("Ce texte est trop long (200000 caractères maximum).")).toBeVisible();
  await expect(box).toHaveAttribute("aria-invalid", "true");
  await page.getByRole("button", { name: "Publier" }).click();
  await expect(box).toBeFocused();
  expect(saves).toEqual([]);
  await expect(box).toContainText("Le paillage garde la terre humide.");
});

test("image problems get the spec's messages: an annex too large, a failed cover upload, failed annexes", async ({
  page,
}) => {
  await openAdmin(page, "/admin/blog", "Gestion des articles de blog");
  const huge = Buffer.alloc(10 * 1024 * 1024 + 1, 0);
  await page.getByLabel("Image 2").setInputFiles({ name: "enorme.png", mimeType: "image/png", buffer: huge });
  await expect(page.getByText("L'image 2 est trop volumineuse (max 10MB). Veuillez la compresser.")).toBeVisible();

  // The image server fails: the cover and the annexes say so, and the form will not go with a failed annex.
  await page.route("**/admin/media", (route) => route.fulfill({ status: 503, body: "indisponible" }));
  await page
    .getByLabel("Photo de couverture")
    .setInputFiles({ name: "c.png", mimeType: "image/png", buffer: await png(10, 10, 10) });
  await expect(page.getByText("Erreur lors de l'upload de l'image de couverture. Veuillez réessayer.")).toBeVisible();
  await page
    .getByLabel("Image 1")
    .setInputFiles({ name: "a.png", mimeType: "image/png", buffer: await png(20, 20, 20) });
  await expect(page.getByText("Erreur lors de l'upload des images annexes")).toBeVisible();
  // The annex refused for its size was not uploaded either.
  await expect(page.getByText("2 image(s) n'ont pas pu être uploadées. Veuillez réessayer.")).toBeVisible();

  // A file that is no image is refused by the server, with its own message.
  await page.unroute("**/admin/media");
  await page
    .getByLabel("Image 3")
    .setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("ceci n'est pas une image") });
  await expect(
    page.getByText("Ce fichier n'est pas une image acceptée. Formats acceptés : JPEG, PNG, WebP, GIF, AVIF et HEIC."),
  ).toBeVisible();
});

test("while an image uploads the button waits; sent anyway, the form waits 2 s then says the image is still being processed", async ({
  page,
}) => {
  await openAdmin(page, "/admin/blog", "Gestion des articles de blog");
  await writeArticle(page, "Article en attente", "Le texte est prêt, la photo arrive.");
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/admin/media", async (route) => {
    await held;
    await route.continue();
  });
  await page
    .getByLabel("Photo de couverture")
    .setInputFiles({ name: "lente.png", mimeType: "image/png", buffer: await png(30, 160, 30) });
  const button = page.getByRole("button", { name: "Upload en cours... Veuillez patienter." });
  await expect(button).toHaveAttribute("aria-disabled", "true");
  // aria-disabled, not disabled: a person can still press it (Playwright waits for enabled buttons unless forced).
  await button.click({ force: true });
  await expect(
    page.getByText("L'image est en cours de traitement. Veuillez réessayer dans quelques secondes."),
  ).toBeVisible();
  release();
  await expect(page.getByRole("button", { name: "Publier" })).not.toHaveAttribute("aria-disabled");
  await expect(
    page.getByText("L'image est en cours de traitement. Veuillez réessayer dans quelques secondes."),
  ).toBeHidden();
});

test("a photo pasted into the text is refused with a message pointing to the image fields", async ({ page }) => {
  await openAdmin(page, "/admin/blog", "Gestion des articles de blog");
  const box = await editor(page);
  const image = (await png(10, 200, 10)).toString("base64");
  await box.evaluate((element, data) => {
    const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
    const transfer = new DataTransfer();
    transfer.items.add(new File([bytes], "photo.png", { type: "image/png" }));
    element.dispatchEvent(new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true, cancelable: true }));
  }, image);
  await expect(
    page.getByText(
      "Les images ne se collent pas dans le texte : ajoutez-les avec les champs « Photo de couverture » et « Images annexes ».",
    ),
  ).toBeVisible();
  await expect(box.locator("img")).toHaveCount(0);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("an article is written and published at 390 px, with no sideways scrolling", async ({ page }) => {
    const name = title("Semer les pois");
    await openAdmin(page, "/admin/blog", "Gestion des articles de blog");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expect(
      page.getByRole("navigation", { name: "Administration" }).getByRole("link", { name: "Événements" }),
    ).toBeVisible();
    await writeArticle(page, name, "Les pois d'hiver se sèment en novembre dans les coins abrités.");
    await chooseImage(page, "Photo de couverture", await png(60, 160, 90));
    const publish = page.getByRole("button", { name: "Publier" });
    expect((await publish.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await publish.click();
    await expect(popup(page, "Article publié.")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await deleteListed(page, name, "Article supprimé.");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an article is edited in the plain form: its text, then its cover replaced by a file sent with the form", async ({
    page,
  }) => {
    const name = title("Tailler la vigne");
    await openAdmin(page, "/admin/blog", "Gestion des articles de blog");
    await page.getByLabel("Titre").fill(name);
    await page.getByLabel("Contenu").fill("La vigne se taille en fin d'hiver.\n\nGardez deux yeux par sarment.");
    await page
      .getByLabel("Photo de couverture")
      .setInputFiles({ name: "vigne.png", mimeType: "image/png", buffer: await png(120, 40, 120) });
    await page.getByRole("button", { name: "Publier" }).click();
    await expect(popup(page, "Article publié.")).toBeVisible();

    await page.getByRole("link", { name: `Modifier « ${name} »` }).click();
    await expect(page.getByLabel("Contenu")).toHaveValue(
      "La vigne se taille en fin d'hiver.\n\nGardez deux yeux par sarment.",
    );
    await page.getByLabel("Titre").fill(`${name} !`);
    await page.getByRole("button", { name: "Mettre à jour" }).click();
    await expect(popup(page, "Article mis à jour.")).toBeVisible();
    await page.getByRole("link", { name: `${name} !`, exact: true }).click();
    await expect(page.locator("article p").filter({ hasText: "Gardez deux yeux par sarment." })).toBeVisible();

    await page.goto("/admin/blog");
    const item = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: `${name} !`, exact: true }) });
    await item.locator("summary").click();
    await item.getByRole("button", { name: "Supprimer" }).click();
    await expect(popup(page, "Article supprimé.")).toBeVisible();
  });
});
