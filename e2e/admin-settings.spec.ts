import { axeViolations } from "./accessibility";
import type { Locator, Page } from "@playwright/test";
import { openAdmin, closePopup } from "./admin";
import { SITE, expect, test, TRACES_WITHOUT_SNAPSHOTS } from "./fixtures";
import { noisyPng, smallPng } from "./images";

// These tests share the main server's demo content with the other spec files: each one puts back
// what it changed (the images excepted, which no other test looks at).

const ORIGIN = SITE;

test.use(TRACES_WITHOUT_SNAPSHOTS);

async function openSettings(page: Page) {
  await openAdmin(page, "/admin/settings", "Paramètres");
}

/** The editor has replaced its plain textarea. */
async function editorReady(page: Page) {
  const editor = page.getByRole("textbox", { name: "Contenu de la page" });
  await expect(editor).toHaveAttribute("contenteditable", "true");
  return editor;
}

function section(page: Page, title: string) {
  return page.getByRole("region", { name: title });
}

function popup(page: Page, message: string) {
  return page.getByRole("status").filter({ hasText: message });
}

/** Saves settings the way a form without JavaScript does (used to put demo content back). */
async function postSettings(page: Page, fields: [string, string][]) {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  const response = await page.request.post("/admin/settings", { headers: { Origin: ORIGIN }, multipart: form });
  expect(response.status()).toBe(200);
}

async function values(fields: Locator[]) {
  return Promise.all(fields.map((field) => field.inputValue()));
}

test("the settings screen has its seven sections, each with its own save button", async ({ page }) => {
  await openSettings(page);
  for (const [title, button] of [
    ["Page d’accueil - Image", "Enregistrer l’image d’accueil"],
    ["Page d’accueil - Textes", "Enregistrer les textes"],
    ["Parcelles occupées", "Enregistrer les parcelles"],
    ["Page notre association", "Enregistrer la page association"],
    ["Informations de contact", "Enregistrer les informations de contact"],
    ["Identité de l'association", "Enregistrer l'identité"],
    ["Formulaire de candidature", "Enregistrer les libellés"],
  ]) {
    await expect(section(page, title).getByRole("heading", { level: 2, name: title })).toBeVisible();
    await expect(section(page, title).getByRole("button", { name: button })).toBeVisible();
  }
  await expect(page.getByRole("button", { name: "Enregistrer l’icône" })).toBeVisible();
  // One plot block only (the spec's duplicate with swapped labels is not built).
  await expect(page.getByRole("heading", { name: "Parcelles", exact: true })).toHaveCount(0);
  await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("type", "email");
  for (const field of ["Nouvelle image d’accueil", "logo site admin", "Image 1", "Image 2", "Image 3"]) {
    await expect(page.getByLabel(field, { exact: true })).toHaveAttribute("accept", "image/*");
  }
});

test("the rich-text editor has the spec's toolbar, in French, and is at least 200 px high", async ({ page }) => {
  await openSettings(page);
  const editor = await editorReady(page);
  const toolbar = page.getByRole("toolbar", { name: "Mise en forme : Contenu de la page" });
  for (const name of ["Gras", "Italique", "Souligné", "Barré", "Liste numérotée", "Liste à puces", "Lien"]) {
    await expect(toolbar.getByRole("button", { name, exact: true })).toBeVisible();
  }
  for (const name of ["Police", "Taille du texte", "Couleur du texte", "Couleur de fond", "Alignement"]) {
    await expect(toolbar.getByRole("button", { name, exact: true })).toBeVisible();
  }
  await toolbar.getByRole("button", { name: "Taille du texte" }).click();
  for (const size of ["Petite", "Normale", "Grande", "Très grande"]) {
    await expect(toolbar.getByRole("button", { name: size, exact: true })).toBeVisible();
  }
  await page.keyboard.press("Escape");
  const height = await editor.evaluate((element) => element.getBoundingClientRect().height);
  expect(height).toBeGreaterThanOrEqual(200);
});

