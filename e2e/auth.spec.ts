import { ADMIN, EMPTY_SITE, SITE, expect, loginAsAdmin, test } from "./fixtures";

test("signing in with the right pair opens the dashboard; /login then redirects to /admin", async ({ page }) => {
  await loginAsAdmin(page);
  await expect(page).toHaveURL(/\/admin$/);
  const side = page.getByRole("navigation", { name: "Administration" });
  for (const name of ["Tableau de bord", "Blog", "Événements", "Demandes", "Annonces", "Paramètres"]) {
    await expect(side.getByRole("link", { name: new RegExp(`^${name}`) })).toBeVisible();
  }
  // Each badge shows the dashboard's own count and says it in words, singular for one. Other tests on this worker's
  // site may have sent or treated applications and ads before this one: the count is read on the page, not assumed.
  for (const [section, stat, one, many] of [
    ["Demandes", "Demandes non traitées", "demande non traitée", "demandes non traitées"],
    ["Annonces", "Annonces en attente", "annonce en attente", "annonces en attente"],
  ]) {
    const figure = await page.getByRole("link", { name: stat }).locator("span").nth(1).textContent();
    const count = Number(figure);
    expect(Number.isInteger(count)).toBe(true);
    const link = side.getByRole("link", { name: new RegExp(`^${section}`) });
    if (count === 0) await expect(link).toHaveAccessibleName(section);
    else {
      await expect(link).toContainText(String(count));
      await expect(link).toHaveAccessibleName(`${section} ${count} ${count === 1 ? one : many}`);
    }
  }

  await page.goto("/login");
  await expect(page).toHaveURL(/\/admin$/);

  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name === "__Host-session");
  expect(session?.httpOnly).toBe(true);
  expect(session?.secure).toBe(true);
  expect(session?.sameSite).toBe("Lax");
});

test("the sign-in page and an invitation's page are never stored by a cache", async ({ request }) => {
  for (const path of ["/login", `/invitation/${"x".repeat(43)}`]) {
    const response = await request.get(path);
    expect(response.headers()["cache-control"], path).toBe("private, no-store");
  }
});

test("a wrong password or an unknown identifier gives the same message", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Identifiant").fill(ADMIN.username);
  await page.getByLabel("Mot de passe").fill("pas-le-bon-mot-de-passe");
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByRole("alert")).toHaveText("Identifiants incorrects");

  await page.getByLabel("Identifiant").fill("personne-inconnue");
  await page.getByLabel("Mot de passe").fill("peu-importe");
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByRole("alert")).toHaveText("Identifiants incorrects");
  await expect(page).toHaveURL(/\/login$/);
});

test("over plain HTTP on a real host name, the sign-in page says that the back-office needs HTTPS", async ({
  playwright,
}) => {
  // jardins.test resolves to this machine, as a site's own domain would, but is not "localhost" to the browser.
  const { launchOptions } = test.info().project.use;
  const browser = await playwright.chromium.launch({
    ...launchOptions,
    args: [...(launchOptions?.args ?? []), "--host-resolver-rules=MAP jardins.test 127.0.0.1"],
  });
  try {
    const page = await browser.newPage();
    const site = `http://jardins.test:${new URL(SITE).port}`;
    await page.goto(`${site}/login`);
    const note = page.getByRole("note");
    await expect(note).toContainText("La connexion exige HTTPS.");
    await expect(note).toContainText("section « Mettre en ligne » du fichier README.md");
    // What the note warns about: the right pair, and yet the browser keeps no session.
    await page.getByLabel("Identifiant").fill(ADMIN.username);
    await page.getByLabel("Mot de passe").fill(ADMIN.password);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page).toHaveURL(`${site}/login`);
    await expect(page.getByRole("note")).toContainText("La connexion exige HTTPS.");
  } finally {
    await browser.close();
  }
});

test("on this machine the sign-in page has no HTTPS note", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Espace administrateur" })).toBeVisible();
  await expect(page.getByRole("note")).toHaveCount(0);
});

test("empty fields are refused", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Identifiant").fill("  ");
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByRole("alert")).toHaveText("Veuillez remplir tous les champs");
});

