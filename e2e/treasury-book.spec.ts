import type { Page } from "@playwright/test";
import { textPdf } from "../app/modules/demo/demo.pdf.server";
import { expect, SITE, test } from "./fixtures";
import { openAdmin, popup } from "./admin";

// The treasurer's book on the main site (its demo keeps a bank account, a cash box and a savings book). Each test
// deletes what it wrote, so the demo's balances are as they were.

/** Cents from an amount as the screens write it (« 1 242,32 € », « −3,90 € »). */
function cents(text: string) {
  const negative = /[-−]/.test(text);
  const value = Number(text.replace(/[^\d]/g, ""));
  return negative ? -value : value;
}

/** The closing balance of an account in the overview's table. */
async function closing(page: Page, account: string) {
  const row = page
    .getByRole("region", { name: "Comptes", exact: true })
    .getByRole("row", { name: new RegExp(`^${account}`) });
  return cents(await row.getByRole("cell").last().innerText());
}

/** Deletes the entry whose page is open, its box ticked first. */
async function deleteEntry(page: Page) {
  const form = page.getByRole("region", { name: "Supprimer" });
  await form.getByRole("checkbox", { name: /Je confirme la suppression/ }).check();
  await form.getByRole("button", { name: "Supprimer l'écriture" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Écritures \d{4}$/ })).toBeVisible();
}

test("at 390 px without JavaScript: an expense with its invoice, in the list, its invoice opened", async ({
  browser,
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: SITE,
    viewport: { width: 390, height: 844 },
    locale: "fr-FR",
  });
  const page = await context.newPage();
  const label = "Facture d'eau du 2e trimestre";
  await openAdmin(page, "/admin", "Tableau de bord");
  await page.getByRole("navigation", { name: "Administration" }).getByRole("link", { name: "Trésorerie" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Trésorerie \d{4}$/ })).toBeVisible();
  await page.getByRole("link", { name: "Nouvelle dépense" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Nouvelle dépense" })).toBeVisible();

  // Sent without an amount: the server sends the form back, what was typed kept, the message on the amount.
  await page.getByLabel("Libellé").fill(label);
  await page.getByLabel("Catégorie").selectOption({ label: "6061 Eau et énergie" });
  await page.getByRole("radio", { name: "Virement" }).check();
  await page.getByLabel("Tiers : fournisseur, donateur…").fill("Eau du Grand Lyon");
  await page.getByRole("button", { name: "Enregistrer l'écriture" }).click();
  await expect(page.getByLabel("Montant (€)")).toHaveAccessibleDescription(/Indiquez un montant en euros/);
  await expect(page.getByLabel("Libellé")).toHaveValue(label);
  await expect(page.getByLabel("Catégorie")).toHaveValue(/\d+/);
  // The cheque's fields show only for a cheque, by CSS alone.
  await expect(page.getByLabel("Numéro du chèque")).toBeHidden();
  await page.getByRole("radio", { name: "Chèque" }).check();
  await expect(page.getByLabel("Numéro du chèque")).toBeVisible();
  await page.getByRole("radio", { name: "Virement" }).check();

  await page.getByLabel("Montant (€)").fill("184,30");
  await page.getByLabel("Pièce justificative (facture, PDF ou photo)").setInputFiles({
    name: "facture-eau.pdf",
    mimeType: "application/pdf",
    buffer: textPdf({ title: "Facture", paragraphs: ["Eau du 2e trimestre : 184,30 €"] }),
  });
  await page.getByRole("button", { name: "Enregistrer l'écriture" }).click();
  await expect(page.getByRole("heading", { level: 1, name: label })).toBeVisible();
  await expect(page.getByText("− 184,30 €")).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: "6061 Eau et énergie" })).toBeVisible();
  const entryUrl = page.url();

  await page.getByRole("navigation", { name: "Trésorerie" }).getByRole("link", { name: "Écritures" }).click();
  await page.getByLabel("Rechercher").fill("Facture d'eau du 2e");
  await page.getByRole("button", { name: "Filtrer" }).click();
  const line = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: label }) });
  await expect(line).toContainText("− 184,30 €");
  await expect(line).toContainText("Pièce jointe");
  await line.getByRole("link", { name: label }).click();

  const attachment = page.getByRole("link", { name: /Télécharger la pièce justificative/ });
  const href = await attachment.getAttribute("href");
  expect(href).toBe(`${new URL(entryUrl).pathname}/piece`);
  const file = await page.request.get(href!);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("application/pdf");
  expect(file.headers()["x-content-type-options"]).toBe("nosniff");
  expect(file.headers()["content-disposition"]).toMatch(/^attachment; /);
  expect((await file.body()).subarray(0, 5).toString()).toBe("%PDF-");

  await deleteEntry(page);
  await expect(page.getByRole("link", { name: label })).toHaveCount(0);
  await context.close();
});

test("at 1280 px with JavaScript: a transfer from the cash box to the bank moves both balances", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openAdmin(page, "/admin/tresorerie", /^Trésorerie \d{4}$/);
  const cash = await closing(page, "Caisse");
  const bank = await closing(page, "Compte courant");
  const income = page.getByRole("region", { name: /^Résultat/ });
  const incomeBefore = await income.innerText();

  await page.getByRole("link", { name: "Virement entre comptes" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Virement entre comptes" })).toBeVisible();
  await page.getByLabel("Libellé").fill("Dépôt des espèces de la fête des jardins");
  await page.getByLabel("Montant (€)").fill("85,50");
  await page.getByLabel("Du compte").selectOption({ label: "Caisse" });
  await page.getByLabel("Vers le compte").selectOption({ label: "Compte courant" });
  await page.getByRole("radio", { name: "Espèces" }).check();
  await page.getByRole("button", { name: "Enregistrer l'écriture" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Dépôt des espèces de la fête des jardins" })).toBeVisible();
  await expect(popup(page, "Écriture enregistrée.")).toBeVisible();
  await expect(page.getByText("⇄ 85,50 €")).toBeVisible();

  await page.getByRole("navigation", { name: "Trésorerie" }).getByRole("link", { name: "Vue d'ensemble" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Trésorerie \d{4}$/ })).toBeVisible();
  expect(await closing(page, "Caisse")).toBe(cash - 8550);
  expect(await closing(page, "Compte courant")).toBe(bank + 8550);
  // A transfer is neither income nor expense.
  expect(await income.innerText()).toBe(incomeBefore);

  await page.getByRole("link", { name: "Dépôt des espèces de la fête des jardins" }).click();
  await deleteEntry(page);
  await page.goto("/admin/tresorerie");
  expect(await closing(page, "Caisse")).toBe(cash);
});