test("the rich-text editor works with the keyboard alone: Tab leaves it, links are added and removed", async ({
  page,
}) => {
  await openSettings(page);
  const editor = await editorReady(page);
  const association = section(page, "Page notre association");
  const toolbar = page.getByRole("toolbar", { name: "Mise en forme : Contenu de la page" });
  await editor.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("Voir le site de la ville");
  // Tab moves on to the next field and writes nothing.
  await page.keyboard.press("Tab");
  await expect(editor).not.toBeFocused();
  await expect(editor).toHaveText("Voir le site de la ville");

  // Back in the editor: select "la ville", go back to the toolbar's link button, enter the address.
  await editor.focus();
  await page.keyboard.press("ControlOrMeta+End");
  for (let i = 0; i < "la ville".length; i++) await page.keyboard.press("Shift+ArrowLeft");
  await page.keyboard.press("Shift+Tab");
  await expect(toolbar.getByRole("button", { name: "Lien", exact: true })).toBeFocused();
  await page.keyboard.press("Enter");
  const address = association.getByRole("textbox", { name: "Adresse du lien" });
  await expect(address).toBeFocused();
  await page.keyboard.type("https://www.villeurbanne.fr");
  await page.keyboard.press("Enter");
  await expect(editor.getByRole("link", { name: "la ville" })).toHaveAttribute("href", "https://www.villeurbanne.fr");

  // With the cursor in the link, its tooltip's actions are reached with Tab.
  await editor.focus();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.press("ArrowLeft");
  const remove = association.getByRole("link", { name: "Retirer" });
  await expect(remove).toBeVisible();
  await expect(association.getByRole("link", { name: "Modifier" })).toBeVisible();
  for (let i = 0; i < 5 && !(await remove.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press("Tab");
  await expect(remove).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(editor.getByRole("link")).toHaveCount(0);
  await expect(editor).toHaveText("Voir le site de la ville");
  // Nothing was saved: the page is left without submitting.
});

test("home texts are saved and shown on the home page and in the footer; the popup closes", async ({ page }) => {
  await openSettings(page);
  const texts = section(page, "Page d’accueil - Textes");
  const fields = [
    texts.getByLabel("Titre de la page d’accueil"),
    texts.getByLabel("Texte d’introduction"),
    texts.getByLabel("Texte du pied de page"),
  ];
  const original = await values(fields);
  try {
    await fields[0]!.fill("Un titre d’accueil tout neuf");
    await fields[1]!.fill("Une introduction écrite pour le test.");
    await fields[2]!.fill("Un pied de page écrit pour le test.");
    await texts.getByRole("button", { name: "Enregistrer les textes" }).click();
    const message = popup(page, "Tous les contenus ont été enregistrés.");
    await expect(message).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(message).toHaveCount(0);

    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Un titre d’accueil tout neuf" })).toBeVisible();
    await expect(page.getByText("Une introduction écrite pour le test.")).toBeVisible();
    await expect(page.getByRole("contentinfo").getByText("Un pied de page écrit pour le test.")).toBeVisible();
  } finally {
    await page.goto("/admin/settings");
    for (const [i, field] of fields.entries()) await field.fill(original[i]!);
    await texts.getByRole("button", { name: "Enregistrer les textes" }).click();
    await expect(popup(page, "Tous les contenus ont été enregistrés.")).toBeVisible();
    await closePopup(page);
    await expect(popup(page, "Tous les contenus ont été enregistrés.")).toHaveCount(0);
  }
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(original[0]!);
});

test("a text too long for its field is stopped before it is sent, with the text kept and a French message", async ({
  page,
}) => {
  await openSettings(page);
  const texts = section(page, "Page d’accueil - Textes");
  const intro = texts.getByLabel("Texte d’introduction");
  const original = await intro.inputValue();
  // Two megabytes pasted at once: far over the 2000 characters allowed, and over what the server would even read.
  const pasted = "Semis de tomates sous abri. ".repeat(75_000);
  await intro.fill(pasted);
  await expect(texts.getByText("Ce texte est trop long (2000 caractères maximum).")).toBeVisible();
  await expect(texts.getByText("2 100 000 / 2 000 caractères")).toBeVisible();
  await expect(intro).toHaveAttribute("aria-invalid", "true");

  let posted = false;
  page.on("request", (request) => {
    if (request.method() === "POST") posted = true;
  });
  await texts.getByRole("button", { name: "Enregistrer les textes" }).click();
  await expect(intro).toBeFocused();
  expect(posted).toBe(false);
  expect((await intro.inputValue()).length).toBe(pasted.length);
  await expect(page.getByRole("heading", { level: 1, name: "Paramètres" })).toBeVisible();

  // Shortened, the message goes and the form is sent; the original text is put back.
  await intro.fill(original);
  await expect(texts.getByText("Ce texte est trop long (2000 caractères maximum).")).toHaveCount(0);
  await texts.getByRole("button", { name: "Enregistrer les textes" }).click();
  await expect(popup(page, "Tous les contenus ont été enregistrés.")).toBeVisible();
});

test("without JavaScript, a text too long comes back from the server with its message, as it was typed", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: ORIGIN });
  const page = await context.newPage();
  await openSettings(page);
  const texts = section(page, "Page d’accueil - Textes");
  const title = texts.getByLabel("Titre de la page d’accueil");
  const intro = texts.getByLabel("Texte d’introduction");
  const original = await intro.inputValue();
  const typed = "Les jardins ouvrent leurs portes. ".repeat(70);
  await title.fill("Un titre gardé malgré le refus");
  await intro.fill(typed);
  await texts.getByRole("button", { name: "Enregistrer les textes" }).click();

  await expect(texts.getByText("Ce texte est trop long (2000 caractères maximum).")).toBeVisible();
  await expect(intro).toHaveValue(typed);
  await expect(intro).toHaveAttribute("aria-invalid", "true");
  await expect(title).toHaveValue("Un titre gardé malgré le refus");
  // Nothing was saved.
  await page.goto("/admin/settings");
  await expect(intro).toHaveValue(original);
  await context.close();
});

