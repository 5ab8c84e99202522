import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * axe's violations on the page as it is drawn now, one line each, naming the page (`what`, its address unless told)
 * and the elements; `exclude` leaves out a part (a selector), such as a preview frame that runs no script.
 *
 * axe runs in the page itself (its "legacy" mode): by default it merges each frame's findings in a blank page it
 * opens for the purpose, which the site, with no frame from another origin, does not need. And only violations are
 * gathered in full, not every element that passed. The same rules on the same elements, four times quicker on the
 * back office's longest screens (4.4 s → 0.8 s for the settings on a quiet machine).
 */
export async function axeViolations(page: Page, what = pathOf(page), exclude?: string) {
  const builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ["violations"] });
  const results = await (exclude ? builder.exclude(exclude) : builder).analyze();
  return results.violations.map((v) => `${what}, ${v.id} : ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

function pathOf(page: Page) {
  const url = new URL(page.url());
  return url.pathname + url.search;
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
