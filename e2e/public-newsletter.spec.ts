import { axeViolations } from "./accessibility";
import type { Page } from "@playwright/test";
import { openAdmin, popup } from "./admin";
import { expect, test, visitorContext } from "./fixtures";
import { lastMailTo, mailsTo } from "./visitors";

// « Recevoir les nouvelles du jardin »: double opt-in from the footer or an article, with and without JavaScript,
// one-click unsubscribing, and the back-office's list.

const SENT = /Merci ! Un e-mail de confirmation vient de vous être envoyé/;

async function subscribe(form: ReturnType<Page["getByRole"]>, email: string) {
  await form.getByLabel("Adresse où recevoir la lettre").fill(email);
  await form.getByLabel("Combien font 2 + 5 ?").fill("7");
  await form.getByRole("button", { name: "S'inscrire" }).click();
}

/** The link of the last confirmation e-mail sent to `email`. */
async function confirmationLink(email: string) {
  const mail = await lastMailTo(email, /\/lettre\/confirmation\//);
  // The e-mail quotes nothing the visitor typed: not even the address, but in its headers.
  expect(mail.split("\n\n").slice(1).join("\n")).not.toContain(email);
  return new URL(/https?:\/\/\S+\/lettre\/confirmation\/[\w-]+/.exec(mail)![0]).pathname;
}

test("from the footer, with JavaScript: the answer shows in place, the link confirms, the list counts it", async ({
  page,
}) => {
  const email = `footer-${Date.now()}@example.fr`;
  // /contact runs JavaScript (the content pages are plain HTML: there the form posts to /lettre, tested below).
  await page.goto("/contact");
  const form = page.getByRole("form", { name: "Recevoir les nouvelles du jardin" });
  await expect(form).toContainText("Je peux me désabonner à tout moment depuis chaque lettre");
  // A wrong answer is said before anything is sent.
  await form.getByLabel("Adresse où recevoir la lettre").fill("pas-une-adresse");
  // Entering the form loads its checks (and the page is hydrated, so the answer comes in place).
  await expect(form).toHaveAttribute("data-validation", "ready");
  await form.getByRole("button", { name: "S'inscrire" }).click();
  await expect(form.getByText("Indiquez une adresse e-mail valide.").first()).toBeVisible();
  await subscribe(form, email);
  await expect(page.getByText(SENT)).toBeVisible();
  await expect(page).toHaveURL(/\/contact$/);

  await page.goto(await confirmationLink(email));
  await page.getByRole("button", { name: "Confirmer mon inscription" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Inscription confirmée" })).toBeVisible();

  await openAdmin(page, `/admin/lettre?q=${encodeURIComponent(email)}`, "Lettre d'information");
  const item = page.getByRole("listitem").filter({ hasText: email });
  await expect(item).toContainText("Abonné · consentement du");
  await expect(item).toContainText("(pied de page)");
  expect(await axeViolations(page)).toEqual([]);
  await item.getByRole("button", { name: `Retirer ${email}` }).click();
  await page.getByRole("dialog", { name: "Retirer l'adresse" }).getByRole("button", { name: "Retirer" }).click();
  await expect(popup(page, `${email} a été retirée de la liste.`)).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an article's form posts to /lettre, which answers; its confirmation link serves once", async ({ page }) => {
    const email = `article-${Date.now()}@example.fr`;
    await page.goto("/blog");
    const links = await page.locator("main a").evaluateAll((all) => all.map((a) => a.getAttribute("href") ?? ""));
    const article = links.find((href) => /^\/blog\/\d+$/.test(href));
    await page.goto(article!);
    // The article's own form, after its text (the footer has another).
    const form = page.locator("main form[action='/lettre']");
    await subscribe(form, email);
    await expect(page).toHaveURL(/\/lettre$/);
    await expect(page.getByText(SENT)).toBeVisible();

    const link = await confirmationLink(email);
    await page.goto(link);
    await page.getByRole("button", { name: "Confirmer mon inscription" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Inscription confirmée" })).toBeVisible();
    // The same link a second time.
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: "Ce lien ne fonctionne plus" })).toBeVisible();
  });
});

test.describe("at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const javaScriptEnabled of [true, false]) {
    test(`opening the link confirms nothing (a mail scanner's GET or HEAD); its button does, ${javaScriptEnabled ? "with" : "without"} JavaScript`, async ({
      browser,
    }) => {
      const email = `scanner-${javaScriptEnabled}-${Date.now()}@example.fr`;
      const visitor = await visitorContext(browser, { javaScriptEnabled, viewport: { width: 390, height: 844 } });
      const page = await visitor.newPage();
      await page.goto("/lettre");
      await subscribe(page.getByRole("main").getByRole("form", { name: "Recevoir les nouvelles du jardin" }), email);
      await expect(page.getByText(SENT)).toBeVisible();
      // A second request while the link works sends nothing more.
      await page.goto("/lettre");
      await subscribe(page.getByRole("main").getByRole("form", { name: "Recevoir les nouvelles du jardin" }), email);
      await expect(page.getByText(SENT)).toBeVisible();
      const link = await confirmationLink(email);
      expect(await mailsTo(email, /\/lettre\/confirmation\//)).toHaveLength(1);

      // What a link scanner does on delivery: a HEAD, then a GET.
      expect((await visitor.request.head(link)).status()).toBe(200);
      expect((await visitor.request.get(link)).status()).toBe(200);
      await page.goto(link);
      await expect(page.getByRole("heading", { level: 1, name: "Confirmer l'inscription" })).toBeVisible();
      const button = page.getByRole("button", { name: "Confirmer mon inscription" });
      const box = (await button.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      expect(box.height).toBeGreaterThanOrEqual(44);
      await button.click();
      await expect(page.getByRole("heading", { level: 1, name: "Inscription confirmée" })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await visitor.close();
    });
  }
});
