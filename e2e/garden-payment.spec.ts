import type { Browser, Page } from "@playwright/test";
import { openAdmin, popup } from "./admin";
import { expect, test, visitorContext } from "./fixtures";
import { signInToMyGarden } from "./garden";
import { mailsTo } from "./visitors";

// The fake HelloAsso beside the site (e2e/helloasso-upstream.ts) takes these credentials.
const HELLOASSO = { slug: "jardins-partages-test", clientId: "client-test", clientSecret: "secret-test-0123456789" };
// Demo gardeners whose fee of this year is still to pay; each test pays one of them.
const HAKAN = { name: "Hakan Yılmaz", email: "hakan.yilmaz@example.fr" };
const ABDOULAYE = { name: "Abdoulaye Traoré", email: "abdoulaye.traore@example.fr" };
const LUCIEN = { name: "Lucien Moreau", email: "lucien.moreau@example.fr" };

/** The treasurer's settings: production, the fake's organization and API client; the connection tested. */
async function setUpHelloAsso(browser: Browser) {
  const context = await visitorContext(browser);
  const page = await context.newPage();
  await openAdmin(page, "/admin/tresorerie/parametres", "Comptes et catégories");
  await page.getByLabel(/Production/).check();
  await page.getByLabel("Identifiant de l'organisation (slug)").fill(HELLOASSO.slug);
  await page.getByLabel("Client ID").fill(HELLOASSO.clientId);
  await page.getByLabel("Client secret").fill(HELLOASSO.clientSecret);
  await page.getByRole("button", { name: "Enregistrer les réglages HelloAsso" }).click();
  await expect(popup(page, "Réglages HelloAsso enregistrés.")).toBeVisible();
  // The page again, without the popup over the test's button.
  await page.goto("/admin/tresorerie/parametres");
  await expect(page.getByText(/Paiement en ligne : actif/).first()).toBeVisible();
  await page.getByRole("button", { name: "Tester la connexion" }).click();
  // HelloAsso read the organization the slug names: its name is shown.
  await expect(
    page.getByText(/^Connexion à HelloAsso réussie \(.+\) : organisation « Jardins partagés \(essai\) »/).first(),
  ).toBeVisible();
  await context.close();
}

/** Online payment off again, as the site's other tests expect it. */
async function turnHelloAssoOff(browser: Browser) {
  const context = await visitorContext(browser);
  const page = await context.newPage();
  await openAdmin(page, "/admin/tresorerie/parametres", "Comptes et catégories");
  await page.getByLabel("Retirer le secret (désactive le paiement en ligne)").check();
  await page.getByRole("button", { name: "Enregistrer les réglages HelloAsso" }).click();
  await expect(page.getByText(/Paiement en ligne : inactif/).first()).toBeVisible();
  await context.close();
}

test.afterAll(async ({ browser }) => turnHelloAssoOff(browser));
// Each test goes through the treasurer's settings, a sign-in by e-mail, HelloAsso's page and the bureau's screens.
test.describe.configure({ timeout: 90_000 });

/** « Mes cotisations » of the signed-in gardener: pays this year's balance on the fake HelloAsso page, comes back. */
async function payOnline(page: Page) {
  const fees = page.locator("#cotisations");
  const pay = fees.getByRole("button", { name: /Payer en ligne/ }).first();
  await expect(pay).toBeVisible();
  await pay.click();
  await expect(page.getByRole("heading", { name: "Paiement HelloAsso (test)" })).toBeVisible();
  await page.getByLabel("Numéro de carte").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: /^Payer / }).click();
  await expect(page).toHaveURL(/\/mon-jardin\?paiement=recu/);
  await expect(page.getByRole("status").filter({ hasText: "Paiement reçu, merci" })).toBeVisible();
}

/** The bureau sees the payment on the fees list, the fee's page and in the book. */
async function bureauSees(browser: Browser, name: string) {
  const context = await visitorContext(browser);
  const page = await context.newPage();
  // Settled fees are listed with « réglées » shown.
  await openAdmin(page, "/admin/cotisations?reglees=1", /^Cotisations \d{4}$/);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row.getByText("en ligne", { exact: true })).toBeVisible();
  await row.getByRole("link", { name }).click();
  await expect(page.getByText(/HelloAsso, commande n° \d+/).first()).toBeVisible();
  // The book's entry, made by the payment: the gardener as payer, means HelloAsso.
  await page.goto(`/admin/tresorerie/ecritures?moyen=helloasso&q=${encodeURIComponent(name)}`);
  await expect(page.getByText(new RegExp(`${name} · 756 Cotisations · .* · HelloAsso`))).toHaveCount(1);
  await context.close();
}

