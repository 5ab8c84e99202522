import { ADMIN, SITE, expect, test, visitorAddress } from "./fixtures";
import { historyEntries, openAdmin } from "./admin";

// The messages and history screens show a page at a time, newest first, with links to the other pages that work
// without JavaScript and keep the history's filters.

test("messages: 20 a page, newest first; the older page holds the next ones, and back", async ({ page, request }) => {
  const run = Date.now().toString(36);
  // 21 messages from 21 visitors (the per-address limit is not what is tested), oldest first.
  for (let i = 1; i <= 21; i++) {
    const sent = await request.post(`${SITE}/contact`, {
      form: {
        name: "Nadia Benali",
        email: "nadia@example.fr",
        subject: `Pagination ${run} n° ${i}`,
        message: "Bonjour, une question sur les parcelles.",
        captcha: "7",
      },
      headers: { Origin: SITE, "X-Forwarded-For": visitorAddress() },
    });
    expect(sent.status()).toBe(200);
  }
  await openAdmin(page, "/admin/messages", "Messages reçus");
  const messages = page.getByRole("region", { name: /messages?$/ }).getByRole("listitem");
  const pages = page.getByRole("navigation", { name: "Pages" });
  await expect(pages.getByText(/^Page 1 sur \d+$/)).toBeVisible();
  await expect(messages).toHaveCount(20);
  await expect(messages.first()).toContainText(`Pagination ${run} n° 21`);
  await expect(messages.last()).toContainText(`Pagination ${run} n° 2`);
  await expect(pages.getByRole("link", { name: /Plus récents/ })).toHaveCount(0);

  await pages.getByRole("link", { name: "Plus anciens →" }).click();
  await expect(page).toHaveURL(/\/admin\/messages\?page=2$/);
  await expect(pages.getByText(/^Page 2 sur \d+$/)).toBeVisible();
  await expect(messages.first()).toContainText(`Pagination ${run} n° 1`);
  await pages.getByRole("link", { name: "← Plus récents" }).click();
  await expect(pages.getByText(/^Page 1 sur \d+$/)).toBeVisible();
  await expect(messages.first()).toContainText(`Pagination ${run} n° 21`);
});

test("history: 50 entries a page; the next page keeps the filters, without JavaScript too", async ({
  page,
  browser,
  request,
}) => {
  // 51 sign-ins of the administrator: at least 51 'Connexion' entries under that name.
  for (let i = 0; i < 51; i++) {
    const signIn = await request.post(`${SITE}/login`, {
      form: { username: ADMIN.username, password: ADMIN.password },
      headers: { Origin: SITE, "X-Forwarded-For": visitorAddress() },
      maxRedirects: 0,
    });
    expect(signIn.status()).toBe(302);
  }
  const filtered = `/admin/historique?personne=${encodeURIComponent(ADMIN.username)}&type=connexion`;
  for (const javaScriptEnabled of [true, false]) {
    const context = javaScriptEnabled ? null : await browser.newContext({ javaScriptEnabled });
    const tab = context ? await context.newPage() : page;
    await openAdmin(tab, filtered, "Historique");
    const pages = tab.getByRole("navigation", { name: "Pages" });
    await expect(pages.getByText(/^Page 1 sur ([2-9]|\d\d+)$/)).toBeVisible();
    await expect(historyEntries(tab)).toHaveCount(50);
    await pages.getByRole("link", { name: "Plus anciennes →" }).click();
    await expect(tab).toHaveURL(new RegExp(`personne=${encodeURIComponent(ADMIN.username)}&type=connexion&page=2$`));
    await expect(pages.getByText(/^Page 2 sur \d+$/)).toBeVisible();
    // Still only this administrator's sign-ins.
    for (const entry of await historyEntries(tab).all()) {
      await expect(entry).toContainText("Connexion");
      await expect(entry).toContainText(ADMIN.username);
    }
    await context?.close();
  }
});

test("ads: once more than 20, the moderation screen turns pages and searches, without JavaScript too", async ({
  page,
  browser,
  request,
}) => {
  const run = Date.now().toString(36);
  for (let i = 1; i <= 21; i++) {
    const sent = await request.post(`${SITE}/annonces`, {
      form: {
        nom: "Lucie Caron",
        telephone: "06 22 33 44 55",
        type: "donne",
        contenu: `Plants de poireaux ${run} lot ${i}.`,
        captcha: "potager",
      },
      headers: { Origin: SITE, "X-Forwarded-For": visitorAddress() },
    });
    expect(sent.status()).toBe(200);
  }
  for (const javaScriptEnabled of [true, false]) {
    const context = javaScriptEnabled ? null : await browser.newContext({ javaScriptEnabled });
    const tab = context ? await context.newPage() : page;
    await openAdmin(tab, "/admin/annonces", "Validation des petites annonces");
    const ads = tab.getByRole("article");
    const pages = tab.getByRole("navigation", { name: "Pages" });
    await expect(ads).toHaveCount(20);
    await expect(ads.first()).toContainText(`Plants de poireaux ${run} lot 21.`);
    await expect(pages.getByText(/^Page 1 sur ([2-9]|\d\d+)$/)).toBeVisible();
    await pages.getByRole("link", { name: "Plus anciennes →" }).click();
    await expect(tab).toHaveURL(/\/admin\/annonces\?page=2$/);
    await expect(ads.first()).toContainText(`Plants de poireaux ${run} lot 1.`);

    await tab.getByRole("searchbox", { name: "Rechercher une annonce" }).fill(`${run} lot 7.`);
    await tab.getByRole("button", { name: "Rechercher" }).click();
    await expect(tab.getByText(`1 résultat pour « ${run} lot 7. ».`)).toBeVisible();
    await expect(ads).toHaveCount(1);
    await expect(ads.first()).toContainText("Lucie Caron");
    await expect(pages).toHaveCount(0);
    await context?.close();
  }
  // The other spec files count the demo's pending ads: these go.
  await page.goto(`/admin/annonces?q=${encodeURIComponent(`Plants de poireaux ${run}`)}`);
  const ids = await page.locator("article[id^=annonce-]").evaluateAll((cards) => cards.map((card) => card.id.slice(8)));
  await page.goto(`/admin/annonces?q=${encodeURIComponent(`Plants de poireaux ${run}`)}&page=2`);
  ids.push(
    ...(await page.locator("article[id^=annonce-]").evaluateAll((cards) => cards.map((card) => card.id.slice(8)))),
  );
  expect(ids).toHaveLength(21);
  for (const id of ids) {
    const removed = await page.request.post(`${SITE}/admin/annonces`, {
      form: { intent: "delete", id },
      headers: { Origin: SITE },
    });
    expect(removed.status()).toBe(200);
  }
});
