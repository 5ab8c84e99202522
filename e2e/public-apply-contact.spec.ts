import type { Locator, Page } from "@playwright/test";
import { expect, test, visitorContext } from "./fixtures";
import { fillApplication } from "./visitors";

const APPLY_MESSAGES = [
  "Le nom est obligatoire",
  "L'email est obligatoire",
  "Le téléphone portable est obligatoire",
  "L'adresse est obligatoire",
  "La ville est obligatoire",
  "La taille du jardin est obligatoire",
  "Le temps disponible est obligatoire",
  "L'expérience en jardinage est obligatoire",
  "La connaissance du budget est obligatoire",
  "L'acceptation des inspections mensuelles est obligatoire",
  "L'engagement à respecter la charte est obligatoire",
  "L'engagement à respecter le règlement intérieur est obligatoire",
  "L'engagement au respect du lieu public est obligatoire",
  "Les motivations sont obligatoires",
];

test("/apply shows the plots taken, the charter and the rules to read before ticking", async ({ page }) => {
  await page.goto("/apply");
  await expect(page.getByRole("heading", { level: 1, name: "Demander une parcelle" })).toBeVisible();
  await expect(page.getByText(/\d+ parcelles sur \d+ occupées — \d+ sont libres/)).toBeVisible();
  await page.getByText("Lire la charte du jardinage naturel").click();
  await expect(page.getByText(/Je jardine sans pesticides ni engrais de synthèse/)).toBeVisible();
  await expect(page.getByText(/^Version [0-9a-f]{12}$/).first()).toBeVisible();
  for (const option of ["Vaulx-en-Velin", "Villeurbanne", "Autre"]) {
    await expect(page.getByRole("combobox", { name: "Ville" }).locator("option", { hasText: option })).toHaveCount(1);
  }
  for (const size of ["Petite (moins de 150 m²)", "Moyenne (150 à 200 m²)", "Grande (plus de 200 m²)"])
    await expect(page.getByLabel(size)).toBeVisible();
  for (const time of ["1 heure par semaine", "2 heures par semaine", "Le week-end", "Illimité"])
    await expect(page.getByLabel(time)).toBeVisible();
  // One line of a postal address: "street-address" is for a multi-line field and is invalid on an <input>.
  await expect(page.getByRole("textbox", { name: "Adresse postale" })).toHaveAttribute("autocomplete", "address-line1");
});

test("/apply with JavaScript: every message of the spec at once, the first field focused, a message gone when its field is edited", async ({
  page,
}) => {
  await page.goto("/apply");
  await page.getByLabel("Nom et prénom").focus();
  await expect(page.locator("main form[method=post]")).toHaveAttribute("data-validation", "ready");
  let posted = 0;
  page.on("request", (request) => {
    if (request.method() === "POST") posted++;
  });
  await page.getByRole("button", { name: "Envoyer ma demande" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "Le formulaire contient des erreurs" });
  await expect(summary.getByRole("listitem")).toHaveText(APPLY_MESSAGES);
  await expect(page.getByLabel("Nom et prénom")).toBeFocused();
  await page.getByLabel("Nom et prénom").fill("N");
  await expect(summary.getByRole("listitem")).toHaveCount(APPLY_MESSAGES.length - 1);
  await expect(page.getByLabel("Nom et prénom")).not.toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Adresse e-mail").fill("nadia@");
  await page.getByLabel("Téléphone portable").fill("06 12");
  await page.getByLabel("Téléphone fixe (facultatif)").fill("12");
  await page.getByRole("button", { name: "Envoyer ma demande" }).click();
  await expect(page.getByText("Format d'email invalide").first()).toBeVisible();
  await expect(page.getByText("Format de téléphone invalide (ex: 0612345678)").first()).toBeVisible();
  await expect(page.getByText("Format de téléphone invalide (ex: 0412345678)").first()).toBeVisible();
  await expect(page.getByLabel("Adresse e-mail")).toBeFocused();
  await expect(page.getByLabel("Adresse e-mail")).toHaveAttribute("aria-describedby", /error/);
  expect(posted).toBe(0);
});

test("/apply with JavaScript, sent before its checks loaded: the server's messages, and the focus on the first field in error", async ({
  page,
}) => {
  // No field entered: the button is pressed from the keyboard at once, before any check could load.
  await page.goto("/apply");
  await page.getByRole("button", { name: "Envoyer ma demande" }).press("Enter");
  const summary = page.getByRole("alert").filter({ hasText: "Le formulaire contient des erreurs" });
  await expect(summary.getByRole("listitem")).toHaveText(APPLY_MESSAGES);
  await expect(page.getByLabel("Nom et prénom")).toBeFocused();
});

