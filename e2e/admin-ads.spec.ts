import { axeViolations } from "./accessibility";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { root, startServer, tempDataDir } from "../tests/process/server";
import { badge, historyEntries, openAdmin, popup } from "./admin";
import { ADMIN, expect, test, visitorContext } from "./fixtures";
import { postAdAs } from "./visitors";

function ad(page: Page, name: string) {
  return page.getByRole("article", { name, exact: true });
}

test("an ad: edited inline with the public form's rules, validated (public at once, badge down), then deleted", async ({
  page,
  browser,
}) => {
  const text = "Je donne trois pieds de rhubarbe, à prendre au jardin des Brosses.";
  await postAdAs(browser, "Gaspard Ollivier", text, { email: "gaspard.ollivier@example.fr" });
  await openAdmin(page, "/admin/annonces", "Validation des petites annonces");
  const pending = await badge(page, "Annonces");
  const card = ad(page, "Gaspard Ollivier");
  await expect(card).toContainText("En attente");
  await expect(card).toContainText("gaspard.ollivier@example.fr");
  await expect(card).toContainText(text);

  // Modifier: inputs in place, no Valider while editing; an empty name is refused with what was typed kept.
  await card.getByRole("link", { name: "Modifier l'annonce de Gaspard Ollivier" }).click();
  await expect(card.getByRole("button", { name: /Valider/ })).toHaveCount(0);
  await card.getByLabel("Nom *").fill("");
  await card.getByLabel("Annonce", { exact: true }).fill(`${text} Avec leurs racines.`);
  await card.getByRole("button", { name: "Mettre à jour" }).click();
  await expect(card.getByText("Les champs obligatoires (*) doivent être remplis.")).toBeVisible();
  await expect(card.getByLabel("Annonce", { exact: true })).toHaveValue(`${text} Avec leurs racines.`);
  await card.getByLabel("Nom *").fill("Gaspard Ollivier-Roy");
  await card.getByLabel("Type *").selectOption({ label: "Échange" });
  await card.getByRole("button", { name: "Mettre à jour" }).click();
  await expect(popup(page, "Annonce mise à jour.")).toBeVisible();
  const edited = ad(page, "Gaspard Ollivier-Roy");
  await expect(edited).toContainText("Avec leurs racines.");
  await expect(edited.getByText("Échange", { exact: true }).first()).toBeVisible();

  // Valider: public now, the badge one less.
  await edited.getByRole("button", { name: "Valider l'annonce de Gaspard Ollivier-Roy" }).click();
  await expect(popup(page, "Annonce validée : elle est maintenant visible sur le site.")).toBeVisible();
  await expect(edited).toContainText("Validée");
  await expect(edited.getByRole("button", { name: /Valider/ })).toHaveCount(0);
  await expect.poll(() => badge(page, "Annonces")).toBe(pending - 1);
  const visitor = await browser.newPage();
  await visitor.goto(page.url().replace(/\/admin\/annonces.*/, "/annonces"));
  await expect(visitor.getByText("Avec leurs racines.")).toBeVisible();

  // Supprimer, after the spec's question.
  await edited.getByRole("button", { name: "Supprimer l'annonce de Gaspard Ollivier-Roy" }).click();
  const dialog = page.getByRole("dialog", { name: "Supprimer l'annonce" });
  await expect(dialog).toContainText("Êtes-vous sûr de vouloir supprimer cette annonce ?");
  await dialog.getByRole("button", { name: "Supprimer" }).click();
  await expect(popup(page, "Annonce supprimée.")).toBeVisible();
  await expect(ad(page, "Gaspard Ollivier-Roy")).toHaveCount(0);
  await visitor.reload();
  await expect(visitor.getByText("Avec leurs racines.")).toHaveCount(0);
  await visitor.close();
});