test("plot counts must be whole numbers; empty counts as 0", async ({ page }) => {
  await openSettings(page);
  const plots = section(page, "Parcelles occupées");
  const occupied = plots.getByLabel("Nombre de parcelles occupées");
  const total = plots.getByLabel("Nombre total de parcelles");
  const original = await values([occupied, total]);
  const save = plots.getByRole("button", { name: "Enregistrer les parcelles" });
  try {
    await occupied.fill("douze");
    const refusal = page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/admin/settings"),
    );
    await save.click();
    expect((await refusal).status()).toBe(400);
    await expect(popup(page, "Merci de saisir des nombres valides pour les parcelles.")).toBeVisible();
    await expect(occupied).toHaveAttribute("aria-invalid", "true");
    await page.reload();
    await expect(occupied).toHaveValue(original[0]!);

    await occupied.fill("");
    await total.fill("12");
    await save.click();
    await expect(popup(page, "Données de parcelles enregistrées.")).toBeVisible();
    await page.reload();
    await expect(occupied).toHaveValue("0");
    await expect(total).toHaveValue("12");
  } finally {
    await occupied.fill(original[0]!);
    await total.fill(original[1]!);
    await save.click();
    await expect(popup(page, "Données de parcelles enregistrées.")).toBeVisible();
  }
});

test("no more plots can be occupied than there are", async ({ page }) => {
  await openSettings(page);
  const plots = section(page, "Parcelles occupées");
  const occupied = plots.getByLabel("Nombre de parcelles occupées");
  const original = await occupied.inputValue();
  await occupied.fill(String(Number(await plots.getByLabel("Nombre total de parcelles").inputValue()) + 1));
  await plots.getByRole("button", { name: "Enregistrer les parcelles" }).click();
  await expect(
    popup(page, "Le nombre de parcelles occupées ne peut pas dépasser le nombre total de parcelles."),
  ).toBeVisible();
  await expect(occupied).toHaveAttribute("aria-invalid", "true");
  await page.reload();
  await expect(occupied).toHaveValue(original);
});

