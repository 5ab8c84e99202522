import type { Page } from "@playwright/test";
import { EMPTY_SITE, expect, test, visitorContext } from "./fixtures";

const FRENCH_DATE =
  /^\d{1,2} (janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre) \d{4}$/;

test("/blog lists the articles newest first: image, French date, title and an excerpt of at most 150 characters", async ({
  page,
}) => {
  await page.goto("/blog");
  await expect(page.getByRole("heading", { level: 1, name: "Blog" })).toBeVisible();
  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(3);
  await expect(cards.getByRole("heading")).toHaveText([
    "Le compost collectif, mode d'emploi",
    "Retour sur la fête des récoltes",
    "Préparer son potager pour l'hiver",
  ]);
  for (const card of await cards.all()) {
    await expect(card.locator("time")).toHaveText(FRENCH_DATE);
    const excerpt = await card.locator("p").last().textContent();
    expect(excerpt!.length).toBeLessThanOrEqual(151);
  }
  // A card's image says what its description says; the title beside it names the article.
  await expect(cards.filter({ hasText: "Le compost collectif" }).locator("img")).toHaveAttribute(
    "alt",
    "Les trois bacs du compost collectif à côté de la cabane commune",
  );
  await cards.getByRole("link", { name: "Retour sur la fête des récoltes" }).click();
  await expect(page).toHaveURL(/\/blog\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Retour sur la fête des récoltes" })).toBeVisible();
  await expect(page.getByText(/^Publié le \d{1,2}(?:er)? \S+ \d{4} par Hervé Dubois$/)).toBeVisible();
  await expect(page.locator(".rich-text")).toContainText("Plus de 150 personnes");
});

test("an unknown or malformed article leads back to /blog, an unknown event to /events", async ({ page }) => {
  for (const [path, list] of [
    ["/blog/99999", "/blog"],
    ["/blog/pas-un-id", "/blog"],
    ["/events/99999", "/events"],
    ["/events/1.5", "/events"],
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${list}$`));
  }
});

async function openArticleWithPhotos(page: Page) {
  await page.goto("/blog");
  await page.getByRole("link", { name: "Retour sur la fête des récoltes" }).click();
  await expect(page.getByRole("heading", { name: "Photos" })).toBeVisible();
}

test("the lightbox works with the keyboard: open, next, previous, Escape, and the focus comes back", async ({
  page,
}) => {
  await openArticleWithPhotos(page);
  const thumbnails = page.getByRole("link", { name: /photo \d sur 2 \(agrandir\)/ });
  await expect(thumbnails).toHaveCount(2);
  await thumbnails.first().focus();
  await page.keyboard.press("Enter");
  const first = page.getByRole("dialog", { name: "Photo 1 sur 2" });
  await expect(first).toBeVisible();
  await expect(first.getByRole("link", { name: /Fermer/ })).toBeFocused();

  await page.keyboard.press("ArrowRight");
  const second = page.getByRole("dialog", { name: "Photo 2 sur 2" });
  await expect(second).toBeVisible();
  await expect(first).toBeHidden();
  await page.keyboard.press("ArrowRight");
  await expect(first).toBeVisible();
  await page.keyboard.press("ArrowLeft");
  await expect(second).toBeVisible();
  // Tab stays inside the open lightbox.
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press("Tab");
    expect(
      await page.evaluate(() => document.activeElement?.closest("[role=dialog]")?.getAttribute("aria-label")),
    ).toBe("Photo 2 sur 2");
  }
  await page.keyboard.press("Escape");
  await expect(second).toBeHidden();
  await expect(thumbnails.first()).toBeFocused();
});

test("the lightbox works without JavaScript: links open it, go to the next and previous photo, and close it", async ({
  browser,
}) => {
  const context = await visitorContext(browser, { javaScriptEnabled: false });
  const page = await context.newPage();
  await openArticleWithPhotos(page);
  await page.getByRole("link", { name: /photo 2 sur 2 \(agrandir\)/ }).click();
  const second = page.getByRole("dialog", { name: "Photo 2 sur 2" });
  await expect(second).toBeVisible();
  await second.getByRole("link", { name: /Photo suivante/ }).click();
  const first = page.getByRole("dialog", { name: "Photo 1 sur 2" });
  await expect(first).toBeVisible();
  await first.getByRole("link", { name: /Photo précédente/ }).click();
  await expect(second).toBeVisible();
  await second.getByRole("link", { name: /Fermer/ }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await context.close();
});

test("/events lists every event newest first with its badge, date, place and a short description", async ({ page }) => {
  await page.goto("/events");
  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(4);
  await expect(cards.getByRole("heading")).toHaveText([
    "Bourse aux plants et aux graines",
    "Assemblée générale annuelle",
    "Fête des récoltes",
    "Atelier taille des arbres fruitiers",
  ]);
  await expect(cards.nth(0)).toContainText("À venir");
  await expect(cards.nth(3)).toContainText("Passé");
  await expect(cards.nth(3)).toContainText("Jardin des Brosses, Villeurbanne");
  await expect(cards.nth(3).locator("time")).toHaveText(/^\d{1,2}(?:er)? \S+ \d{4} à \d{2}h\d{2}$/);
});

test("an upcoming event asks to sign up with its form where it has one, else by e-mail or phone; a past one does not", async ({
  page,
}) => {
  await page.goto("/events");
  await page.getByRole("link", { name: "Bourse aux plants et aux graines" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Bourse aux plants et aux graines" })).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Infos pratiques" })).toContainText(
    "merci de vous inscrire à l'avance par e-mail à contact@jardins-villeurbanne.fr ou par téléphone au 04 78 12 34 56.",
  );

  // The assembly takes sign-ups on its page: the note sends to the form, the e-mail and phone are for questions.
  await page.goto("/events");
  await page.getByRole("link", { name: "Assemblée générale annuelle" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Assemblée générale annuelle" })).toBeVisible();
  await expect(page.getByText("À venir", { exact: true })).toBeVisible();
  const note = page.getByRole("complementary", { name: "Infos pratiques" });
  await expect(note).toContainText("Pour participer, inscrivez-vous avec le formulaire ci-dessous.");
  await expect(note).not.toContainText("merci de vous inscrire à l'avance");
  await expect(note.getByRole("link", { name: "contact@jardins-villeurbanne.fr" })).toHaveAttribute(
    "href",
    "mailto:contact@jardins-villeurbanne.fr",
  );
  await expect(note.getByRole("link", { name: "04 78 12 34 56" })).toHaveAttribute("href", "tel:0478123456");
  await expect(page.getByText("Début")).toBeVisible();
  await expect(page.getByText("Fin", { exact: true })).toBeVisible();

  await page.goto("/events");
  await page.getByRole("link", { name: "Fête des récoltes" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Fête des récoltes" })).toBeVisible();
  await expect(page.getByText("Passé", { exact: true })).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Infos pratiques" })).toHaveCount(0);
  // One extra photo: a grid of one column, with its lightbox.
  await page.getByRole("link", { name: /photo 1 sur 1 \(agrandir\)/ }).click();
  await expect(page.getByRole("dialog", { name: "Photo 1 sur 1" })).toBeVisible();
  await expect(page.getByRole("dialog").getByRole("link", { name: /Photo suivante/ })).toHaveCount(0);
});

test("an empty site says there is no article and no event yet", async ({ page }) => {
  await page.goto(`${EMPTY_SITE}/blog`);
  await expect(page.getByText("Aucun article pour le moment.")).toBeVisible();
  await page.goto(`${EMPTY_SITE}/events`);
  await expect(page.getByText("Aucun événement n'est disponible pour le moment.")).toBeVisible();
  await page.goto(`${EMPTY_SITE}/annonces`);
  await expect(page.getByText("Aucune annonce pour le moment.")).toBeVisible();
});
