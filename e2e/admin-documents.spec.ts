import { axeViolations } from "./accessibility";
import type { Page } from "@playwright/test";
import { textPdf } from "../app/modules/demo/demo.pdf.server";
import { expect, SITE, test, visitorContext } from "./fixtures";
import { openAdmin, popup } from "./admin";

// The main site's demo has its statutes, rules and minutes; each test adds its own report and deletes it at the end.

const pdf = (title: string, text: string) => ({
  name: `${title}.pdf`,
  mimeType: "application/pdf",
  buffer: textPdf({ title, paragraphs: [text] }),
});

async function openDocuments(page: Page) {
  await openAdmin(page, "/admin/documents", "Documents");
}

/** The card of a document in the list, by its title. */
const card = (page: Page, title: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name: title, exact: true }) });

async function fillNew(page: Page, title: string) {
  const form = page.getByRole("region", { name: "Ajouter un document" });
  await form.getByLabel("Type de document").selectOption({ label: "Rapport" });
  await form.getByLabel("Titre").fill(title);
  await form.getByLabel("Date du document").fill("2026-03-14");
  await form.getByRole("radio", { name: /^Public/ }).check();
  return form;
}

test("adds a document, replaces it, keeps both versions and shows the public one on /association", async ({
  page,
  browser,
}) => {
  const title = "Rapport moral 2026 (essai)";
  await openDocuments(page);
  // Checked in the browser first: every missing field at once, the file with them.
  const empty = page.getByRole("region", { name: "Ajouter un document" });
  await expect(empty.locator("form")).toHaveAttribute("data-validation", "ready");
  await empty.getByRole("button", { name: "Ajouter le document" }).click();
  const summary = empty.getByRole("alert").filter({ hasText: "Le document n'a pas été enregistré" });
  await expect(summary).toContainText("Indiquez le titre du document.");
  await expect(summary).toContainText("Choisissez le fichier du document (PDF ou image).");
  const form = await fillNew(page, title);

  // A web page renamed .pdf is refused by the server, what was typed kept.
  await form.getByLabel("Fichier").setInputFiles({
    name: "rapport.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("<html><body>Rapport</body></html>"),
  });
  await form.getByRole("button", { name: "Ajouter le document" }).click();
  await expect(
    form.getByText("Ce fichier n'est ni un PDF ni une image acceptée", { exact: false }).first(),
  ).toBeVisible();
  await expect(form.getByLabel("Titre")).toHaveValue(title);

  await form.getByLabel("Fichier").setInputFiles(pdf(title, "Une année de jardinage partagé."));
  await form.getByRole("button", { name: "Ajouter le document" }).click();
  await expect(popup(page, `Document « ${title} » ajouté.`)).toBeVisible();
  const added = card(page, title);
  await expect(added).toContainText("Rapport du 14 mars 2026 · PDF, 1 page");

  await added.getByText("Remplacer par une nouvelle version").click();
  await added.getByLabel("Date de la nouvelle version").fill("2026-03-21");
  await added
    .getByLabel("Nouveau fichier")
    .setInputFiles(pdf(title, "Une année de jardinage partagé, version corrigée."));
  await added.getByRole("button", { name: "Enregistrer la nouvelle version" }).click();
  await expect(popup(page, `Nouvelle version de « ${title} » enregistrée (version n° 2)`)).toBeVisible();

  const replaced = card(page, title);
  await expect(replaced).toContainText("Rapport du 21 mars 2026");
  await replaced.getByText("Versions (2)").click();
  // Every form of the screen open, the popup too: nothing for axe to report.
  await page.evaluate(() => document.querySelectorAll("details").forEach((details) => (details.open = true)));
  expect(await axeViolations(page)).toEqual([]);
  await expect(replaced.getByRole("link", { name: "Télécharger la version n° 2" })).toBeVisible();
  const first = replaced.getByRole("link", { name: "Télécharger la version n° 1" });
  await expect(first).toBeVisible();
  const download = await page.request.get((await first.getAttribute("href"))!);
  expect(download.status()).toBe(200);
  expect(download.headers()["content-disposition"]).toMatch(/^attachment;/);
  expect((await download.body()).subarray(0, 5).toString()).toBe("%PDF-");

  // A visitor finds it on /association, served as a PDF.
  const visitor = await visitorContext(browser);
  const visit = await visitor.newPage();
  await visit.goto("/association");
  const link = visit.getByRole("region", { name: "Documents de l'association" }).getByRole("link", { name: title });
  await expect(link).toBeVisible();
  const served = await visit.request.get(new URL((await link.getAttribute("href"))!, SITE).toString());
  expect(served.headers()["content-type"]).toBe("application/pdf");
  expect(served.headers()["x-content-type-options"]).toBe("nosniff");
  // The members-only minutes of the demo are not listed.
  await expect(visit.getByRole("link", { name: /Procès-verbal/ })).toHaveCount(0);
  await visitor.close();

  await replaced.getByRole("button", { name: `Supprimer « ${title} »` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Supprimer le document" }).click();
  await expect(popup(page, `Document « ${title} » supprimé, avec ses versions.`)).toBeVisible();
  await expect(card(page, title)).toHaveCount(0);
});

test("without JavaScript: a form sent back keeps what was typed, then the document is added and deleted", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: SITE });
  const page = await context.newPage();
  const title = "Rapport financier 2026 (sans JavaScript)";
  await openDocuments(page);
  const form = await fillNew(page, "");
  await form.getByLabel("Fichier").setInputFiles(pdf(title, "Recettes et dépenses de l'année."));
  await form.getByRole("button", { name: "Ajouter le document" }).click();

  // The server's answer: the summary, the title's message, and what was typed.
  const again = page.getByRole("region", { name: "Ajouter un document" });
  await expect(again.getByRole("alert").filter({ hasText: "Indiquez le titre du document." })).toBeVisible();
  await expect(again.getByLabel("Date du document")).toHaveValue("2026-03-14");
  await expect(again.getByLabel("Type de document")).toHaveValue("rapport");
  await again.getByLabel("Titre").fill(title);
  await again.getByLabel("Fichier").setInputFiles(pdf(title, "Recettes et dépenses de l'année."));
  await again.getByRole("button", { name: "Ajouter le document" }).click();
  await expect(page.getByRole("status")).toContainText(`Document « ${title} » ajouté.`);

  const added = card(page, title);
  await added.getByText("Supprimer", { exact: true }).click();
  await added.getByRole("button", { name: "Supprimer le document" }).click();
  await expect(page.getByRole("status")).toContainText(`Document « ${title} » supprimé, avec ses versions.`);
  await expect(card(page, title)).toHaveCount(0);
  await context.close();
});