test("the association's name and legal facts reach the header, the titles and the legal notice", async ({ page }) => {
  await openSettings(page);
  const identity = section(page, "Identité de l'association");
  const fields: [string, string][] = [
    ["Nom de l'association", "Jardins de l'Est lyonnais"],
    ["Numéro RNA ou SIRET", "W691234567"],
    ["Directeur ou directrice de la publication", "Martine Roux"],
    ["Hébergeur : nom", "Hébergement Rhône SARL"],
    ["Hébergeur : téléphone", "04 72 00 00 00"],
    ["Hébergeur : adresse", "10 quai Perrache, 69002 Lyon"],
    ["Tribunal compétent", "Tribunal judiciaire de Lyon"],
  ];
  const save = identity.getByRole("button", { name: "Enregistrer l'identité" });
  try {
    await expect(identity.getByText("La loi (LCEN, article 6-III) demande")).toBeVisible();
    await identity.getByLabel("Numéro RNA ou SIRET").fill("12345");
    await save.click();
    await expect(
      popup(page, "Indiquez le numéro RNA (W suivi de 9 chiffres) ou le numéro SIRET (14 chiffres) de l'association."),
    ).toBeVisible();
    for (const [label, value] of fields) await identity.getByLabel(label).fill(value);
    await save.click();
    await expect(popup(page, "Identité de l'association enregistrée.")).toBeVisible();
    await expect(identity.getByText("La loi (LCEN, article 6-III) demande")).toHaveCount(0);

    await page.goto("/mentions-legales");
    await expect(page).toHaveTitle("Mentions légales — Jardins de l'Est lyonnais");
    await expect(page.getByRole("banner")).toContainText("Jardins de l'Est lyonnais");
    await expect(
      page.getByText(
        "Le site est hébergé par Hébergement Rhône SARL, 10 quai Perrache, 69002 Lyon, téléphone : 04 72 00 00 00.",
      ),
    ).toBeVisible();
    await expect(page.getByText("Le directeur de la publication est Martine Roux")).toBeVisible();
    await expect(page.getByText("(RNA W691234567)")).toBeVisible();
    await expect(page.getByText("la juridiction compétente est : Tribunal judiciaire de Lyon")).toBeVisible();
  } finally {
    await page.goto("/admin/settings");
    for (const [label] of fields) await section(page, "Identité de l'association").getByLabel(label).fill("");
    await section(page, "Identité de l'association").getByRole("button", { name: "Enregistrer l'identité" }).click();
    await expect(popup(page, "Identité de l'association enregistrée.")).toBeVisible();
  }
  // Emptied again, the facts are left out, with no stand-in sentence; the director is the president the last general
  // assembly elected, as the bureau's list says (the demo's, or one another test of this site elected).
  await page.goto("/admin/assemblees");
  const bureau = page.getByRole("region", { name: "Bureau de l'association" });
  const president = (await bureau.locator("dd").first().textContent())!.split(",")[0]!.trim();
  await page.goto("/mentions-legales");
  await expect(
    page.getByText(`Le directeur de la publication est ${president}, représentant l'association.`),
  ).toBeVisible();
  await expect(page.getByText(/hébergé par|sur simple demande/)).toHaveCount(0);
});

test("the application form's labels are edited in the settings and shown on /apply; empty, the default returns", async ({
  page,
}) => {
  await openSettings(page);
  const labels = section(page, "Formulaire de candidature");
  const motivations = labels.getByLabel("Champ « motivations »");
  await expect(motivations).toHaveAttribute("placeholder", "Vos motivations");
  try {
    await motivations.fill("Pourquoi souhaitez-vous un jardin ?");
    await labels.getByRole("button", { name: "Enregistrer les libellés" }).click();
    await expect(popup(page, "Libellés du formulaire de candidature enregistrés.")).toBeVisible();
    await page.goto("/apply");
    await expect(page.getByLabel("Pourquoi souhaitez-vous un jardin ?")).toBeVisible();
    await expect(page.getByLabel("Vos motivations")).toHaveCount(0);
  } finally {
    await page.goto("/admin/settings");
    await section(page, "Formulaire de candidature").getByLabel("Champ « motivations »").fill("");
    await section(page, "Formulaire de candidature").getByRole("button", { name: "Enregistrer les libellés" }).click();
    await expect(popup(page, "Libellés du formulaire de candidature enregistrés.")).toBeVisible();
  }
  await page.goto("/apply");
  await expect(page.getByLabel("Vos motivations")).toBeVisible();
});

test("a label written in « Formulaire de candidature » names its field in /apply's messages, in the browser and from the server", async ({
  page,
  browser,
}) => {
  await openSettings(page);
  const labels = section(page, "Formulaire de candidature");
  try {
    await labels.getByLabel("Champ « nom »").fill("Prénom et nom de famille");
    await labels.getByRole("button", { name: "Enregistrer les libellés" }).click();
    await expect(popup(page, "Libellés du formulaire de candidature enregistrés.")).toBeVisible();

    await page.goto("/apply");
    await page.getByLabel("Prénom et nom de famille").focus();
    await expect(page.locator("main form[method=post]")).toHaveAttribute("data-validation", "ready");
    await page.getByRole("button", { name: "Envoyer ma demande" }).click();
    const summary = page.getByRole("alert").filter({ hasText: "Le formulaire contient des erreurs" });
    await expect(summary.getByRole("listitem").first()).toHaveText("Prénom et nom de famille est obligatoire");

    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: ORIGIN });
    const noScript = await context.newPage();
    await noScript.goto("/apply");
    await noScript.getByRole("button", { name: "Envoyer ma demande" }).click();
    await expect(
      noScript
        .getByRole("alert")
        .filter({ hasText: "Le formulaire contient des erreurs" })
        .getByRole("listitem")
        .first(),
    ).toHaveText("Prénom et nom de famille est obligatoire");
    await context.close();
  } finally {
    await page.goto("/admin/settings");
    await section(page, "Formulaire de candidature").getByLabel("Champ « nom »").fill("");
    await section(page, "Formulaire de candidature").getByRole("button", { name: "Enregistrer les libellés" }).click();
    await expect(popup(page, "Libellés du formulaire de candidature enregistrés.")).toBeVisible();
  }
});

