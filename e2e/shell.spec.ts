import sharp from "sharp";
import { EMPTY_SITE, SITE, expect, test } from "./fixtures";

const NAV = [
  ["Accueil", "/"],
  ["Notre association", "/association"],
  ["Blog", "/blog"],
  ["Événements", "/events"],
  ["Annonces", "/annonces"],
  ["Postuler", "/apply"],
  ["Contact", "/contact"],
] as const;

test("the header lists the seven sections in order and the lock leads to sign-in", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Navigation principale" });
  const links = nav.getByRole("link");
  await expect(links).toHaveCount(NAV.length);
  for (const [i, [label, href]] of NAV.entries()) {
    await expect(links.nth(i)).toHaveText(label);
    await expect(links.nth(i)).toHaveAttribute("href", href);
  }
  await nav.getByRole("link", { name: "Notre association" }).click();
  await expect(page).toHaveURL(/\/association$/);
  await expect(nav.getByRole("link", { name: "Notre association" })).toHaveAttribute("aria-current", "page");

  await page.getByRole("link", { name: "Espace administrateur" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "Espace administrateur" })).toBeVisible();
});

test("the search box goes to /search with the text, and ignores blank text", async ({ page }) => {
  await page.goto("/association");
  const box = page.getByRole("searchbox", { name: "Rechercher sur le site" });
  await box.fill("   ");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/association$/);

  const searchRequest = page.waitForRequest((r) => new URL(r.url()).pathname.startsWith("/search"));
  await box.fill("tomates cerises");
  await box.press("Enter");
  const url = new URL((await searchRequest).url());
  expect(url.searchParams.get("q")).toBe("tomates cerises");
});

test("the header's search box shows its whole « Rechercher… » and the header stays under 90 px, 800 to 1280 px", async ({
  page,
}) => {
  await page.goto("/");
  const box = page.getByRole("searchbox", { name: "Rechercher sur le site" });
  for (const width of [800, 1024, 1100, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(box).toHaveAttribute("placeholder", "Rechercher…");
    // The placeholder's width in the box's font, against the room left by its padding (and the search button's).
    const { text, room } = await box.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement("canvas").getContext("2d")!;
      context.font = `${style.fontSize} ${style.fontFamily}`;
      const inside = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { text: context.measureText(input.placeholder).width, room: inside };
    });
    expect(text, `à ${width} px`).toBeLessThanOrEqual(room);
    // Squeezed by the links beside it, the tagline wrapped onto six lines and the header doubled (148 px at 1024).
    expect((await page.getByRole("banner").boundingBox())!.height, `à ${width} px`).toBeLessThanOrEqual(90);
  }
});

test("the footer shows the association's details, opening hours and the legal link", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByText("Permanences", { exact: false })).toBeVisible();
  await expect(footer.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
  await expect(footer.getByRole("heading", { name: "Liens rapides" })).toBeVisible();
  await footer.getByRole("link", { name: "Mentions légales" }).click();
  await expect(page).toHaveURL(/\/mentions-legales$/);
});

test("an empty site shows the default footer text and opening hours", async ({ page }) => {
  await page.goto(`${EMPTY_SITE}/`);
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByText("Permanences : samedi 9 h – 12 h")).toBeVisible();
  // No configured icon: the default one is drawn.
  await expect(page.getByRole("link", { name: /^Potager/ }).locator("svg")).toBeVisible();
});

test("an unknown path redirects to the home page", async ({ page }) => {
  const response = await page.goto("/cette-page-n-existe-pas/vraiment");
  await expect(page).toHaveURL(`${SITE}/`);
  expect(response?.status()).toBe(200);
});

test("the legal notice has its eight sections", async ({ page }) => {
  await page.goto("/mentions-legales");
  await expect(page.getByRole("heading", { level: 1, name: "Mentions légales" })).toBeVisible();
  const titles = await page.getByRole("heading", { level: 2 }).allTextContents();
  const sections = titles.filter((t) => /^\d\. /.test(t));
  expect(sections).toEqual([
    "1. Éditeur du site",
    "2. Hébergement",
    "3. Directeur de la publication",
    "4. Propriété intellectuelle",
    "5. Données personnelles (RGPD)",
    "6. Cookies",
    "7. Responsabilité",
    "8. Droit applicable",
  ]);
  await expect(page).toHaveTitle("Mentions légales — Potager");
});

test("the association page shows its content and photos", async ({ page }) => {
  await page.goto("/association");
  await expect(page.getByRole("heading", { level: 1 })).not.toBeEmpty();
  const article = page.getByRole("article");
  await expect(article.locator(".rich-text p").first()).toBeVisible();
  await expect(article.getByRole("img")).toHaveCount(3);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{20,}/);
});

