import { axeViolations } from "./accessibility";
import type { Browser, BrowserContextOptions, Page } from "@playwright/test";
import { openAdmin, popup } from "./admin";
import { expect, test, visitorContext } from "./fixtures";

// The year's accounts on the demo's book (last year closed after its assembly, this year under way): the treasurer
// enters next year's budget on a phone without JavaScript and reads the accounts; at a desk, the accounts' PDF, the
// entries' CSV, and the closing of a past year.

const PASSWORD = "betteraves-et-poireaux-au-printemps-2027";
const YEAR = new Date().getFullYear();

/** An account of `role` made as the bureau makes one (an invitation, its link followed), signed in its own browser. */
async function signedInAs(
  page: Page,
  browser: Browser,
  username: string,
  role: string,
  options: BrowserContextOptions,
) {
  await openAdmin(page, "/admin/comptes", "Comptes");
  const team = page.getByRole("region", { name: "Comptes de l'équipe" });
  await team.getByLabel("Identifiant").fill(username);
  await team.getByRole("radio", { name: new RegExp(`^${role}`) }).check();
  await team.getByRole("button", { name: "Créer l'invitation" }).click();
  await expect(popup(page, "Invitation créée : transmettez le lien ci-dessous.")).toBeVisible();
  const link = new URL(await page.getByTestId("invitation-link").innerText()).pathname;

  const invited = await (await visitorContext(browser, options)).newPage();
  await invited.goto(link);
  await invited.getByLabel("Mot de passe", { exact: true }).fill(PASSWORD);
  await invited.getByLabel("Mot de passe, une seconde fois").fill(PASSWORD);
  await invited.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(invited).toHaveURL(/\/login\?compte-pret$/);
  await invited.getByLabel("Identifiant").fill(username);
  await invited.getByLabel("Mot de passe").fill(PASSWORD);
  await invited.getByRole("button", { name: "Se connecter" }).click();
  await expect(invited.getByRole("heading", { name: "Tableau de bord" })).toBeVisible();
  return invited;
}

async function pdfText(data: Buffer) {
  const { extractText, getDocumentProxy } = await import("unpdf");
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(data)), { mergePages: true });
  return text;
}

