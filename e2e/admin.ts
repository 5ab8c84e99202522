import type { Cookie, Page } from "@playwright/test";
import { SITE, expect, loginAsAdmin } from "./fixtures";

const SESSION_COOKIE = "__Host-session";
/** The administrator's session on this worker's main site, opened through the sign-in form by an earlier test. */
let workerSession: Cookie[] | undefined;

/**
 * Opens an admin screen as the administrator, once its heading shows; on the test's own page, its rich-text editors too
 * (fixtures.ts, `page`), but not on a page of another browser the test opened. The sign-in form (whose own
 * tests are in auth.spec.ts) is filled once per worker: its session is then handed to each new browser, as a returning
 * administrator's browser keeps it, which spares every test two page loads and a password hash. A browser signed in
 * already keeps its own session; one that an earlier test ended (signing out) brings the form back.
 */
export async function openAdmin(page: Page, path: string, heading: string | RegExp) {
  const context = page.context();
  const ownSession = (await context.cookies(SITE)).some((cookie) => cookie.name === SESSION_COOKIE);
  if (!ownSession && workerSession) await context.addCookies(workerSession);
  let opened = false;
  if (ownSession || workerSession) {
    await page.goto(path);
    opened = new URL(page.url()).pathname !== "/login";
  }
  if (!opened) {
    await loginAsAdmin(page);
    // Only the worker's main site's session is handed on: a test's own site (another port of the same host, whose
    // cookies the browser does not tell apart) would leave the next tests a session of a site that is gone.
    if (new URL(page.url()).origin === new URL(SITE).origin)
      workerSession = (await context.cookies(SITE)).filter((cookie) => cookie.name === SESSION_COOKIE);
    await page.goto(path);
  }
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
}

/** A new gardener added by the administrator (a given name, a family name of the test's own); the record's address. */
export async function newGardener(page: Page, given: string, family: string) {
  await page.goto("/admin/jardiniers");
  const add = page.getByRole("region", { name: "Ajouter un jardinier" });
  await add.getByLabel("Nom de famille").fill(family);
  await add.getByLabel("Prénom(s)").fill(given);
  await add.getByLabel("Arrivé au jardin le").fill("2021-03-01");
  await add.getByRole("button", { name: "Ajouter le jardinier" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `${given} ${family}` })).toBeVisible();
  return new URL(page.url()).pathname;
}

/** Records a payment on the gardener's record open in `page`, and waits for its notice. */
export async function recordPaymentOnRecord(
  page: Page,
  payment: { kind: string; amount: string; means: string; chequeNumber?: string },
) {
  const payments = page.getByRole("region", { name: "Cotisations et paiements" });
  await payments.getByRole("combobox", { name: "Paiement", exact: true }).selectOption(payment.kind);
  await payments.getByLabel("Montant (€)").fill(payment.amount);
  await payments.getByRole("combobox", { name: "Moyen de paiement" }).selectOption(payment.means);
  if (payment.chequeNumber) await payments.getByLabel("N° du chèque").fill(payment.chequeNumber);
  await payments.getByRole("button", { name: "Enregistrer le paiement" }).click();
  await expect(popup(page, new RegExp(`^Paiement enregistré : ${payment.amount},00\\s€\\.`))).toBeVisible();
  return payments;
}

/** The rich-text editor once it has replaced its plain textarea. */
export async function editor(page: Page, label = "Contenu") {
  const box = page.getByRole("textbox", { name: label });
  await expect(box).toHaveAttribute("contenteditable", "true");
  return box;
}

/** The popup that says how a save went. */
export function popup(page: Page, message: string | RegExp) {
  return page.getByRole("status").filter({ hasText: message });
}

/** Closes the save popup with « Fermer ». */
export async function closePopup(page: Page) {
  const close = page.getByRole("button", { name: "Fermer" });
  await close.click();
  await expect(close).toBeHidden();
}

/** The items of a published list, by their title links, in the order shown (not the links beside them). */
export async function listedTitles(page: Page, region: string) {
  return page
    .getByRole("region", { name: region })
    .getByRole("listitem")
    .getByRole("link")
    .filter({ hasNotText: /^(Modifier|Inscriptions|Envoyer aux abonnés)$/ })
    .allInnerTexts();
}

/** Deletes an item of a published list through its confirmation dialog. */
export async function deleteListed(page: Page, title: string, done: string) {
  await page.getByRole("button", { name: `Supprimer « ${title} »` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Supprimer" }).click();
  await expect(popup(page, done)).toBeVisible();
  await expect(page.getByRole("link", { name: title, exact: true })).toHaveCount(0);
}

/** The count a menu badge gives; 0 when there is no badge. */
export async function badge(page: Page, entry: string) {
  const text = await page
    .getByRole("navigation", { name: "Administration" })
    .getByRole("link", { name: new RegExp(`^${entry}`) })
    .innerText();
  return Number(/(\d+)/.exec(text.replace(entry, ""))?.[1] ?? 0);
}

/** The entries of the 'Historique' page, newest first. */
export function historyEntries(page: Page) {
  return page.getByRole("region", { name: /entrée/ }).getByRole("listitem");
}

/**
 * Holds back the page's data read again after an action (React Router's `.data` GETs) until `release`, which lets it go
 * and waits for the navigation to end (React Router's own router, which the framework puts on the window).
 */
export async function holdPageData(page: Page) {
  let letGo!: () => void;
  const held = new Promise<void>((resolve) => (letGo = resolve));
  await page.route(/\.data(\?|$)/, async (route) => {
    if (route.request().method() === "GET") await held;
    await route.fallback();
  });
  return {
    async release() {
      letGo();
      await page.unrouteAll();
      await page.waitForFunction(
        () =>
          (Reflect.get(window, "__reactRouterDataRouter") as { state: { navigation: { state: string } } }).state
            .navigation.state === "idle",
      );
    },
  };
}