test("five failures for one identifier lock it for this address with a 429", async ({ page }) => {
  const username = `cible-${Date.now()}`;
  await page.goto("/login");
  const attempt = async (password: string) => {
    await page.getByLabel("Identifiant").fill(username);
    await page.getByLabel("Mot de passe").fill(password);
    const response = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/login"));
    await page.getByRole("button", { name: "Se connecter" }).click();
    return (await response).status();
  };
  for (let i = 0; i < 5; i++) {
    expect(await attempt(`essai-${i}`)).toBe(401);
    await expect(page.getByRole("alert")).toHaveText("Identifiants incorrects");
  }
  expect(await attempt("encore-un")).toBe(429);
  await expect(page.getByRole("alert")).toHaveText(
    "Trop de tentatives de connexion. Veuillez réessayer dans 15 minutes.",
  );

  // Another identifier from the same address is not affected.
  await loginAsAdmin(page);
});

test("without a session every admin page goes to /login, a form to a sign-in that keeps it, an upload to a 401", async ({
  page,
  request,
}) => {
  for (const path of [
    "/admin",
    "/admin/blog",
    "/admin/events",
    "/admin/applications",
    "/admin/annonces",
    "/admin/settings",
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
  // A form is not sent to /login: the answer offers to sign in and send it again (admin-session.spec.ts).
  const post = await request.post("/admin/settings", {
    form: { intent: "homeTexts", titreAccueil: "Bonjour" },
    maxRedirects: 0,
  });
  expect(post.status()).toBe(401);
  expect(await post.text()).toContain("Votre session a expiré");
  const upload = await request.post("/admin/media", {
    multipart: { file: { name: "a.png", mimeType: "image/png", buffer: Buffer.from("x") } },
  });
  expect(upload.status()).toBe(401);
});

test("signing out ends the session and returns to the site", async ({ page }) => {
  await loginAsAdmin(page);
  await page.getByRole("button", { name: "Déconnexion" }).click();
  await expect(page).toHaveURL(`${SITE}/`);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/login$/);
});

test("'Voir le site' goes to the public home page", async ({ page }) => {
  await loginAsAdmin(page);
  await page.getByRole("link", { name: "Voir le site" }).click();
  await expect(page).toHaveURL(`${SITE}/`);
});

test("a session expires after the idle timeout", async ({ page }) => {
  await loginAsAdmin(page, EMPTY_SITE);
  await page.goto(`${EMPTY_SITE}/admin/blog`);
  await expect(page.getByRole("heading", { name: "Gestion des articles de blog" })).toBeVisible();
  await page.waitForTimeout(4_000); // the empty site's sessions last 3 idle seconds
  await page.goto(`${EMPTY_SITE}/admin`);
  await expect(page).toHaveURL(/\/login$/);
});

test("an oversized form is refused with 413", async ({ request }) => {
  const response = await request.post("/login", { form: { username: "a", password: "x".repeat(1_100_000) } });
  expect(response.status()).toBe(413);
});

test("a body that is not a form gets 415, and a broken form 400, never a 500", async ({ request }) => {
  const json = await request.post("/login", { data: { username: "a", password: "b" } });
  expect(json.status()).toBe(415);
  expect(await json.text()).toBe("Seuls les formulaires sont acceptés.");
  const broken = await request.post("/login", {
    headers: { "Content-Type": "multipart/form-data; boundary=x" },
    data: "--x\r\nnot a part",
  });
  expect(broken.status()).toBe(400);
  expect(await broken.text()).toContain("Le formulaire envoyé est illisible.");
});

test("on a phone the back-office's menu is one line, the current page in view, under a third of the first screen", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAsAdmin(page);
  await page.goto("/admin/historique");
  await expect(page.getByRole("heading", { level: 1, name: "Historique" })).toBeVisible();
  const main = await page.getByRole("main").boundingBox();
  expect(main!.y).toBeLessThan(844 / 3);
  // The last entry, the current page, is scrolled into the menu's view.
  const current = await page
    .getByRole("navigation", { name: "Administration" })
    .getByRole("link", { name: "Historique" })
    .boundingBox();
  expect(current!.x).toBeGreaterThanOrEqual(0);
  expect(current!.x + current!.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