test("the association page shows a default text when there is no content", async ({ page }) => {
  await page.goto(`${EMPTY_SITE}/association`);
  await expect(page.getByRole("heading", { level: 1, name: "Notre association" })).toBeVisible();
  await expect(page.getByRole("article").locator(".rich-text")).not.toBeEmpty();
  await expect(page.getByRole("article").getByRole("img")).toHaveCount(0);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the menu opens, lists every section and closes after navigating", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Navigation principale" })).toBeHidden();
    const mobileNav = page.getByRole("navigation", { name: "Navigation mobile" });
    await expect(mobileNav).toBeHidden();
    await page.getByText("Menu").click();
    await expect(mobileNav).toBeVisible();
    await expect(mobileNav.getByRole("link")).toHaveCount(7);
    await mobileNav.getByRole("link", { name: "Notre association" }).click();
    await expect(page).toHaveURL(/\/association$/);
    await expect(mobileNav).toBeHidden();
    // The page does not scroll sideways.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test("Escape closes the menu and gives the focus back to its button", async ({ page }) => {
    await page.goto("/");
    const button = page.locator("summary", { hasText: "Menu" });
    await button.click();
    const mobileNav = page.getByRole("navigation", { name: "Navigation mobile" });
    await expect(mobileNav).toBeVisible();
    await mobileNav.getByRole("link", { name: "Blog" }).focus();
    await page.keyboard.press("Escape");
    await expect(mobileNav).toBeHidden();
    await expect(button).toBeFocused();
  });

  test("the menu works without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${SITE}/`);
    await page.getByText("Menu").click();
    const mobileNav = page.getByRole("navigation", { name: "Navigation mobile" });
    await mobileNav.getByRole("link", { name: "Notre association" }).click();
    await expect(page).toHaveURL(/\/association$/);
    await expect(mobileNav).toBeHidden();
    await context.close();
  });
});

