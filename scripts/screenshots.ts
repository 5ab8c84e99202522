// Full-page screenshots of a running site at phone and desktop widths, to look at what visitors see.
// Usage: npx tsx scripts/screenshots.ts [base URL] [path ...]   (files go to ./screenshots/)
// With ADMIN_USERNAME and ADMIN_PASSWORD set, it signs in first, for the admin screens.
import fs from "node:fs";
import { chromium } from "@playwright/test";

const [base = "http://localhost:3000", ...paths] = process.argv.slice(2);
const targets = paths.length ? paths : ["/", "/association", "/mentions-legales", "/login"];
fs.mkdirSync("screenshots", { recursive: true });

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});
for (const width of [390, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: width < 500 ? 844 : 800 }, locale: "fr-FR" });
  if (process.env.ADMIN_USERNAME && process.env.ADMIN_PASSWORD) {
    await page.goto(`${base}/login`);
    await page.getByLabel("Identifiant").fill(process.env.ADMIN_USERNAME);
    await page.getByLabel("Mot de passe").fill(process.env.ADMIN_PASSWORD);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await page.waitForURL(/\/admin$/);
  }
  for (const target of targets) {
    await page.goto(base + target);
    // Scroll down once so that lazy images load, as they would for a person reading the page.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 400) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
      window.scrollTo(0, 0);
    });
    await page.waitForFunction(() => [...document.images].every((image) => image.complete));
    const name = target.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "home";
    await page.screenshot({ path: `screenshots/${name}-${width}.png`, fullPage: true });
  }
  await page.close();
}
await browser.close();
console.log(`screenshots/ : ${targets.length * 2} images`);