test("contact details are saved and shown in the footer", async ({ page }) => {
  await openSettings(page);
  const contact = section(page, "Informations de contact");
  const fields = [
    contact.getByLabel("Adresse"),
    contact.getByLabel("Téléphone"),
    contact.getByLabel("Email"),
    contact.getByLabel("Horaires"),
  ];
  const original = await values(fields);
  const save = contact.getByRole("button", { name: "Enregistrer les informations de contact" });
  try {
    await fields[0]!.fill("3 allée des Courges, 69120 Vaulx-en-Velin");
    await fields[1]!.fill("04 00 00 00 01");
    await fields[2]!.fill("bureau@potager.example");
    await fields[3]!.fill("Permanences : mercredi 17 h – 19 h");
    await save.click();
    await expect(popup(page, "Informations de contact enregistrées.")).toBeVisible();

    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByText("3 allée des Courges, 69120 Vaulx-en-Velin")).toBeVisible();
    await expect(footer.getByRole("link", { name: "04 00 00 00 01" })).toHaveAttribute("href", "tel:0400000001");
    await expect(footer.getByRole("link", { name: "bureau@potager.example" })).toHaveAttribute(
      "href",
      "mailto:bureau@potager.example",
    );
    await expect(footer.getByText("Permanences : mercredi 17 h – 19 h")).toBeVisible();
  } finally {
    await page.goto("/admin/settings");
    for (const [i, field] of fields.entries()) await field.fill(original[i]!);
    await save.click();
    await expect(popup(page, "Informations de contact enregistrées.")).toBeVisible();
  }
});

test("the association page: title, bold text from the editor, a javascript: link dropped, an image removed", async ({
  page,
}) => {
  await openSettings(page);
  const association = section(page, "Page notre association");
  const title = association.getByLabel("Titre de la page");
  const editor = await editorReady(page);
  const original = {
    title: await title.inputValue(),
    html: await association.locator('input[name="contentAssociation"]').inputValue(),
    images: await association
      .locator('input[type="hidden"][name="imagesAssociation"]')
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value).filter(Boolean)),
  };
  expect(original.images).toHaveLength(3);
  try {
    await title.fill("Qui sommes-nous ?");
    await editor.click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.press("Delete");
    await page.keyboard.type("Nous cultivons ");
    await association.getByRole("button", { name: "Gras", exact: true }).click();
    await page.keyboard.type("ensemble");
    await association.getByRole("button", { name: "Gras", exact: true }).click();
    await page.keyboard.type(" depuis trente ans. Lien piégé");
    // Select "Lien piégé" and make it a javascript: link.
    for (let i = 0; i < "Lien piégé".length; i++) await page.keyboard.press("Shift+ArrowLeft");
    await association.getByRole("button", { name: "Lien", exact: true }).click();
    const linkInput = association.getByRole("textbox", { name: "Adresse du lien" });
    await linkInput.fill("javascript:alert(document.cookie)");
    await linkInput.press("Enter");

    await association.getByRole("button", { name: "Supprimer l’image 3" }).click();
    await expect(association.getByRole("img", { name: "Aperçu : Image 3" })).toHaveCount(0);
    await association.getByRole("button", { name: "Enregistrer la page association" }).click();
    await expect(popup(page, "Tous les contenus ont été enregistrés.")).toBeVisible();

    await page.goto("/association");
    const article = page.getByRole("article");
    await expect(page.getByRole("heading", { level: 1, name: "Qui sommes-nous ?" })).toBeVisible();
    await expect(article.locator("strong")).toHaveText("ensemble");
    await expect(article.getByText("Nous cultivons ensemble depuis trente ans.")).toBeVisible();
    await expect(article.getByText("Lien piégé")).toBeVisible();
    await expect(article.locator('a[href^="javascript"], a[href="about:blank"]')).toHaveCount(0);
    await expect(article.getByRole("img")).toHaveCount(2);
  } finally {
    await postSettings(page, [
      ["intent", "association"],
      ["titreAssociation", original.title],
      ["contentAssociation", original.html],
      ...original.images.map((url): [string, string] => ["imagesAssociation", url]),
    ]);
  }
  await page.goto("/association");
  await expect(page.getByRole("article").getByRole("img")).toHaveCount(3);
});

