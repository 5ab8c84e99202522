import { axeViolations, problemsOnPhoneAndDesktop } from "./accessibility";
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
const EMPTY = ["/", "/association", "/blog", "/events", "/annonces", "/apply", "/contact"];
// The empty site's address is the worker's own: titles name its pages without it, the same on every worker.
const PAGES = [
  ...[...PUBLIC, "/login"].map((path) => ({ title: path, url: () => path })),
  ...EMPTY.map((path) => ({ title: `le site vide ${path}`, url: () => `${EMPTY_SITE}${path}` })),
];

// Each page loaded once, at a phone's width, then analysed there and at a desktop's.
for (const { title, url } of PAGES) {
  test(`${title} has no accessibility violations and no sideways scrolling at 390 and 1280 px`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto(url());
    expect(await problemsOnPhoneAndDesktop(page, url())).toEqual([]);
  });
}

// The back office's screens, the dashboard first, are checked in admin-dashboard.spec.ts.

for (const path of ["/apply", "/contact", "/annonces"]) {
  test(`${path} with its error messages shown has no accessibility violations`, async ({ page }) => {
    await page.goto(path);
    const form = page.locator("main form[method=post]").last();
    await form.getByRole("button", { name: /^Envoyer/ }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Le formulaire contient des erreurs" })).toBeVisible();
    expect(await axeViolations(page, path)).toEqual([]);
  });
}

test("an open lightbox has no accessibility violations", async ({ page }) => {
  await page.goto("/blog/2");
  await page.getByRole("link", { name: /photo 1 sur 2 \(agrandir\)/ }).click();
  await expect(page.getByRole("dialog", { name: "Photo 1 sur 2" })).toBeVisible();
  expect(await axeViolations(page, "la visionneuse")).toEqual([]);
});
