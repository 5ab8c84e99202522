import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * What is wrong with the page drawn at `width` px (the viewport is resized, the page not reloaded): axe's violations,
 * and its width if it scrolls sideways. `what` names the page in each line.
 */
export async function problemsAt(page: Page, width: number, what: string) {
  await page.setViewportSize({ width, height: 900 });
  const results = await new AxeBuilder({ page }).analyze();
  const problems = results.violations.map(
    (v) => `${what} à ${width} px, ${v.id} : ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  if (scrollWidth > width) problems.push(`${what} à ${width} px : ${scrollWidth} px de large`);
  return problems;
}
