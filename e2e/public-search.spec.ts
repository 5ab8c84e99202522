import { expect, test, visitorContext } from "./fixtures";

test("search finds articles and events without regard to case or accents, titles first, the words marked", async ({
  page,
}) => {
  await page.goto("/search?q=RECOLTE");
  await expect(page.getByRole("heading", { level: 2, name: "3 résultat(s)" })).toBeVisible();
  const results = page.getByRole("region", { name: "3 résultat(s)" }).getByRole("listitem");
  await expect(results.getByRole("heading")).toHaveText([
    "Retour sur la fête des récoltes",
    "Fête des récoltes",
    "Préparer son potager pour l'hiver",
  ]);
  await expect(results.nth(0)).toContainText("Article");
  await expect(results.nth(1)).toContainText("Événement");
  await expect(results.nth(2).locator("mark")).toHaveText(["récoltes"]);
  await results.getByRole("link", { name: "Fête des récoltes", exact: true }).click();
  await expect(page).toHaveURL(/\/events\/\d+$/);

  await page.goto("/search?q=fete");
  await expect(page.getByRole("heading", { level: 2, name: "2 résultat(s)" })).toBeVisible();
});

test("search finds other forms of a word, and never what is only in the markup", async ({ page }) => {
  // "bac" finds the article about the compost bins ("Trois bacs").
  await page.goto("/search?q=bac");
  await expect(page.getByRole("heading", { name: "Le compost collectif, mode d'emploi" })).toBeVisible();
  // The articles hold <strong> and <em>: searching the tags finds nothing.
  for (const markup of ["strong", "p>"]) {
    await page.goto(`/search?q=${encodeURIComponent(markup)}`);
    await expect(page.getByRole("heading", { name: "Aucun résultat trouvé" })).toBeVisible();
  }
});

test("nothing found: the message, suggestions and a link home; a blank search shows the empty page", async ({
  page,
}) => {
  await page.goto("/search?q=artichaut%20violet");
  await expect(page.getByRole("heading", { name: "Aucun résultat trouvé" })).toBeVisible();
  await page.getByRole("link", { name: "compost" }).click();
  await expect(page).toHaveURL(/\/search\?q=compost$/);
  await expect(page.getByRole("heading", { name: /résultat\(s\)$/ })).toBeVisible();
  await page.goto("/search?q=zzzz");
  await page.getByRole("link", { name: "Retour à l'accueil" }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto("/search?q=%20%20");
  await expect(page.getByRole("heading", { level: 1, name: "Rechercher" })).toBeVisible();
  await expect(page.getByText("Aucun résultat trouvé")).toHaveCount(0);
  await expect(page.getByRole("searchbox", { name: "Rechercher dans les articles et les événements" })).toHaveValue("");
});

test("the header's search works without JavaScript", async ({ browser }) => {
  const context = await visitorContext(browser, { javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/association");
  await page.getByRole("searchbox", { name: "Rechercher sur le site" }).fill("compost");
  await page.getByRole("searchbox", { name: "Rechercher sur le site" }).press("Enter");
  await expect(page).toHaveURL(/\/search\?q=compost$/);
  await expect(page.getByRole("heading", { name: "Le compost collectif, mode d'emploi" })).toBeVisible();
  await context.close();
});
