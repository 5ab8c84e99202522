import { AxeBuilder } from "@axe-core/playwright";
import { EMPTY_SITE, expect, loginAsAdmin, test } from "./fixtures";

const PAGES = ["/", "/association", "/mentions-legales", "/login", `${EMPTY_SITE}/`, `${EMPTY_SITE}/association`];

for (const path of PAGES) {
  for (const width of [390, 1280]) {
    test(`${path} has no accessibility violations at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    });
  }
}

for (const width of [390, 1280]) {
  test(`the admin dashboard has no accessibility violations at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await loginAsAdmin(page);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });
}
