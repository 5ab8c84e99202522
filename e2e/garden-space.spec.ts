import { axeViolations } from "./accessibility";
import { expect, test, visitorContext } from "./fixtures";
import { signInToMyGarden } from "./garden";

// Demo gardeners with an e-mail address: Ana has this year's fee paid by cheque and its receipt; both are convened to
// the demo's general assembly, which neither has answered.
const ANA = { name: "Ana Pereira", email: "ana.pereira@example.fr" };
const AICHA = { name: "Aïcha Mansouri", email: "aicha.mansouri@example.fr" };

test("a gardener sees their plot, fee and receipt, downloads the receipt and a members' document, and answers the assembly", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInToMyGarden(page, ANA.email);

  const plots = page.locator("#parcelles");
  await expect(plots.getByRole("heading", { name: "Mes parcelles" })).toBeVisible();
  await expect(plots.getByRole("heading", { level: 3, name: /^Parcelle n° \d+ · Jardin / })).toBeVisible();
  await expect(plots.getByText("Adresse")).toBeVisible();

  const fees = page.locator("#cotisations");
  await expect(fees.getByRole("heading", { level: 3, name: /^Cotisation \d{4}$/ }).first()).toBeVisible();
  await expect(fees.getByText("Montant appelé").first()).toBeVisible();
  // The whole signed-in page, every section shown: nothing axe finds wrong, nothing wider than the phone.
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The receipt: the PDF the bureau made, to this gardener only.
  const receipt = page
    .locator("#recus")
    .getByRole("link", { name: /Télécharger le reçu n° \d{4}-\d{4}/ })
    .first();
  const receiptPath = await receipt.getAttribute("href");
  expect(receiptPath).toMatch(/^\/mon-jardin\/recus\/\d+$/);
  const pdf = await page.request.get(receiptPath!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect(pdf.headers()["cache-control"]).toBe("private, no-store");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

  // The statement of a year's fees, as the bureau makes it.
  const statement = fees.getByRole("link", { name: /^Télécharger l'attestation de paiement \d{4}/ }).first();
  expect(await statement.getAttribute("href")).toMatch(/^\/mon-jardin\/attestations\/\d{4}$/);
  const attestation = await page.request.get((await statement.getAttribute("href"))!);
  expect(attestation.status()).toBe(200);
  expect(attestation.headers()["content-type"]).toBe("application/pdf");
  expect(attestation.headers()["content-disposition"]).toMatch(/attestation-cotisations-\d{4}\.pdf/);

  // A members' document, served to the signed-in gardener only.
  const minutes = page
    .locator("#documents")
    .getByRole("link", { name: /Procès-verbal/ })
    .first();
  const documentPath = (await minutes.getAttribute("href"))!;
  const doc = await page.request.get(documentPath);
  expect(doc.status()).toBe(200);
  expect(doc.headers()["content-type"]).toBe("application/pdf");
  const stranger = await visitorContext(page.context().browser()!);
  const signedOut = await stranger.request.get(documentPath, { maxRedirects: 0 });
  expect(signedOut.status()).toBe(302);
  expect(signedOut.headers()["location"]).toBe("/mon-jardin");
  expect((await stranger.request.get(receiptPath!, { maxRedirects: 0 })).status()).toBe(302);
  await stranger.close();

  // The assembly: present, then back to the space, which says so.
  const assembly = page.locator("#assemblee");
  await expect(assembly.getByRole("heading", { name: "Ordre du jour" })).toBeVisible();
  await expect(assembly.getByText("Vous n'avez pas encore répondu.")).toBeVisible();
  await assembly.getByLabel("Je serai présente").check();
  await assembly.getByRole("button", { name: "Envoyer ma réponse" }).click();
  await expect(page).toHaveURL(/\/mon-jardin\?reponse=assemblee#assemblee$/);
  await expect(
    page.getByRole("status").filter({ hasText: "Votre réponse à la convocation est enregistrée." }),
  ).toBeVisible();
  await expect(assembly.getByText("Je serai présente.", { exact: true })).toBeVisible();
});

test("without JavaScript: the answer to the assembly refused keeps what was chosen, then is recorded", async ({
  browser,
}) => {
  const context = await visitorContext(browser, { javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signInToMyGarden(page, AICHA.email);
  await expect(page.getByText(`Connecté(e) : ${AICHA.name}`)).toBeVisible();

  const assembly = page.locator("#assemblee");
  await assembly.getByLabel("Je donne pouvoir à…").check();
  await assembly.getByRole("button", { name: "Envoyer ma réponse" }).click();
  // Refused on its own page, with the field in error and the choice kept.
  await expect(page).toHaveURL(/\/mon-jardin\/assemblee$/);
  await expect(page.getByRole("heading", { level: 1, name: "Répondre à la convocation" })).toBeVisible();
  await expect(page.getByText("Choisissez le membre à qui vous donnez pouvoir.").first()).toBeVisible();
  await expect(page.getByLabel("Je donne pouvoir à…")).toBeChecked();

  await page.getByLabel("Je ne pourrai pas venir").check();
  await page.getByRole("button", { name: "Envoyer ma réponse" }).click();
  await expect(page).toHaveURL(/\/mon-jardin\?reponse=assemblee#assemblee$/);
  await expect(
    page.getByRole("status").filter({ hasText: "Votre réponse à la convocation est enregistrée." }),
  ).toBeVisible();
  await expect(page.locator("#assemblee").getByText("Je ne pourrai pas venir.", { exact: true })).toBeVisible();
  await context.close();
});