test("the treasurer enters next year's budget on a phone without JavaScript, a wrong amount sent back, and reads the accounts", async ({
  page,
  browser,
}) => {
  test.slow();
  const next = YEAR + 1;
  // The account's name is this run's own: the test can run again on the same site (`--repeat-each`).
  const treasurer = await signedInAs(page, browser, `theo-tresorier-${Date.now().toString(36)}`, "Trésorier", {
    viewport: { width: 390, height: 900 },
    javaScriptEnabled: false,
  });
  await treasurer.goto(`/admin/tresorerie/budget?annee=${next}`);
  await expect(treasurer.getByRole("heading", { level: 1, name: `Budget prévisionnel ${next}` })).toBeVisible();
  const insurance = treasurer.getByLabel("616 Assurances", { exact: true });
  const fees = treasurer.getByLabel("756 Cotisations", { exact: true });
  // An amount the budget does not hold yet: the test may have saved 435,50 on this site already (`--repeat-each`).
  const amount = (await insurance.inputValue()) === "435,50" ? "512,80" : "435,50";
  await insurance.fill(amount);
  await fees.fill("quatre mille");
  await treasurer.getByRole("button", { name: "Enregistrer le budget" }).click();

  // Refused by the server: the message on the field, what was typed shown again, nothing saved.
  await expect(treasurer.getByRole("alert")).toContainText("Indiquez un montant en euros, par exemple 120 ou 45,50.");
  await expect(fees).toHaveAttribute("aria-invalid", "true");
  await expect(fees).toHaveAccessibleDescription("Indiquez un montant en euros, par exemple 120 ou 45,50.");
  await expect(fees).toHaveValue("quatre mille");
  await expect(insurance).toHaveValue(amount);

  await fees.fill("4 200");
  await treasurer.getByRole("button", { name: "Enregistrer le budget" }).click();
  await expect(treasurer.getByRole("status").filter({ hasText: `Budget ${next} enregistré` })).toBeVisible();
  await treasurer.goto(`/admin/tresorerie/budget?annee=${next}`);
  await expect(treasurer.getByLabel("616 Assurances", { exact: true })).toHaveValue(amount);
  await expect(treasurer.getByLabel("756 Cotisations", { exact: true })).toHaveValue("4200");
  // 756 counts in 75, and the balance says what is left.
  await expect(treasurer.getByRole("region", { name: "Équilibre du budget" })).toContainText("Excédent prévu");

  await treasurer.goto(`/admin/tresorerie/comptes-annuels?annee=${YEAR}`);
  await expect(treasurer.getByRole("heading", { level: 1, name: `Comptes de l'exercice ${YEAR}` })).toBeVisible();
  await expect(treasurer.getByRole("table", { name: "Charges" })).toContainText("Total des charges");
  await expect(treasurer.getByRole("table", { name: "Produits" })).toContainText("Total des produits");
  // The year before is in the book: its column has figures.
  await expect(treasurer.getByRole("cell", { name: "pas de comptes" })).toHaveCount(0);
  await expect(treasurer.getByRole("region", { name: "Restant dû à l'association" })).toContainText(
    `Cotisations ${YEAR} non réglées`,
  );
  await expect(treasurer.getByRole("link", { name: `Budget prévisionnel ${next}` })).toBeVisible();
  // The page fits the phone: only the tables scroll sideways, in their own frame.
  expect(await treasurer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await treasurer.context().close();
});

test("at a desk: the accounts' PDF for the assembly, the entries' CSV, and a past year closed", async ({ page }) => {
  const last = YEAR - 1;
  await openAdmin(page, `/admin/tresorerie/comptes-annuels?annee=${last}`, `Comptes de l'exercice ${last}`);
  // The demo's last year is closed: the page says when and by whom, and that it does not reopen.
  await expect(page.getByText(/^Exercice clôturé le/)).toContainText("ne se rouvre pas");
  await expect(page.getByText(/^Exercice clôturé le/)).toContainText(
    `comptes approuvés par l'assemblée générale du 21 mars ${YEAR}`,
  );
  await expect(page.getByRole("button", { name: `Clôturer l'exercice ${last}` })).toHaveCount(0);
  // The demo's book starts that year: the year before is a dash read as « pas de comptes », not a row of zeros.
  const charges = page.getByRole("table", { name: "Charges" });
  await expect(charges.getByRole("columnheader", { name: String(last - 1) })).toBeVisible();
  await expect(
    charges
      .getByRole("row", { name: /^Total des charges/ })
      .getByRole("cell")
      .nth(1),
  ).toHaveText("—pas de comptes");

  const href = await page.getByRole("link", { name: `Comptes ${last} en PDF` }).getAttribute("href");
  const answer = await page.request.get(href!);
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toBe("application/pdf");
  const text = await pdfText(await answer.body());
  expect(text).toContain(`Comptes de l'exercice ${last}`);
  expect(text).toContain("Total des produits");
  expect(text).toContain(`Comptes approuvés par l'assemblée générale du 21 mars ${YEAR}.`);
  expect(text).toMatch(new RegExp(`comptes de l'exercice ${last} · page 1 / \\d`));

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: `Écritures ${last} en CSV` }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`ecritures-${last}.csv`);
  const csv = await (await import("node:fs/promises")).readFile((await file.path())!, "utf8");
  expect(csv.split("\n")[0]).toContain("Numéro d'écriture;Date;Libellé;Montant;Compte de débit;Compte de crédit");

  // The page, its forms open: nothing for axe to report.
  await page.goto(`/admin/tresorerie/comptes-annuels?annee=${YEAR}`);
  await page.evaluate(() => document.querySelectorAll("details").forEach((details) => (details.open = true)));
  expect(await axeViolations(page)).toEqual([]);

  // A year before the book, never closed: closed once confirmed. The nearest one still open, going back: the test may
  // have closed YEAR - 3 on this site already (`--repeat-each`).
  let old = YEAR - 3;
  for (; ; old--) {
    await page.goto(`/admin/tresorerie/comptes-annuels?annee=${old}`);
    await expect(page.getByRole("heading", { level: 1, name: `Comptes de l'exercice ${old}` })).toBeVisible();
    if ((await page.getByRole("region", { name: `Clôturer l'exercice ${old}` }).count()) > 0) break;
    expect(old, "an open year before the book").toBeGreaterThan(YEAR - 20);
  }
  const closing = page.getByRole("region", { name: `Clôturer l'exercice ${old}` });
  await expect(closing.locator("form")).toHaveAttribute("data-validation", "ready");
  await closing.getByRole("button", { name: `Clôturer l'exercice ${old}` }).click();
  await expect(closing.getByText("Cochez la case pour confirmer la clôture.").first()).toBeVisible();
  await closing.getByLabel("Date de l'assemblée générale qui a approuvé les comptes").fill(`${old + 1}-03-15`);
  await closing.getByRole("checkbox", { name: /Les comptes ont été approuvés par l'assemblée générale/ }).check();
  await closing.getByRole("button", { name: `Clôturer l'exercice ${old}` }).click();
  await expect(popup(page, `L'exercice ${old} est clôturé.`)).toBeVisible();
  await expect(page.getByText(/^Exercice clôturé le/)).toContainText(
    `comptes approuvés par l'assemblée générale du 15 mars ${old + 1}`,
  );
  await expect(page.getByRole("region", { name: `Clôturer l'exercice ${old}` })).toHaveCount(0);
});