test("a photo is removed after its question; a spam ad is refused with its reason, which the history keeps", async ({
  page,
  browser,
}) => {
  await postAdAs(browser, "Rose Fabre", "Je donne des pieds de rhubarbe rouge.", { photo: true });
  await postAdAs(browser, "Promo Express", "Gagnez de l'argent facilement, cliquez ici.");
  await openAdmin(page, "/admin/annonces", "Validation des petites annonces");
  const rose = ad(page, "Rose Fabre");
  await expect(rose.getByRole("img", { name: "Photo 1 de l'annonce de Rose Fabre" })).toBeVisible();
  await rose.getByRole("link", { name: "Modifier l'annonce de Rose Fabre" }).click();
  await rose.getByRole("button", { name: "Supprimer l’image 1 de l'annonce de Rose Fabre" }).click();
  const dialog = page.getByRole("dialog", { name: "Supprimer l’image" });
  await expect(dialog).toContainText("Êtes-vous sûr de vouloir supprimer cette image ?");
  await dialog.getByRole("button", { name: "Supprimer" }).click();
  await expect(popup(page, "Image supprimée.")).toBeVisible();
  await expect(rose.getByRole("img")).toHaveCount(0);
  await expect(rose).toContainText("Aucune photo.");
  // Done with it: removed, so that the demo's counts stay as the other tests know them.
  await rose.getByRole("button", { name: "Supprimer l'annonce de Rose Fabre" }).click();
  await page.getByRole("dialog", { name: "Supprimer l'annonce" }).getByRole("button", { name: "Supprimer" }).click();
  await expect(popup(page, "Annonce supprimée.")).toBeVisible();
  // The list shown again without it: opening « Refuser » before that would be undone by the new list.
  await expect(ad(page, "Rose Fabre")).toHaveCount(0);

  const spam = ad(page, "Promo Express");
  await spam.getByText("Refuser", { exact: true }).click();
  await spam.getByLabel("Raison du refus").fill("Publicité sans rapport avec le jardin");
  await spam.getByRole("button", { name: "Refuser et supprimer" }).click();
  await expect(popup(page, "Annonce refusée et supprimée.")).toBeVisible();
  await expect(ad(page, "Promo Express")).toHaveCount(0);

  await page.goto("/admin/historique?type=annonce.refus");
  await expect(historyEntries(page).first()).toContainText("Annonce refusée");
  await expect(historyEntries(page).first()).toContainText("Publicité sans rapport avec le jardin");
  await page.goto("/admin/historique?type=annonce.image-suppression");
  await expect(historyEntries(page).first()).toContainText("Photo d'annonce supprimée");
});

test("without JavaScript: Modifier opens the inline form, Mettre à jour saves, Valider publishes", async ({
  browser,
}) => {
  await postAdAs(browser, "Yvette Marchand", "Je donne des tuteurs en bambou.");
  const context = await visitorContext(browser, { javaScriptEnabled: false });
  const page = await context.newPage();
  await openAdmin(page, "/admin/annonces", "Validation des petites annonces");
  const card = ad(page, "Yvette Marchand");
  await card.getByRole("link", { name: "Modifier l'annonce d'Yvette Marchand" }).click();
  await card.getByLabel("Annonce", { exact: true }).fill("Je donne une vingtaine de tuteurs en bambou.");
  await card.getByRole("button", { name: "Mettre à jour" }).click();
  await expect(page.getByText("Annonce mise à jour.")).toBeVisible();
  await expect(card).toContainText("Je donne une vingtaine de tuteurs en bambou.");
  await card.getByRole("button", { name: "Valider l'annonce d'Yvette Marchand" }).click();
  await expect(page.getByText("Annonce validée : elle est maintenant visible sur le site.")).toBeVisible();
  await expect(card).toContainText("Validée");
  await card.getByLabel("Supprimer l'annonce d'Yvette Marchand").click();
  await expect(card.getByText("Êtes-vous sûr de vouloir supprimer cette annonce ?")).toBeVisible();
  await card.getByRole("button", { name: "Supprimer", exact: true }).click();
  await expect(page.getByText("Annonce supprimée.")).toBeVisible();
  await expect(ad(page, "Yvette Marchand")).toHaveCount(0);
  await context.close();
});

const frenchDate = (date: Date) =>
  new Intl.DateTimeFormat("fr-FR", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/Paris" }).format(
    date,
  );