test.describe("at 320 px", () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test("no public page scrolls sideways, long e-mail addresses and words included", async ({ page, request }) => {
    const article = /href="(\/blog\/\d+)"/.exec(await (await request.get("/blog")).text())![1]!;
    const event = /href="(\/events\/\d+)"/.exec(await (await request.get("/events")).text())![1]!;
    for (const path of [
      "/",
      "/association",
      "/blog",
      article,
      "/events",
      event,
      "/annonces",
      "/apply",
      "/contact",
      "/search?q=recolte",
      "/mentions-legales",
    ]) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});

test("after a navigation in the page, the focus is on the new page's main heading", async ({ page }) => {
  // From a page with React in the browser (a form), where links change the page without loading it.
  await page.goto("/contact");
  await page
    .getByRole("navigation", { name: "Navigation principale" })
    .getByRole("link", { name: "Événements" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Événements" })).toBeFocused();
});

test("a new page starts at the top", async ({ page }) => {
  await page.goto("/mentions-legales");
  await page.mouse.wheel(0, 3000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await page.getByRole("contentinfo").getByRole("link", { name: "Notre association" }).click();
  await expect(page).toHaveURL(/\/association$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("every page carries the security headers; its scripts run by nonce, or by hash on a page kept in memory", async ({
  page,
}) => {
  const scriptsOf = () =>
    page.locator("script:not([type='application/ld+json'])").evaluateAll((els) =>
      els.map((e) => ({
        nonce: (e as HTMLScriptElement).nonce,
        src: (e as HTMLScriptElement).src,
        text: e.textContent ?? "",
      })),
    );
  // A page rendered for this request (the sign-in page is never kept): a nonce, on every script.
  let response = await page.goto("/login");
  let csp = response!.headers()["content-security-policy"];
  for (const directive of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'none'"])
    expect(csp).toContain(directive);
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  const headers = response!.headers();
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"]).toContain("camera=()");
  const signIn = await scriptsOf();
  expect(signIn.length).toBeGreaterThan(1);
  for (const script of signIn) expect(script.nonce).toBe(nonce);

  // A public form kept in memory: no nonce, each inline script named by its SHA-256. An earlier test's scheduled
  // publication may go out between two visits and empty the cache: the page is then kept again at the next one.
  for (let visit = 0; visit < 4; visit++) {
    response = await page.goto("/contact");
    if (response!.headers()["x-cache"] === "hit") break;
  }
  csp = response!.headers()["content-security-policy"];
  expect(response!.headers()["x-cache"]).toBe("hit");
  expect(csp).not.toContain("'nonce-");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  const inline = (await scriptsOf()).filter((script) => !script.src);
  expect(inline.length).toBeGreaterThan(0);
  for (const script of inline) {
    const digest = await page.evaluate(async (text) => {
      const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
      return btoa(String.fromCharCode(...bytes));
    }, script.text);
    expect(csp).toContain(`'sha256-${digest}'`);
  }
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  // A public page, the same for everyone, keeps its opener (no new renderer process); a private one is isolated.
  expect(response!.headers()["cross-origin-opener-policy"]).toBeUndefined();
  expect((await page.goto("/login"))!.headers()["cross-origin-opener-policy"]).toBe("same-origin");
  expect((await page.goto("/admin"))!.headers()["cross-origin-opener-policy"]).toBe("same-origin");
});

test("every page has its own title and a description", async ({ page }) => {
  const titles = new Set<string>();
  for (const path of ["/", "/association", "/mentions-legales", "/login"]) {
    await page.goto(path);
    const title = await page.title();
    expect(title, path).toMatch(/Potager/);
    titles.add(title);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /\S{3,}/);
  }
  expect(titles.size).toBe(4);
});

test("pages arrive styled, with no stylesheet to wait for, and keep their style across navigation", async ({
  page,
}) => {
  const stylesheets: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "stylesheet") stylesheets.push(request.url());
  });
  await page.goto("/");
  // The header is sticky and the body has the site's background: the stylesheet is in the page itself.
  await expect(page.getByRole("banner")).toHaveCSS("position", "sticky");
  await expect(page.locator("body")).not.toHaveCSS("background-color", "rgba(0, 0, 0, 0)");
  await page
    .getByRole("navigation", { name: "Navigation principale" })
    .getByRole("link", { name: "Notre association" })
    .click();
  await expect(page).toHaveURL(/\/association$/);
  await expect(page.getByRole("banner")).toHaveCSS("position", "sticky");
  expect(await page.locator("head style").count()).toBe(1);
  expect(stylesheets).toEqual([]);
});

test("a content page carries only the styles it uses, and looks as it would with the whole stylesheet", async ({
  page,
  request,
}) => {
  const pixels = (png: Buffer) => sharp(png).removeAlpha().raw().toBuffer();
  // A form page hydrates React, which may add classes: it carries the whole stylesheet.
  const whole = /<style>([\s\S]*?)<\/style>/.exec(await (await request.get("/contact")).text())![1]!;
  const blog = await (await request.get("/blog")).text();
  const articles = [...blog.matchAll(/href="(\/blog\/\d+)"/g)].map((m) => m[1]!);
  const pages = await Promise.all(
    articles.map(async (path) => ({ path, html: await (await request.get(path)).text() })),
  );
  const withPhotos = pages.find(({ html }) => html.includes("data-lightbox"))!.path;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ["/", withPhotos, `${withPhotos}#photo`]) {
      await page.goto(path.replace("#photo", ""));
      // An article's first photo in its lightbox; the mobile menu open.
      if (path.endsWith("#photo")) {
        await page.locator("[data-opens]").first().click();
        await expect(page.locator("[data-lightbox]:target")).toBeVisible();
      }
      await page.evaluate(() => document.querySelectorAll("details").forEach((details) => (details.open = true)));
      // Every image loaded and decoded, lazy ones too, so that both pictures show them.
      await page.evaluate(() =>
        Promise.all(
          [...document.images].map((image) => {
            image.loading = "eager";
            return image.decode();
          }),
        ),
      );
      const own = await page.locator("head style").textContent();
      expect(own!.length).toBeLessThan(whole.length * 0.6);
      const shown = await pixels(await page.screenshot({ fullPage: true }));
      await page.locator("head style").evaluate((style, css) => (style.textContent = css), whole);
      const withWhole = await pixels(await page.screenshot({ fullPage: true }));
      // The same page height, and the same pixels but for a few at rounded corners (the translucent header's menu is
      // drawn again when the styles change; a missing rule changes thousands).
      expect(withWhole.length, `${path} at ${width} px`).toBe(shown.length);
      let differing = 0;
      for (let i = 0; i < shown.length; i += 3)
        if (shown[i] !== withWhole[i] || shown[i + 1] !== withWhole[i + 1] || shown[i + 2] !== withWhole[i + 2])
          differing++;
      expect(differing, `${path} at ${width} px`).toBeLessThan(100);
    }
  }
});

test("the site's public files are served, and pages and scripts arrive compressed", async ({ request }) => {
  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  expect(robots.headers()["content-type"]).toMatch(/^text\/plain/);
  expect(await robots.text()).toContain("Disallow: /admin");
  for (const icon of ["/favicon.ico", "/favicon.png", "/apple-touch-icon.png"]) {
    const favicon = await request.get(icon, { maxRedirects: 0 });
    expect([icon, favicon.status(), favicon.headers()["content-type"]]).toEqual([icon, 200, "image/png"]);
  }
  const page = await request.get("/", { headers: { "Accept-Encoding": "br" } });
  expect(page.headers()["content-encoding"]).toBe("br");
  const html = await page.text();
  expect(html).toMatch(/<\/html>$/);

  // Scripts go out as the brotli or gzip copy made at build time, whichever the browser accepts (a form page has them).
  const script = /\/assets\/entry\.client-[\w-]+\.js/.exec(await (await request.get("/contact")).text())![0];
  const plain = await request.get(script, { headers: { "Accept-Encoding": "identity" } });
  expect(plain.headers()["content-encoding"]).toBeUndefined();
  for (const [accepted, expected] of [
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
  ]) {
    const copy = await request.get(script, { headers: { "Accept-Encoding": accepted } });
    expect(copy.headers()["content-encoding"]).toBe(expected);
    expect(copy.headers()["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(copy.headers()["vary"]).toMatch(/Accept-Encoding/i);
    expect(copy.headers()["cache-control"]).toContain("immutable");
    expect((await copy.body()).equals(await plain.body())).toBe(true);
  }
});
