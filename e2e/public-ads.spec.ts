import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test, visitorContext } from "./fixtures";

const REQUIRED = "Les champs obligatoires (*) doivent être remplis.";

async function photo() {
  return {
    name: "plants.png",
    mimeType: "image/png",
    buffer: await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 70, g: 140, b: 60 } } })
      .png()
      .toBuffer(),
  };
}

function form(page: Page) {
  return page.getByRole("region", { name: "Déposer une annonce" });
}

test("/annonces lists the validated ads only, newest first, and filters them by type with links", async ({ page }) => {
  await page.goto("/annonces");
  const ads = page.locator('article[id^="annonce-"]');
  await expect(ads).toHaveCount(3);
  await expect(ads.getByRole("heading")).toHaveText([
    "Vend — Karim Benali",
    "Recherche — Sophie Garcia",
    "Donne — Bernard Petit",
  ]);
  // The pending ad is not public.
  await expect(page.getByText("Lucie Moreau")).toHaveCount(0);

  const filters = page.getByRole("navigation", { name: "Filtrer les annonces par type" });
  await filters.getByRole("link", { name: "Donne" }).click();
  await expect(page).toHaveURL(/\/annonces\?type=donne$/);
  await expect(filters.getByRole("link", { name: "Donne" })).toHaveAttribute("aria-current", "page");
  await expect(ads.getByRole("heading")).toHaveText(["Donne — Bernard Petit"]);
  await filters.getByRole("link", { name: "Échange" }).click();
  await expect(page).toHaveURL(/type=%C3%A9change$/);
  await expect(page.getByText("Aucune annonce « Échange » pour le moment.")).toBeVisible();
  await filters.getByRole("link", { name: "Toutes" }).click();
  await expect(ads).toHaveCount(3);
});

test("the type filters work without JavaScript", async ({ browser }) => {
  const context = await visitorContext(browser, { javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/annonces");
  await page
    .getByRole("navigation", { name: "Filtrer les annonces par type" })
    .getByRole("link", { name: "Vend" })
    .click();
  await expect(page).toHaveURL(/type=vend$/);
  await expect(page.locator('article[id^="annonce-"]').getByRole("heading")).toHaveText(["Vend — Karim Benali"]);
  await context.close();
});

test("the publish form: every message at once, no request while something is wrong, then the ad sent and the form emptied", async ({
  page,
}) => {
  await page.goto("/annonces#poster");
  const publish = form(page);
  // A visitor starts in the form: its checks load then.
  await publish.getByLabel("Votre nom").focus();
  await expect(publish.locator("form")).toHaveAttribute("data-validation", "ready");
  let posted = 0;
  page.on("request", (request) => {
    if (request.method() === "POST") posted++;
  });
  await publish.getByRole("button", { name: "Envoyer l'annonce" }).click();
  for (const field of ["Votre nom", "Téléphone", "Type d'annonce"]) {
    await expect(publish.getByLabel(field)).toHaveAttribute("aria-invalid", "true");
  }
  await expect(publish.getByText(REQUIRED)).toHaveCount(6); // under each of the three fields, and in the summary
  await expect(publish.getByText("Captcha incorrect. Veuillez écrire : potager")).toHaveCount(2);
  await expect(publish.getByLabel("Votre nom")).toBeFocused();
  expect(posted).toBe(0);

  // An error goes as soon as its field is edited.
  await publish.getByLabel("Votre nom").fill("Amélie Roux");
  await expect(publish.getByLabel("Votre nom")).not.toHaveAttribute("aria-invalid", "true");
  await publish.getByLabel("Téléphone").fill("06 22 33 44 55");
  await publish.getByLabel("Type d'annonce").selectOption({ label: "Donne" });
  await publish.getByLabel("E-mail (facultatif)").fill("amelie.roux@example.fr");
  await publish
    .getByLabel("Votre annonce (facultatif)")
    .fill("Je donne des plants de courgettes, à prendre au jardin du Tonkin.");
  await publish.getByLabel("Photo 1").setInputFiles(await photo());
  await expect(publish.getByRole("img", { name: "Aperçu : Photo 1" })).toBeVisible();
  await expect(publish.getByText("plants.png")).toBeVisible();
  await publish.getByLabel("Photo 2").setInputFiles(await photo());
  await publish.getByRole("button", { name: "Retirer la photo 2" }).click();
  await expect(publish.getByRole("img", { name: "Aperçu : Photo 2" })).toHaveCount(0);
  await publish.getByLabel(/Recopiez le mot « potager »/).fill("POTAGER");
  await publish.getByRole("button", { name: "Envoyer l'annonce" }).click();

  await expect(publish.getByText("Annonce envoyée, en attente de validation.")).toBeVisible();
  await expect(publish.getByLabel("Votre nom")).toHaveValue("");
  await expect(publish.getByLabel("Votre annonce (facultatif)")).toHaveValue("");
  await expect(publish.getByRole("img", { name: "Aperçu : Photo 1" })).toHaveCount(0);
  expect(posted).toBe(1);
  // Waiting for validation: not in the public list.
  await expect(page.getByText("Je donne des plants de courgettes")).toHaveCount(0);
});

test("without JavaScript the server answers with the messages and what was typed, then accepts the ad with its photo", async ({
  browser,
}) => {
  const context = await visitorContext(browser, { javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/annonces");
  const publish = form(page);
  await publish.getByLabel("Votre nom").fill("Paul Girard");
  await publish.getByLabel("Votre annonce (facultatif)").fill("Cherche fumier de cheval pour le compost.");
  await publish.getByLabel(/Recopiez le mot/).fill("mauvais");
  await publish.getByRole("button", { name: "Envoyer l'annonce" }).click();

  await expect(page.getByRole("alert").filter({ hasText: "Le formulaire contient des erreurs" })).toBeVisible();
  await expect(publish.getByLabel("Téléphone")).toBeFocused();
  await expect(publish.getByLabel("Votre nom")).toHaveValue("Paul Girard");
  await expect(publish.getByLabel("Votre annonce (facultatif)")).toHaveValue(
    "Cherche fumier de cheval pour le compost.",
  );
  await expect(publish.getByLabel(/Recopiez le mot/)).toHaveValue("");
  await expect(publish.getByText("Recopiez-le à nouveau : par sécurité, il n'est pas conservé.")).toBeVisible();
  await expect(publish.getByText("Captcha incorrect. Veuillez écrire : potager").first()).toBeVisible();

  await publish.getByLabel("Téléphone").fill("0633445566");
  await publish.getByLabel("Type d'annonce").selectOption("recherche");
  await publish.getByLabel("Photo 1").setInputFiles(await photo());
  await publish.getByLabel(/Recopiez le mot/).fill("potager");
  await publish.getByRole("button", { name: "Envoyer l'annonce" }).click();
  await expect(publish.getByText("Annonce envoyée, en attente de validation.")).toBeVisible();
  await expect(publish.getByLabel("Votre nom")).toHaveValue("");
  await context.close();
});