test("an association image is uploaded at once, saved, shown on the page and can be removed", async ({ page }) => {
  await openSettings(page);
  const association = section(page, "Page notre association");
  const original = await association
    .locator('input[type="hidden"][name="imagesAssociation"]')
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value).filter(Boolean));
  const slot = association.getByLabel("Image 2", { exact: true });
  try {
    const upload = page.waitForResponse((r) => new URL(r.url()).pathname === "/admin/media");
    await slot.setInputFiles({
      name: "serre.png",
      mimeType: "image/png",
      buffer: await smallPng({ r: 200, g: 90, b: 40 }),
    });
    expect((await upload).status()).toBe(201);
    const hidden = association.locator('input[type="hidden"][name="imagesAssociation"]').nth(1);
    await expect(hidden).toHaveValue(/^\/media\/[0-9a-f]{32}-256x256-1200\.jpg$/);
    const uploaded = await hidden.inputValue();
    await expect(association.getByRole("img", { name: "Aperçu : Image 2" })).toBeVisible();
    await expect(association.getByRole("alert")).toHaveCount(0);

    await association.getByRole("button", { name: "Enregistrer la page association" }).click();
    await expect(popup(page, "Tous les contenus ont été enregistrés.")).toBeVisible();
    await page.goto("/association");
    await expect(page.getByRole("article").locator(`img[src="${uploaded}"]`)).toHaveCount(1);

    await openSettings(page);
    await association.getByRole("button", { name: "Supprimer l’image 2" }).click();
    await expect(association.getByRole("img", { name: "Aperçu : Image 2" })).toHaveCount(0);
    await expect(association.locator('input[type="hidden"][name="imagesAssociation"]').nth(1)).toHaveValue("");
  } finally {
    const html = await association.locator('input[name="contentAssociation"]').inputValue();
    await postSettings(page, [
      ["intent", "association"],
      ["titreAssociation", await association.getByLabel("Titre de la page").inputValue()],
      ["contentAssociation", html],
      ...original.map((url): [string, string] => ["imagesAssociation", url]),
    ]);
  }
});

test("a new home image: preview, remove, compressed in the browser, saved and shown on the home page", async ({
  page,
}) => {
  await openSettings(page);
  const form = section(page, "Page d’accueil - Image");
  const field = form.getByLabel("Nouvelle image d’accueil");
  const save = form.getByRole("button", { name: "Enregistrer l’image d’accueil" });
  const preview = form.getByRole("img", { name: "Aperçu : Nouvelle image d’accueil" });
  await page.goto("/");
  const before = await page.locator("main section").first().getByRole("img").getAttribute("src");
  await page.goto("/admin/settings");

  await save.click();
  await expect(popup(page, "Aucune image d’accueil à enregistrer.")).toBeVisible();

  const png = await noisyPng();
  expect(png.length).toBeGreaterThan(512 * 1024);
  await field.setInputFiles({ name: "potager.png", mimeType: "image/png", buffer: png });
  await expect(preview).toBeVisible();
  await form.getByRole("button", { name: "Retirer la nouvelle image d’accueil" }).click();
  await expect(preview).toHaveCount(0);

  await field.setInputFiles({ name: "potager.png", mimeType: "image/png", buffer: png });
  await expect(preview).toBeVisible();
  // The file the form sends is the compressed JPEG (1200 px, quality 0.7), not the PNG.
  await expect.poll(() => field.evaluate((input: HTMLInputElement) => input.files?.[0]?.type)).toBe("image/jpeg");
  const sent = await field.evaluate(async (input: HTMLInputElement) => {
    const file = input.files![0]!;
    const bitmap = await createImageBitmap(file);
    return { name: file.name, size: file.size, width: bitmap.width, height: bitmap.height };
  });
  expect(sent).toMatchObject({ name: "potager.jpg", width: 1200, height: 857 });
  expect(sent.size).toBeLessThan(png.length);
  await save.click();
  await expect(popup(page, "Image d’accueil enregistrée.")).toBeVisible();
  // The new image is now the current one and the field is empty again.
  await expect(preview).toHaveCount(0);
  const currentImage = form.getByRole("img", { name: "Image d’accueil actuelle" });
  await expect(currentImage).toHaveAttribute("src", /^\/media\/[0-9a-f]{32}-1200x857-1200\.jpg$/);
  const current = await currentImage.getAttribute("src");

  await page.goto("/");
  // A new image starts without a description: the hero says what the site's images show.
  const hero = page.getByRole("img", { name: "Les jardins de l'association" });
  await expect(hero).toHaveAttribute("src", current!);
  expect(current).not.toBe(before);
});

