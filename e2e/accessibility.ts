import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** axe's violations on the page as it is drawn now, one line each, naming the page (`what`) and the elements. */
export async function axeViolations(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((v) => `${what}, ${v.id} : ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/**
 * What is wrong with the page drawn at `width` px (the viewport is resized, the page not reloaded): axe's violations,
 * and its width if it scrolls sideways. `what` names the page in each line.
 */
async function problemsAt(page: Page, width: number, what: string) {
  await page.setViewportSize({ width, height: 900 });
  const problems = await axeViolations(page, `${what} à ${width} px`);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  if (scrollWidth > width) problems.push(`${what} à ${width} px : ${scrollWidth} px de large`);
  return problems;
}

/** The page as loaded, checked at a phone's width (390 px), then at a desktop's (1280 px). */
export async function problemsOnPhoneAndDesktop(page: Page, what: string) {
  return [...(await problemsAt(page, 390, what)), ...(await problemsAt(page, 1280, what))];
}
