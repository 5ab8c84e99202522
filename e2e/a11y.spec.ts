import { AxeBuilder } from "@axe-core/playwright";
import { openAdmin } from "./admin";
import { EMPTY_SITE, expect, test } from "./fixtures";

const PUBLIC = [
  "/",
  "/association",
  "/blog",
  "/blog/2",
  "/events",
  "/events/3",
  "/annonces",
  "/apply",
  "/contact",
  "/search?q=recolte",
  "/search?q=zzz",
  "/mentions-legales",
];
const EMPTY = ["/", "/association", "/blog", "/events", "/annonces", "/apply", "/contact"].map(
  (path) => `${EMPTY_SITE}${path}`,
);
const PAGES = [...PUBLIC, "/login", ...EMPTY];

for (const path of PAGES) {
  for (const width of [390, 1280]) {
    test(`${path} has no accessibility violations at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual(
        [],
      );
    });
  }
}

for (const width of [390, 1280]) {
  test(`the admin dashboard has no accessibility violations at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openAdmin(page, "/admin", "Tableau de bord");
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });
}

for (const path of ["/apply", "/contact", "/annonces"]) {
  test(`${path} with its error messages shown has no accessibility violations`, async ({ page }) => {
    await page.goto(path);
    const form = page.locator("main form[method=post]").last();
    await form.getByRole("button", { name: /^Envoyer/ }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Le formulaire contient des erreurs" })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });
}

test("an open lightbox has no accessibility violations", async ({ page }) => {
  await page.goto("/blog/2");
  await page.getByRole("link", { name: /photo 1 sur 2 \(agrandir\)/ }).click();
  await expect(page.getByRole("dialog", { name: "Photo 1 sur 2" })).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
});