/**
 * A site of its own, moved in from the old one with `npm run import`: its one ad was validated `validatedAt`, more
 * than six months ago, so it is expired from the start (the browser cannot make time pass on the shared site).
 */
async function siteMovedInWith(oldAd: Record<string, unknown>) {
  const exportDir = tempDataDir("potager-e2e-export-");
  const dataDir = tempDataDir("potager-e2e-expired-");
  fs.writeFileSync(path.join(exportDir, "annonces.json"), JSON.stringify([oldAd]));
  const imported = spawnSync("npm", ["run", "--silent", "import", "--", exportDir], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent" },
    timeout: 120_000,
  });
  expect(imported.status, imported.stderr).toBe(0);
  const server = await startServer({
    dataDir,
    env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password },
  });
  return {
    url: `http://localhost:${server.port}`,
    output: () => server.output(),
    async close() {
      await server.stop();
      for (const dir of [exportDir, dataDir]) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

test("an expired ad reads « Expirée » with the day it left the site; « Republier » puts it back, without JavaScript", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // About six months and three weeks ago, on a day every month has.
  const validatedAt = new Date(Date.now() - 200 * 86_400_000);
  validatedAt.setUTCDate(Math.min(validatedAt.getUTCDate(), 28));
  validatedAt.setUTCHours(12, 0, 0, 0);
  const leftOn = new Date(validatedAt);
  leftOn.setUTCMonth(leftOn.getUTCMonth() + 6);
  const text = "Je donne une douzaine de pots en terre cuite.";
  const site = await siteMovedInWith({
    nom: "Odette Marchal",
    telephone: "06 12 34 56 78",
    type: "donne",
    contenu: text,
    statut: "validé",
    created_at: validatedAt.toISOString(),
  });
  try {
    const visitor = await (await visitorContext(browser, { baseURL: site.url, javaScriptEnabled: false })).newPage();
    await visitor.goto("/annonces");
    await expect(visitor.getByText("Aucune annonce pour le moment.")).toBeVisible();

    // Seen on a phone, with the page's scripts: the state in words, no accessibility violation, no sideways scrolling.
    const phone = await (
      await visitorContext(browser, { baseURL: site.url, viewport: { width: 390, height: 900 } })
    ).newPage();
    await openAdmin(phone, "/admin/annonces", "Validation des petites annonces");
    await expect(phone.getByText("1 annonce, dont 0 en attente de validation et 1 expirée.")).toBeVisible();
    await expect(ad(phone, "Odette Marchal")).toContainText(`Expirée — retirée du site le ${frenchDate(leftOn)}`);
    await expect(ad(phone, "Odette Marchal").getByText("Validée")).toHaveCount(0);
    expect(await axeViolations(phone)).toEqual([]);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.context().close();

    // « Republier » without JavaScript: a plain form.
    const context = await visitorContext(browser, { baseURL: site.url, javaScriptEnabled: false });
    const page = await context.newPage();
    await openAdmin(page, "/admin/annonces", "Validation des petites annonces");
    const card = ad(page, "Odette Marchal");
    await expect(card).toContainText("Expirée — retirée du site le");
    await card.getByRole("button", { name: "Republier l'annonce d'Odette Marchal" }).click();
    await expect(page.getByText("Annonce republiée : elle est de nouveau visible sur le site.")).toBeVisible();
    await expect(card.getByText("Validée", { exact: true })).toBeVisible();
    await expect(card).toContainText("en ligne jusqu'au");
    await expect(card.getByRole("button", { name: /Republier/ })).toHaveCount(0);
    await expect(page.getByText(/expirée\./)).toHaveCount(0);

    // Public again at once: the page kept for visitors is not served any more.
    await visitor.reload();
    await expect(visitor.getByText(text)).toBeVisible();
    await page.goto("/admin/historique?type=annonce.republication");
    await expect(historyEntries(page).first()).toContainText("Annonce republiée — annonce n° 1");
    await context.close();
    await visitor.context().close();
  } catch (error) {
    // What the site's own server logged, for a failure seen only on a loaded machine.
    console.error(site.output());
    throw error;
  } finally {
    await site.close();
  }
});