test.describe("files that are not images", () => {
  test("are refused with a French message, at once in an association slot and on saving the home image", async ({
    page,
  }) => {
    await openSettings(page);
    const association = section(page, "Page notre association");
    const hidden = association.locator('input[type="hidden"][name="imagesAssociation"]').nth(1);
    const kept = await hidden.inputValue();
    await association
      .getByLabel("Image 2", { exact: true })
      .setInputFiles({ name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("ceci n'est pas une image") });
    await expect(association.getByRole("alert")).toHaveText(/Ce fichier n'est pas une image acceptée/);
    // The image already there stays.
    await expect(hidden).toHaveValue(kept);
    await expect(association.getByRole("img", { name: "Aperçu : Image 2" })).toBeVisible();

    const form = section(page, "Page d’accueil - Image");
    await form
      .getByLabel("Nouvelle image d’accueil")
      .setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: Buffer.from("pas une image") });
    const refusal = page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/admin/settings"),
    );
    await form.getByRole("button", { name: "Enregistrer l’image d’accueil" }).click();
    expect((await refusal).status()).toBe(415);
    await expect(popup(page, "Ce fichier n'est pas une image acceptée")).toBeVisible();
    await expect(form.getByRole("alert")).toHaveText(/Ce fichier n'est pas une image acceptée/);
  });
});

test("a new header icon appears in the public header", async ({ page }) => {
  await openSettings(page);
  const form = section(page, "Page d’accueil - Image");
  await form.getByRole("button", { name: "Enregistrer l’icône" }).click();
  await expect(popup(page, "Aucune icône à enregistrer.")).toBeVisible();

  const current = form.getByRole("img", { name: "Icône de header actuelle" });
  const before = await current.getAttribute("src");
  await form
    .getByLabel("logo site admin")
    .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: await smallPng({ r: 30, g: 120, b: 60 }) });
  await expect(form.getByRole("img", { name: "Aperçu : logo site admin" })).toBeVisible();
  await form.getByRole("button", { name: "Enregistrer l’icône" }).click();
  await expect(popup(page, "Icône de header enregistrée.")).toBeVisible();
  await expect(current).not.toHaveAttribute("src", before!);
  const icon = await current.getAttribute("src");
  expect(icon).toMatch(/^\/media\/[0-9a-f]{32}-256x256-1200\.jpg$/);

  // The header shows it from /icon.webp, drawn at its size, at an address of this icon's own.
  await page.goto("/");
  const hash = /^\/media\/([0-9a-f]{32})-/.exec(icon!)![1];
  const shown = page
    .getByRole("banner")
    .getByRole("link", { name: /^Potager/ })
    .locator("img");
  await expect(shown).toHaveAttribute("src", `/icon.webp?v=${hash}`);
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);
});