test("/apply with JavaScript: a complete application gets the thank-you screen", async ({ page }) => {
  await page.goto("/apply");
  await fillApplication(page);
  await page.getByRole("button", { name: "Envoyer ma demande" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Merci pour votre demande !" })).toBeVisible();
});

test("/apply without JavaScript: the server's messages, the first field in error focused, what was typed kept; then sent", async ({
  browser,
}) => {
  const context = await visitorContext(browser, { javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/apply");
  await fillApplication(page);
  await page.getByLabel("Adresse e-mail").fill("pas-une-adresse");
  await page.getByLabel(/lieu public/).uncheck();
  await page.getByRole("button", { name: "Envoyer ma demande" }).click();

  const summary = page.getByRole("alert").filter({ hasText: "Le formulaire contient des erreurs" });
  await expect(summary.getByRole("listitem")).toHaveText([
    "Format d'email invalide",
    "L'engagement au respect du lieu public est obligatoire",
  ]);
  await expect(page.getByLabel("Adresse e-mail")).toBeFocused();
  await expect(page.getByLabel("Adresse e-mail")).toHaveValue("pas-une-adresse");
  await expect(page.getByLabel("Nom et prénom")).toHaveValue("Nadia Cherif");
  await expect(page.getByRole("combobox", { name: "Ville" })).toHaveValue("Villeurbanne");
  await expect(page.getByLabel("Moyenne (150 à 200 m²)")).toBeChecked();
  await expect(page.getByLabel(/respecter la charte/)).toBeChecked();
  await expect(page.getByLabel("Vos motivations")).toHaveValue(/Cultiver des légumes/);

  await page.getByLabel("Adresse e-mail").fill("nadia.cherif@example.fr");
  await page.getByLabel(/lieu public/).check();
  await page.getByRole("button", { name: "Envoyer ma demande" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Merci pour votre demande !" })).toBeVisible();
  await context.close();
});

function contactForm(page: Page): Locator {
  return page.locator("form").filter({ has: page.getByRole("heading", { name: "Écrivez-nous" }) });
}

async function fillContact(form: Locator) {
  await form.getByLabel("Votre nom").fill("Hugo Lambert");
  await form.getByLabel("Votre e-mail").fill("hugo.lambert@example.fr");
  await form.getByLabel("Objet").fill("Visite du jardin de la Thibaude");
  await form.getByLabel("Message").fill("Bonjour, peut-on visiter le jardin samedi matin avec une classe de CM1 ?");
  await form.getByLabel("Combien font 3 + 4 ?").fill("7");
}

test("/contact: the association's details, each message of the form, then the confirmation and a new message", async ({
  page,
}) => {
  await page.goto("/contact");
  const details = page.getByRole("region", { name: "Nos coordonnées" });
  await expect(details).toContainText("14 rue du Docteur Rollet");
  await expect(details.getByRole("link", { name: "contact@jardins-villeurbanne.fr" })).toBeVisible();
  await expect(details).toContainText("Permanences : samedi 9 h – 12 h");

  const form = contactForm(page);
  await form.getByLabel("Votre e-mail").fill("hugo@");
  await form.getByLabel("Combien font 3 + 4 ?").fill("8");
  await form.getByRole("button", { name: "Envoyer le message" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Le formulaire contient des erreurs" }).getByRole("listitem"),
  ).toHaveText([
    "Ce champ est obligatoire",
    "Veuillez entrer une adresse email valide",
    "Ce champ est obligatoire",
    "Ce champ est obligatoire",
    "Réponse incorrecte au captcha",
  ]);
  await expect(form.getByLabel("Votre nom")).toBeFocused();

  await fillContact(form);
  await form.getByRole("button", { name: "Envoyer le message" }).click();
  await expect(page.getByRole("heading", { name: "Message envoyé" })).toBeVisible();
  await page.getByRole("link", { name: "Envoyer un nouveau message" }).click();
  await expect(contactForm(page).getByLabel("Votre nom")).toHaveValue("");
});

test("/contact without JavaScript: the server's messages with what was typed, then the confirmation", async ({
  browser,
}) => {
  const context = await visitorContext(browser, { javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/contact");
  let form = contactForm(page);
  await fillContact(form);
  await form.getByLabel("Combien font 3 + 4 ?").fill("sept");
  await form.getByRole("button", { name: "Envoyer le message" }).click();
  form = contactForm(page);
  await expect(form.getByText("Réponse incorrecte au captcha").first()).toBeVisible();
  await expect(form.getByLabel("Combien font 3 + 4 ?")).toBeFocused();
  await expect(form.getByLabel("Message")).toHaveValue(/classe de CM1/);
  await expect(form.getByLabel("Combien font 3 + 4 ?")).toHaveValue("");
  await form.getByLabel("Combien font 3 + 4 ?").fill("7");
  await form.getByRole("button", { name: "Envoyer le message" }).click();
  await expect(page.getByRole("heading", { name: "Message envoyé" })).toBeVisible();
  await context.close();
});

test("a sixth message from one address within ten minutes is refused in French, and what was typed is kept", async ({
  browser,
}) => {
  const context = await visitorContext(browser, { extraHTTPHeaders: { "X-Forwarded-For": "192.0.2.77" } });
  const page = await context.newPage();
  for (let i = 0; i < 5; i++) {
    await page.goto("/contact");
    await fillContact(contactForm(page));
    await contactForm(page).getByRole("button", { name: "Envoyer le message" }).click();
    await expect(page.getByRole("heading", { name: "Message envoyé" })).toBeVisible();
  }
  await page.goto("/contact");
  await fillContact(contactForm(page));
  await contactForm(page).getByRole("button", { name: "Envoyer le message" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Vous avez envoyé ce formulaire trop souvent" }),
  ).toBeVisible();
  await expect(contactForm(page).getByLabel("Objet")).toHaveValue("Visite du jardin de la Thibaude");
  await context.close();
});
