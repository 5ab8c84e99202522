import fs from "node:fs/promises";
import os from "node:os";
import { join } from "node:path";
import * as tar from "tar";
import { problemsOnPhoneAndDesktop } from "./accessibility";
import { openAdmin, popup } from "./admin";
import { SITE, expect, test, visitorContext } from "./fixtures";

function stat(page: import("@playwright/test").Page, label: string) {
  return page.getByRole("region", { name: "Chiffres clés" }).getByRole("link", { name: new RegExp(`^${label}`) });
}

test("the dashboard links to each screen and shows the latest articles and the next events, in French dates", async ({
  page,
}) => {
  await openAdmin(page, "/admin", "Tableau de bord");
  const links = page.getByRole("navigation", { name: "Accès rapides" });
  for (const [name, path] of [
    ["Gérer le blog", "/admin/blog"],
    ["Gérer les événements", "/admin/events"],
    ["Voir les demandes", "/admin/applications"],
    ["Valider les annonces", "/admin/annonces"],
  ]) {
    await expect(links.getByRole("link", { name })).toHaveAttribute("href", path);
  }
  const articles = page.getByRole("region", { name: "Articles récents" }).getByRole("listitem");
  await expect(articles).toHaveCount(3);
  await expect(articles.first()).toContainText("Le compost collectif, mode d'emploi");
  const events = page.getByRole("region", { name: "Événements à venir" }).getByRole("listitem");
  await expect(events.first()).toContainText(/le \d{1,2} [a-zéû]+ \d{4} à \d{2}h\d{2}/);
  await expect(events.first()).toContainText("Assemblée générale annuelle");
  await expect(stat(page, "Parcelles occupées")).toContainText(/\d+ \/ \d+/);
  // The demo's fees: the count settled, and the amounts behind it.
  await expect(stat(page, "Cotisations \\d{4} payées")).toContainText(
    /\d+ \/ \d+[\d\s]+,\d\d\s€ appelés, [\d\s]+,\d\d\s€ reçus, [\d\s]+,\d\d\s€ à recevoir/,
  );
  // The demo content is still there: the dashboard says so; the confirmation can be cancelled.
  const demo = page.getByRole("region", { name: "Contenu de démonstration" });
  await expect(demo).toContainText("éléments de démonstration");
  await demo.getByRole("button", { name: "Retirer le contenu de démonstration" }).click();
  const dialog = page.getByRole("dialog", { name: "Retirer le contenu de démonstration" });
  await expect(dialog.getByRole("button", { name: "Annuler" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(demo).toBeVisible();
});

test("the counts refresh every 30 seconds without reloading the page", async ({ page, browser }) => {
  await page.clock.install();
  await openAdmin(page, "/admin", "Tableau de bord");
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  const plots = stat(page, "Parcelles occupées");
  const [occupied, total] = ((await plots.innerText()).match(/(\d+)\s*\/\s*(\d+)/) ?? []).slice(1).map(Number);

  // Another volunteer reserves a free plot from another browser.
  const other = await visitorContext(browser);
  const otherPage = await other.newPage();
  await openAdmin(otherPage, "/admin/parcelles", "Parcelles");
  await otherPage.getByRole("link", { name: "Jardin des Brosses" }).click();
  await otherPage
    .getByRole("list", { name: "Plan des parcelles" })
    .getByRole("link", { name: /Libre/ })
    .first()
    .click();
  const record = otherPage.getByRole("region", { name: "Fiche de la parcelle" });
  const state = record.getByRole("combobox", { name: "État" });
  await state.selectOption("Réservée");
  await record.getByRole("button", { name: "Enregistrer la parcelle" }).click();
  await expect(popup(otherPage, "Parcelle enregistrée.")).toBeVisible();

  try {
    await expect(plots).toContainText(`${occupied} / ${total}`);
    await page.clock.runFor(30_000);
    await expect(plots).toContainText(`${occupied! + 1} / ${total}`);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  } finally {
    await state.selectOption("Libre");
    await record.getByRole("button", { name: "Enregistrer la parcelle" }).click();
    await expect(popup(otherPage, "Parcelle enregistrée.")).toBeVisible();
    await other.close();
  }
});

test("a visitor's message appears among the latest, is read in full, answered by e-mail and deleted", async ({
  page,
  browser,
}) => {
  const subject = `Parcelle au jardin des Brosses ${Date.now()}`;
  const visitor = await visitorContext(browser);
  const contact = await visitor.newPage();
  await contact.goto(`${SITE}/contact`);
  await contact.getByLabel("Votre nom").fill("Joseph N'Diaye");
  await contact.getByLabel("Votre e-mail").fill("joseph.ndiaye@example.fr");
  await contact.getByLabel("Objet").fill(subject);
  await contact.getByLabel("Message").fill("Bonjour,\nUne parcelle se libère-t-elle au printemps ?\nMerci !");
  await contact.getByLabel("Combien font 3 + 4 ?").fill("7");
  await contact.getByRole("button", { name: "Envoyer le message" }).click();
  await expect(contact.getByText("Votre message a bien été envoyé")).toBeVisible();
  await visitor.close();

  await openAdmin(page, "/admin", "Tableau de bord");
  const latest = page.getByRole("region", { name: "Derniers messages" });
  await expect(latest.getByRole("listitem").first()).toContainText(subject);
  await expect(latest.getByRole("listitem").first()).toContainText("Joseph N'Diaye · le ");
  expect(await latest.getByRole("listitem").count()).toBeLessThanOrEqual(5);

  await latest.getByRole("link", { name: new RegExp(subject) }).click();
  await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
  await expect(page.getByText("Une parcelle se libère-t-elle au printemps ?")).toBeVisible();
  await expect(page.getByText("Joseph N'Diaye <joseph.ndiaye@example.fr>")).toBeVisible();
  const reply = await page.getByRole("link", { name: "Répondre par e-mail" }).getAttribute("href");
  expect(reply).toMatch(/^mailto:joseph\.ndiaye%40example\.fr\?subject=Re%3A%20Parcelle/);

  await page.getByRole("button", { name: "Supprimer ce message" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Supprimer" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Messages reçus" })).toBeVisible();
  await expect(page.getByText(subject)).toHaveCount(0);
});

/** Each screen loaded once at 390 px, then analysed by axe there and at 1280 px. */
async function checkScreens(page: import("@playwright/test").Page, paths: string[]) {
  await page.setViewportSize({ width: 390, height: 900 });
  await openAdmin(page, paths[0]!, /./);
  for (const path of paths) {
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await problemsOnPhoneAndDesktop(page, path)).toEqual([]);
  }
}

// Every back-office screen, in three groups that the two workers share: thirty-four screens in one test ran past
// its four minutes on a loaded machine.
test.describe("no accessibility violations and no sideways scrolling at 390 and 1280 px", () => {
  test.describe.configure({ mode: "parallel" });

  test("publishing, messages, accounts and history", async ({ page, context }) => {
    test.setTimeout(120_000);
    await checkScreens(page, [
      "/admin",
      "/admin/blog",
      "/admin/blog?edit=1",
      "/admin/events",
      "/admin/messages",
      "/admin/applications",
      "/admin/annonces",
      "/admin/annonces?modifier=1",
      "/admin/comptes",
      "/admin/historique",
      "/admin/donnees-personnelles?email=camille.durand@example.fr",
    ]);
    // The page that offers to sign in again after the session expired.
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto("/admin/settings");
    await context.clearCookies();
    await page.getByRole("button", { name: "Enregistrer les textes" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Votre session a expiré" })).toBeVisible();
    expect(await problemsOnPhoneAndDesktop(page, "la session expirée")).toEqual([]);
  });

  test("the plots register, from the demo's first site, plot and gardener", async ({ page }) => {
    test.setTimeout(120_000);
    await checkScreens(page, [
      "/admin/parcelles",
      "/admin/parcelles/jardins/1",
      "/admin/parcelles/jardins/1/visite",
      "/admin/parcelles/1",
      "/admin/jardiniers",
      "/admin/jardiniers/1",
      "/admin/cotisations",
    ]);
  });

  test("the treasurer's book, from the demo's first entry, deposit and statement", async ({ page }) => {
    test.setTimeout(120_000);
    await checkScreens(page, [
      "/admin/tresorerie",
      "/admin/tresorerie/ecritures",
      "/admin/tresorerie/ecritures/nouvelle?sens=depense",
      "/admin/tresorerie/ecritures/1",
      "/admin/tresorerie/ecritures/1/recu",
      "/admin/tresorerie/remises",
      "/admin/tresorerie/remises/1",
      "/admin/tresorerie/rapprochement",
      "/admin/tresorerie/rapprochement/1",
      "/admin/tresorerie/recus",
      "/admin/tresorerie/comptes-annuels",
      "/admin/tresorerie/budget",
      "/admin/tresorerie/parametres",
    ]);
  });
});

test("the dashboard says when the last backup was made and gives a fresh one to download", async ({ page }) => {
  await openAdmin(page, "/admin", "Tableau de bord");
  const backups = page.getByRole("region", { name: "Sauvegardes" });
  await expect(backups).toContainText(
    /Dernière sauvegarde : le \d{1,2} [a-zéû]+ \d{4} à \d{2}h\d{2}\.|Aucune sauvegarde pour l'instant : le serveur fait la première dans la minute qui suit son démarrage\./,
  );
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    backups.getByRole("button", { name: "Télécharger une sauvegarde maintenant" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^potager-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar\.gz$/);
  const archive = await fs.readFile((await download.path())!);
  expect([...archive.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
  const dir = await fs.mkdtemp(join(os.tmpdir(), "potager-e2e-"));
  await fs.writeFile(join(dir, "a.tar.gz"), archive);
  await tar.extract({ file: join(dir, "a.tar.gz"), cwd: dir });
  const manifest = JSON.parse(await fs.readFile(join(dir, "potager-sauvegarde", "manifest.json"), "utf8"));
  expect(manifest.tables.find((t: { name: string }) => t.name === "blog_posts").rows).toBeGreaterThan(0);
  expect(manifest.media.length).toBeGreaterThan(0);
  // Only the button's POST builds one: the same address opened as a link does not.
  const byLink = await page.request.get("/admin/sauvegarde");
  expect(byLink.status()).toBe(405);
  expect(byLink.headers()["allow"]).toBe("POST");
});

test("the dashboard says where e-mails go and sends a test message, saying what happened", async ({ page }) => {
  await openAdmin(page, "/admin", "Tableau de bord");
  const mail = page.getByRole("region", { name: "E-mails" });
  // This site runs without SMTP: the messages are written as files, which the dashboard says.
  await expect(mail).toContainText(
    "Aucun serveur SMTP n'est réglé (SMTP_URL) : les e-mails du site ne partent pas, ils sont écrits en fichiers .eml dans",
  );
  await mail.getByLabel("Envoyer à").fill("pas-une-adresse@");
  await mail.getByRole("button", { name: "Envoyer un e-mail de test" }).click();
  expect(await mail.getByLabel("Envoyer à").evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(false);
  await mail.getByLabel("Envoyer à").fill("bureau@jardins.example");
  await mail.getByRole("button", { name: "Envoyer un e-mail de test" }).click();
  await expect(mail.getByRole("status")).toHaveText(
    /^Aucun serveur SMTP n'est réglé \(SMTP_URL\) : le message n'est pas parti, il a été écrit dans .*-test\.eml\.$/,
  );
});