test("without JavaScript the texts, the home image and the association images are saved, and the popup closes", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: ORIGIN });
  const page = await context.newPage();
  await openSettings(page);
  const texts = section(page, "Page d’accueil - Textes");
  const title = texts.getByLabel("Titre de la page d’accueil");
  const original = await title.inputValue();
  // The editor is a plain textarea holding the HTML.
  const content = page.getByRole("textbox", { name: "Contenu de la page" });
  await expect(content).toHaveValue(/<p>/);
  const associationHtml = await content.inputValue();
  const associationTitle = await page.getByLabel("Titre de la page", { exact: true }).inputValue();
  const associationImages = await page
    .getByRole("checkbox", { name: /^Retirer l’image/ })
    .evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).value));
  expect(associationImages).toHaveLength(3);
  try {
    await title.fill("Titre enregistré sans JavaScript");
    await texts.getByRole("button", { name: "Enregistrer les textes" }).click();
    await expect(popup(page, "Tous les contenus ont été enregistrés.")).toBeVisible();
    await closePopup(page);
    await expect(popup(page, "Tous les contenus ont été enregistrés.")).toHaveCount(0);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Titre enregistré sans JavaScript" })).toBeVisible();

    await page.goto("/admin/settings");
    const image = section(page, "Page d’accueil - Image");
    await image
      .getByLabel("Nouvelle image d’accueil")
      .setInputFiles({ name: "jardin.png", mimeType: "image/png", buffer: await smallPng({ r: 90, g: 160, b: 80 }) });
    await image.getByRole("button", { name: "Enregistrer l’image d’accueil" }).click();
    await expect(popup(page, "Image d’accueil enregistrée.")).toBeVisible();
    await expect(image.getByRole("img", { name: "Image d’accueil actuelle" })).toHaveAttribute(
      "src",
      /-256x256-1200\.jpg$/,
    );

    // Association images: check boxes remove, a file input adds.
    const association = section(page, "Page notre association");
    await expect(association.getByLabel("Image 1", { exact: true })).toBeHidden();
    await association.getByLabel("Retirer l’image 2").check();
    await association.getByLabel("Retirer l’image 3").check();
    await association
      .getByLabel("Ajouter une image")
      .setInputFiles({ name: "ruche.png", mimeType: "image/png", buffer: await smallPng({ r: 220, g: 180, b: 40 }) });
    await association.getByRole("button", { name: "Enregistrer la page association" }).click();
    await expect(popup(page, "Tous les contenus ont été enregistrés.")).toBeVisible();
    await page.goto("/association");
    const photos = page.getByRole("article").getByRole("img");
    await expect(photos).toHaveCount(2);
    await expect(photos.nth(0)).toHaveAttribute("src", associationImages[0]!);
    await expect(photos.nth(1)).toHaveAttribute("src", /-256x256-1200\.jpg$/);
  } finally {
    await page.goto("/admin/settings");
    await title.fill(original);
    await texts.getByRole("button", { name: "Enregistrer les textes" }).click();
    await expect(popup(page, "Tous les contenus ont été enregistrés.")).toBeVisible();
    await postSettings(page, [
      ["intent", "association"],
      ["titreAssociation", associationTitle],
      ["contentAssociation", associationHtml],
      ...associationImages.map((url): [string, string] => ["imagesAssociation", url]),
    ]);
    await context.close();
  }
});

test("public pages load neither the editor nor its styles", async ({ page }) => {
  const requests: string[] = [];
  page.on("request", (request) => requests.push(request.url()));
  for (const path of ["/", "/association"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  expect(requests.filter((url) => /quill|settings/i.test(url))).toEqual([]);
  const editorRules = await page.evaluate(
    () =>
      [...document.styleSheets]
        .flatMap((sheet) => [...sheet.cssRules])
        .filter((rule) => rule.cssText.includes(".ql-toolbar")).length,
  );
  expect(editorRules).toBe(0);
});

for (const width of [390, 1280]) {
  test(`the settings screen has no accessibility violations at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openSettings(page);
    await editorReady(page);
    // The whole page: admin layout, the screen and, second time, the popup.
    expect(await axeViolations(page)).toEqual([]);

    // With the popup open too.
    await section(page, "Page d’accueil - Image").getByRole("button", { name: "Enregistrer l’icône" }).click();
    await expect(popup(page, "Aucune icône à enregistrer.")).toBeVisible();
    expect(await axeViolations(page, "la fenêtre de message")).toEqual([]);
  });
}

test("'Données personnelles': the retention periods are saved and the legal notice states them", async ({ page }) => {
  await openSettings(page);
  const retention = section(page, "Données personnelles");
  const field = retention.getByLabel("Messages de contact (mois)");
  await expect(field).toHaveValue("12");
  await field.fill("0");
  await retention.getByRole("button", { name: "Enregistrer les durées" }).click();
  await expect(retention.getByText("Entre 1 et 120 mois.")).toBeVisible();
  await expect(field).toHaveValue("0");
  await field.fill("18");
  await retention.getByRole("button", { name: "Enregistrer les durées" }).click();
  await expect(popup(page, "Durées de conservation enregistrées.")).toBeVisible();
  await page.goto("/mentions-legales");
  await expect(page.getByText("les messages envoyés par la page Contact, 18 mois ;")).toBeVisible();
  await expect(
    page.getByText(/leur texte est effacé dès l'envoi ; le destinataire, l'objet et la date sont gardés 30 jours\./),
  ).toBeVisible();
  // Back to the default, for the other tests.
  await page.goto("/admin/settings");
  await page.getByRole("region", { name: "Données personnelles" }).getByLabel("Messages de contact (mois)").fill("12");
  await page
    .getByRole("region", { name: "Données personnelles" })
    .getByRole("button", { name: "Enregistrer les durées" })
    .click();
  await expect(popup(page, "Durées de conservation enregistrées.")).toBeVisible();
});
