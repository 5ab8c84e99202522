import { axeViolations } from "./accessibility";
import { expect, test, visitorContext } from "./fixtures";
import { lastSignInLink, signInToMyGarden } from "./garden";
import { mailsTo } from "./visitors";

// Demo gardeners with an e-mail address, current (no end date).
const KARIM = { name: "Karim Benali", email: "karim.benali@example.fr" };
const CHANTAL = { name: "Chantal Morel", email: "chantal.morel@example.fr" };
const TRAN = "tran.minhduc@example.fr";
const SENT = "Si cette adresse est celle d'un jardinier de l'association, un lien de connexion vient d'y être envoyé.";

test("a gardener signs in by the e-mailed link, the link works once, and signing out ends the session", async ({
  page,
}) => {
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Mon jardin" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Mon jardin" })).toBeVisible();

  await signInToMyGarden(page, KARIM.email);
  await expect(page.getByText(`Connecté(e) : ${KARIM.name}`)).toBeVisible();
  const mail = (await mailsTo(KARIM.email, /\/mon-jardin\/connexion\//)).at(-1)!;
  expect(mail).toContain("valable 15 minutes, une seule fois");
  expect(mail).toContain("Bonjour Karim Benali,");

  // The used link, opened again: refused, with the way to ask another.
  const link = await lastSignInLink(KARIM.email);
  const opened = await page.goto(link);
  expect(opened?.status()).toBe(410);
  await expect(page.getByRole("heading", { level: 1, name: "Ce lien n'est plus valable" })).toBeVisible();
  await page.getByRole("link", { name: "Demander un nouveau lien" }).click();
  // Still signed in: a refused link does not end the session.
  await expect(page.getByText(`Connecté(e) : ${KARIM.name}`)).toBeVisible();

  await page.getByRole("button", { name: "Se déconnecter", exact: true }).click();
  await expect(page.getByRole("button", { name: "Recevoir un lien de connexion" })).toBeVisible();
  await expect(page.getByText("Connecté(e) :")).toHaveCount(0);
});

test("without JavaScript: a wrong address keeps what was typed, any address gets the same answer, and signing out everywhere ends every session", async ({
  browser,
}) => {
  const context = await visitorContext(browser, { javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/mon-jardin");
  await page.getByLabel("Adresse e-mail").fill("chantal.morel@");
  await page.getByRole("button", { name: "Recevoir un lien de connexion" }).click();
  await expect(page.getByText(/Indiquez une adresse e-mail valide/)).toBeVisible();
  await expect(page.getByLabel("Adresse e-mail")).toHaveValue("chantal.morel@");
  // An address the register does not hold: the same answer as a gardener's, and no e-mail.
  await page.getByLabel("Adresse e-mail").fill("inconnu@example.fr");
  await page.getByRole("button", { name: "Recevoir un lien de connexion" }).click();
  await expect(page.getByText(SENT)).toBeVisible();
  await expect(page.getByLabel("Adresse e-mail")).toHaveValue("inconnu@example.fr");
  expect(await mailsTo("inconnu@example.fr", /mon-jardin/)).toEqual([]);

  await signInToMyGarden(page, CHANTAL.email);
  await expect(page.getByText(`Connecté(e) : ${CHANTAL.name}`)).toBeVisible();

  // A second device of the same gardener, with JavaScript.
  const phone = await visitorContext(browser);
  const phonePage = await phone.newPage();
  await signInToMyGarden(phonePage, CHANTAL.email);

  await page.getByRole("button", { name: "Se déconnecter partout" }).click();
  await expect(page.getByRole("button", { name: "Recevoir un lien de connexion" })).toBeVisible();
  await phonePage.reload();
  await expect(phonePage.getByRole("button", { name: "Recevoir un lien de connexion" })).toBeVisible();
  await expect(phonePage.getByText("Connecté(e) :")).toHaveCount(0);
  await phone.close();
  await context.close();
});

test("the sign-in's pages have no accessibility violations at 390 and 1280 px; signed in, the bar stays two lines on a phone", async ({
  page,
}) => {
  // Ten axe runs and two sign-ins.
  test.setTimeout(120_000);
  const violations: string[] = [];
  const check = async (name: string) => {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      violations.push(...(await axeViolations(page, `${name} ${width}`)));
    }
  };
  await page.goto("/mon-jardin");
  await page.getByRole("button", { name: "Recevoir un lien de connexion" }).click();
  await expect(page.getByText(/Indiquez une adresse e-mail valide/)).toBeVisible();
  await check("adresse manquante");
  await signInToMyGarden(page, TRAN);
  await check("connecté");
  // On a phone, who is signed in and the two ways out take two lines (the second way out drawn as a link), not four.
  await page.setViewportSize({ width: 390, height: 900 });
  const bar = page.getByText("Connecté(e) :").locator("xpath=..");
  await expect(bar.getByRole("button", { name: "Se déconnecter partout" })).toBeVisible();
  expect((await bar.boundingBox())!.height).toBeLessThan(100);
  const link = await lastSignInLink(TRAN);
  await page.goto(link);
  await check("lien utilisé");
  await page.getByRole("link", { name: "Demander un nouveau lien" }).click();
  await page.getByRole("button", { name: "Se déconnecter", exact: true }).click();
  await page.getByLabel("Adresse e-mail").fill(TRAN);
  await page.getByRole("button", { name: "Recevoir un lien de connexion" }).click();
  await expect(page.getByText(SENT)).toBeVisible();
  await check("lien envoyé");
  await expect.poll(async () => (await lastSignInLink(TRAN)) !== link).toBe(true);
  await page.goto(await lastSignInLink(TRAN));
  await expect(page.getByRole("heading", { level: 1, name: "Se connecter à Mon jardin" })).toBeVisible();
  await check("page du lien");
  expect(violations).toEqual([]);
});
