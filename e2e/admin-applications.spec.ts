import fs from "node:fs/promises";
import type { Page } from "@playwright/test";
import { badge, historyEntries, openAdmin, popup } from "./admin";
import { expect, test, visitorContext } from "./fixtures";
import { applyAs } from "./visitors";

function card(page: Page, name: string) {
  return page.getByRole("article", { name });
}

test("an application: processed, downloaded, e-mailed, archived, deleted; the badge and the history follow", async ({
  page,
  browser,
}) => {
  const name = "Théo Vasseur";
  await applyAs(browser, name, "theo.vasseur@example.fr");
  await openAdmin(page, "/admin/applications", "Demandes de jardin");
  const active = page.getByRole("region", { name: /Demandes actives/ });
  const application = active.getByRole("article", { name });
  await expect(application).toContainText("Moyenne (150 à 200 m²)");
  await expect(application).toContainText("Le week-end");
  await expect(application).toHaveClass(/border-red-600/);
  const id = /Demande n° (\d+)/.exec(await application.innerText())![1];
  const unprocessed = await badge(page, "Demandes");
  expect(unprocessed).toBeGreaterThan(0);

  // Processed: the badge loses one at once; and back.
  await application.getByRole("checkbox", { name: "Non traitée", exact: true }).check();
  await expect(popup(page, "Demande marquée comme traitée.")).toBeVisible();
  await expect(application.getByRole("checkbox", { name: "Traitée", exact: true })).toBeChecked();
  await expect(application).toHaveClass(/border-green-600/);
  await expect.poll(() => badge(page, "Demandes")).toBe(unprocessed - 1);
  await application.getByRole("checkbox", { name: "Traitée", exact: true }).uncheck();
  await expect(popup(page, "Demande marquée comme non traitée.")).toBeVisible();
  await expect.poll(() => badge(page, "Demandes")).toBe(unprocessed);
  await expect(application.getByRole("button", { name: /Archiver/ })).toHaveCount(0);
  await application.getByRole("checkbox", { name: "Non traitée", exact: true }).check();
  await expect(popup(page, "Demande marquée comme traitée.")).toBeVisible();

  // The file: 'key: value' lines, every field but id and processed, UTF-8.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    application.getByRole("link", { name: `Télécharger la demande de ${name}` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`demande-${name}.txt`);
  const lines = (await fs.readFile((await download.path())!, "utf8")).trimEnd().split("\n");
  expect(lines.slice(0, 15)).toEqual([
    `nom: ${name}`,
    "email: theo.vasseur@example.fr",
    "adresse: 3 rue Francis de Pressensé",
    "ville: Villeurbanne",
    "telephoneportable: 06 98 76 54 32",
    "telephonefixe: ",
    "taillejardin: moyenne",
    "experience: Un potager sur le balcon depuis quatre ans.",
    "budgetconnu: true",
    "tempsdisponible: weekend",
    "inspectionconnu: true",
    "engagementcharte: true",
    "engagementreglement: true",
    "engagementlieupublic: true",
    "motivations: Cultiver des légumes de saison avec mes enfants et rencontrer les voisins.",
  ]);
  expect(lines.map((line) => line.split(":")[0])).not.toContain("id");
  expect(lines.map((line) => line.split(":")[0])).not.toContain("processed");
  expect(lines).toContain("archived: ");

  // The e-mail: to the association, the spec's subject, the same lines as body.
  const mailto = new URL(
    (await application.getByRole("link", { name: `Envoyer par e-mail la demande de ${name}` }).getAttribute("href"))!,
  );
  expect(mailto.protocol).toBe("mailto:");
  expect(decodeURIComponent(mailto.pathname)).toMatch(/^[^@\s]+@[^@\s]+$/);
  expect(mailto.searchParams.get("subject")).toBe("nouvelle demande d'adhesion");
  expect(mailto.searchParams.get("body")?.split("\n").slice(0, 3)).toEqual([
    `nom: ${name}`,
    "email: theo.vasseur@example.fr",
    "adresse: 3 rue Francis de Pressensé",
  ]);

  // Archived: only download, e-mail and delete remain.
  await application.getByRole("button", { name: `Archiver la demande de ${name}` }).click();
  await expect(popup(page, "Demande archivée avec succès.")).toBeVisible();
  const archived = page.getByRole("region", { name: "Demandes archivées" }).getByRole("article", { name });
  await expect(archived).toContainText(/archivée le \d{1,2} [a-zéû]+ \d{4}/);
  await expect(archived.getByRole("checkbox")).toHaveCount(0);
  await expect(archived.getByRole("button", { name: /Archiver/ })).toHaveCount(0);
  await expect(archived.getByRole("link", { name: /Télécharger/ })).toBeVisible();
  await expect(active.getByRole("article", { name })).toHaveCount(0);

  // Deleted by keyboard: the dialog opens on Annuler, Supprimer is one Shift+Tab away; then 'Succès' and OK.
  await archived.getByRole("button", { name: `Supprimer la demande de ${name}` }).focus();
  await page.keyboard.press("Enter");
  const confirm = page.getByRole("dialog", { name: "Supprimer la demande" });
  await expect(confirm.getByRole("button", { name: "Annuler" })).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(confirm.getByRole("button", { name: "Supprimer" })).toBeFocused();
  await page.keyboard.press("Enter");
  const success = page.getByRole("dialog", { name: "Succès" });
  await expect(success).toContainText(`Demande de ${name} supprimée avec succès.`);
  await expect(success.getByRole("button", { name: "OK" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(success).toBeHidden();
  await expect(card(page, name)).toHaveCount(0);

  // Each step is in the history, naming the record and not the person.
  await page.goto(`/admin/historique?personne=${encodeURIComponent(process.env.E2E_ADMIN_USERNAME!)}`);
  const entries = historyEntries(page).filter({ hasText: `demande n° ${id}` });
  await expect(entries).toHaveText([
    /Demande supprimée/,
    /Demande archivée/,
    /Demande téléchargée/,
    /Demande marquée traitée/,
    /Demande marquée non traitée/,
    /Demande marquée traitée/,
  ]);
  await expect(page.getByText(name)).toHaveCount(0);
});

test("without JavaScript: the box is saved with its button, and deleting asks first, then says 'Succès'", async ({
  browser,
}) => {
  const name = "Lina Moreau-Petit";
  await applyAs(browser, name, "lina.mp@example.fr");
  const context = await visitorContext(browser, { javaScriptEnabled: false });
  const page = await context.newPage();
  await openAdmin(page, "/admin/applications", "Demandes de jardin");
  const application = card(page, name);
  await application.getByRole("checkbox", { name: "Non traitée", exact: true }).check();
  await application.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Demande marquée comme traitée.")).toBeVisible();
  await expect(application.getByRole("checkbox", { name: "Traitée", exact: true })).toBeChecked();
  await application.getByLabel(`Supprimer la demande de ${name}`).click();
  await expect(application.getByText(`Êtes-vous sûr de vouloir supprimer la demande de ${name} ?`)).toBeVisible();
  await application.getByRole("button", { name: "Supprimer", exact: true }).click();
  const success = page.getByRole("dialog", { name: "Succès" });
  await expect(success).toContainText(`Demande de ${name} supprimée avec succès.`);
  await success.getByRole("button", { name: "OK" }).click();
  await expect(success).toBeHidden();
  await expect(card(page, name)).toHaveCount(0);
  await context.close();
});