test("a gardener pays the fee online with JavaScript: HelloAsso's page, back to « Mon jardin », the receipt, and the bureau sees it", async ({
  browser,
  page,
}) => {
  await setUpHelloAsso(browser);
  await signInToMyGarden(page, HAKAN.email);
  await payOnline(page);
  const fees = page.locator("#cotisations");
  await expect(fees.getByText(/payée/i).first()).toBeVisible();
  await expect(fees.getByRole("button", { name: /Payer en ligne/ })).toHaveCount(0);

  // The receipt, e-mailed and downloadable from the space.
  await expect
    .poll(async () => (await mailsTo(HAKAN.email, /filename=recu-\d{4}-\d{4}\.pdf/)).length, { timeout: 15_000 })
    .toBeGreaterThan(0);
  const receipt = page
    .locator("#recus")
    .getByRole("link", { name: /Télécharger le reçu n° \d{4}-\d{4}/ })
    .first();
  const download = await page.request.get((await receipt.getAttribute("href"))!);
  expect(download.headers()["content-type"]).toBe("application/pdf");
  expect((await download.body()).subarray(0, 5).toString()).toBe("%PDF-");

  await bureauSees(browser, HAKAN.name);
});

test("without JavaScript: the same payment, and coming back without paying says so", async ({ browser }) => {
  await setUpHelloAsso(browser);
  const context = await visitorContext(browser, { javaScriptEnabled: false });
  const page = await context.newPage();
  await signInToMyGarden(page, ABDOULAYE.email);

  // Leaves HelloAsso's page without paying: nothing taken, the button still there.
  await page
    .locator("#cotisations")
    .getByRole("button", { name: /Payer en ligne/ })
    .first()
    .click();
  await page.getByRole("button", { name: "Revenir au site" }).click();
  await expect(page).toHaveURL(/\/mon-jardin\?paiement=abandonne/);
  await expect(page.getByText(/Paiement abandonné/)).toBeVisible();

  await payOnline(page);
  await expect(page.locator("#cotisations").getByText(/payée/i).first()).toBeVisible();
  await context.close();
  await bureauSees(browser, ABDOULAYE.name);
});

test("a payment HelloAsso took for another amount waits for the bureau, who treats it from the dashboard", async ({
  browser,
  page,
}) => {
  await setUpHelloAsso(browser);
  await signInToMyGarden(page, LUCIEN.email);
  const fees = page.locator("#cotisations");
  await fees
    .getByRole("button", { name: /Payer en ligne/ })
    .first()
    .click();
  await page.getByLabel("Numéro de carte").fill("4000 0000 0000 0077");
  await page.getByRole("button", { name: /^Payer / }).click();
  await expect(page).toHaveURL(/\/mon-jardin\?paiement=anomalie#cotisations$/);
  // Told where the return lands, in « Mes cotisations »; the fee is being checked, nothing to pay again.
  await expect(fees.getByRole("status")).toContainText("Le bureau doit le vérifier avant de l'enregistrer");
  await expect(fees.getByText(/Paiement reçu par HelloAsso, en vérification par le bureau/i).first()).toBeVisible();
  await expect(fees.getByRole("button", { name: /Payer en ligne/ })).toHaveCount(0);

  const context = await visitorContext(browser);
  const bureau = await context.newPage();
  await openAdmin(bureau, "/admin", "Tableau de bord");
  const waiting = bureau.getByRole("region", { name: /paiements? HelloAsso à traiter/ });
  await expect(waiting).toContainText("montant différent : 10,00");
  await waiting.getByRole("link", { name: new RegExp(`^Traiter : ${LUCIEN.name}, cotisation \\d{4}$`) }).click();
  await expect(bureau.getByText(/À traiter : HelloAsso a reçu 10,00/)).toBeVisible();
  await bureau.getByRole("button", { name: "Mettre de côté" }).click();
  await expect(bureau.getByText(/Indiquez pourquoi ce paiement est mis de côté/).first()).toBeVisible();
  await bureau.getByRole("button", { name: /^Enregistrer le montant reçu \(10,00/ }).click();
  await expect(
    popup(bureau, /^Paiement enregistré : 10,00\s€ reçus par HelloAsso\. Le reçu n° \d{4}-\d{4} part par e-mail\.$/),
  ).toBeVisible();
  await expect(bureau.getByText(/Traité le .+ : montant reçu enregistré : 10,00/)).toBeVisible();
  await expect(bureau.getByText(/HelloAsso, commande n° \d+/).first()).toBeVisible();
  await bureau.goto("/admin");
  await expect(bureau.getByRole("region", { name: /paiements? HelloAsso à traiter/ })).toHaveCount(0);
  await context.close();
});
