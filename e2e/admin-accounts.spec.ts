import type { Browser, Page } from "@playwright/test";
import { generate } from "otplib";
import { historyEntries, openAdmin, popup } from "./admin";
import { ADMIN, expect, test, visitorContext } from "./fixtures";

const NEW_PASSWORD = "capucines-et-courges-au-potager-1907";
const CHANGED_PASSWORD = "rhubarbe-sous-la-pergola-des-Brosses";

async function signIn(page: Page, username: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Identifiant").fill(username);
  await page.getByLabel("Mot de passe").fill(password);
  await page.getByRole("button", { name: "Se connecter" }).click();
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Déconnexion" }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** An administrator invites `username` with `role`; the invited person opens the link in a browser of their own. */
async function invite(page: Page, browser: Browser, username: string, role = "Administrateur") {
  await openAdmin(page, "/admin/comptes", "Comptes");
  const admins = page.getByRole("region", { name: "Comptes de l'équipe" });
  await admins.getByLabel("Identifiant").fill(username);
  await admins.getByRole("radio", { name: new RegExp(`^${role}`) }).check();
  await admins.getByRole("button", { name: "Créer l'invitation" }).click();
  await expect(popup(page, "Invitation créée : transmettez le lien ci-dessous.")).toBeVisible();
  const link = await page.getByTestId("invitation-link").innerText();
  expect(link).toMatch(/\/invitation\/[\w-]{40,}$/);
  await expect(admins).toContainText(`${username} (${role}) — lien valable jusqu'au`);
  const context = await visitorContext(browser);
  return { link: new URL(link).pathname, invited: await context.newPage() };
}

test("an invitation, a password changed, a second factor enrolled and used, a recovery code once; reset and removal by another admin", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { link, invited } = await invite(page, browser, "josiane");

  // The invited person chooses a password: a weak one is refused and says why.
  const opened = await invited.goto(link);
  expect(opened?.headers()["cache-control"]).toBe("private, no-store");
  await expect(
    invited.getByText(
      /Vous êtes invité à rejoindre l'équipe qui gère le site, avec l'identifiant josiane et le rôle Administrateur/,
    ),
  ).toBeVisible();
  await invited.getByLabel("Mot de passe", { exact: true }).fill("azertyuiop12");
  await invited.getByLabel("Mot de passe, une seconde fois").fill("azertyuiop12");
  await invited.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(invited.getByText(/Ce mot de passe est trop facile à deviner\. .*clavier/)).toBeVisible();
  await invited.getByLabel("Mot de passe", { exact: true }).fill(NEW_PASSWORD);
  await invited.getByLabel("Mot de passe, une seconde fois").fill(NEW_PASSWORD);
  await invited.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(invited).toHaveURL(/\/login\?compte-pret$/);
  await expect(
    invited.getByText("Votre compte est prêt : connectez-vous avec votre identifiant et votre mot de passe."),
  ).toBeVisible();
  await invited.goto(link);
  await expect(invited.getByText(/Ce lien d'invitation n'est plus valable/)).toBeVisible();

  // Signed in twice; changing the password ends the other session.
  await signIn(invited, "josiane", NEW_PASSWORD);
  await expect(invited.getByRole("heading", { name: "Tableau de bord" })).toBeVisible();
  const elsewhere = await (await visitorContext(browser)).newPage();
  await signIn(elsewhere, "josiane", NEW_PASSWORD);
  await expect(elsewhere.getByRole("heading", { name: "Tableau de bord" })).toBeVisible();
  await invited.goto("/admin/comptes");
  const passwordForm = invited.getByRole("region", { name: "Changer mon mot de passe" });
  await passwordForm.getByLabel("Mot de passe actuel").fill("pas-le-bon-mot-de-passe");
  await passwordForm.getByLabel("Nouveau mot de passe", { exact: true }).fill(CHANGED_PASSWORD);
  await passwordForm.getByLabel("Nouveau mot de passe, une seconde fois").fill(CHANGED_PASSWORD);
  await passwordForm.getByRole("button", { name: "Changer le mot de passe" }).click();
  await expect(passwordForm.getByText("Mot de passe actuel incorrect.")).toBeVisible();
  await passwordForm.getByLabel("Mot de passe actuel").fill(NEW_PASSWORD);
  await passwordForm.getByLabel("Nouveau mot de passe", { exact: true }).fill(CHANGED_PASSWORD);
  await passwordForm.getByLabel("Nouveau mot de passe, une seconde fois").fill(CHANGED_PASSWORD);
  await passwordForm.getByRole("button", { name: "Changer le mot de passe" }).click();
  await expect(popup(invited, "Mot de passe changé. Vos autres sessions ont été fermées.")).toBeVisible();
  await elsewhere.goto("/admin");
  await expect(elsewhere).toHaveURL(/\/login$/);

  // Second factor: QR code and secret, one code to confirm, ten recovery codes shown once.
  const twoFactor = invited.getByRole("region", { name: "Double authentification" });
  await twoFactor.getByRole("button", { name: "Activer la double authentification" }).click();
  const qr = twoFactor.getByRole("img", { name: "Code QR à scanner" });
  await expect(qr).toHaveAttribute("src", /^data:image\/svg\+xml;base64,/);
  expect(await qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  const secret = (await invited.getByTestId("totp-secret").innerText()).replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await twoFactor.getByLabel("Code affiché par l'application").fill("000000");
  await twoFactor.getByRole("button", { name: "Confirmer et activer" }).click();
  await expect(twoFactor.getByText(/Code de vérification incorrect/)).toBeVisible();
  // The code that confirms the enrolment is kept: it must not open a sign-in later.
  const enrolmentCode = await generate({ secret });
  await twoFactor.getByLabel("Code affiché par l'application").fill(enrolmentCode);
  await twoFactor.getByRole("button", { name: "Confirmer et activer" }).click();
  await expect(popup(invited, "Double authentification activée.")).toBeVisible();
  const codes = await invited.getByRole("list", { name: "Codes de secours" }).getByRole("listitem").allInnerTexts();
  expect(codes).toHaveLength(10);
  await invited.reload();
  await expect(invited.getByRole("list", { name: "Codes de secours" })).toHaveCount(0);
  await expect(twoFactor).toContainText("Activée.");
  await signOut(invited);

  // The sign-in now asks for a code: a wrong one is refused, the app's one accepted.
  await signIn(invited, "josiane", CHANGED_PASSWORD);
  await invited.getByLabel("Code de vérification").fill("123456");
  await invited.getByRole("button", { name: "Valider le code" }).click();
  await expect(invited.getByRole("alert")).toHaveText("Code de vérification incorrect.");
  await invited.goto("/admin");
  await expect(invited).toHaveURL(/\/login$/);
  // The code that confirmed the enrolment is used up; the app's next one is accepted.
  await invited.getByLabel("Code de vérification").fill(enrolmentCode);
  await invited.getByRole("button", { name: "Valider le code" }).click();
  await expect(invited.getByRole("alert")).toHaveText("Code de vérification incorrect.");
  await invited
    .getByLabel("Code de vérification")
    .fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await invited.getByRole("button", { name: "Valider le code" }).click();
  await expect(invited.getByRole("heading", { name: "Tableau de bord" })).toBeVisible();
  await signOut(invited);

  // A recovery code works once.
  for (const expected of ["accepted", "refused"]) {
    await signIn(invited, "josiane", CHANGED_PASSWORD);
    await invited.getByLabel("Code de vérification").fill(codes[3].toUpperCase());
    await invited.getByRole("button", { name: "Valider le code" }).click();
    if (expected === "accepted") {
      await expect(invited.getByRole("heading", { name: "Tableau de bord" })).toBeVisible();
      await signOut(invited);
    } else {
      await expect(invited.getByRole("alert")).toHaveText("Code de vérification incorrect.");
      await invited.getByRole("button", { name: "Recommencer avec un autre identifiant" }).click();
      // The sign-in form is back once the server has forgotten the password step: only then go on.
      await expect(invited.getByLabel("Identifiant")).toBeVisible();
    }
  }
  await signIn(invited, "josiane", CHANGED_PASSWORD);
  await invited.getByLabel("Code de vérification").fill(codes[5]);
  await invited.getByRole("button", { name: "Valider le code" }).click();
  await expect(invited.getByRole("heading", { name: "Tableau de bord" })).toBeVisible();

  // Another administrator resets the second factor (her session ends), then removes the account.
  await page.reload();
  const admins = page.getByRole("region", { name: "Comptes de l'équipe" });
  const josiane = admins.getByRole("listitem").filter({ hasText: "josiane" });
  await expect(josiane).toContainText("double authentification activée");
  await josiane.getByRole("button", { name: "Réinitialiser la double authentification de josiane" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Réinitialiser" }).click();
  await expect(popup(page, "Double authentification de « josiane » réinitialisée.")).toBeVisible();
  await expect(josiane).toContainText("double authentification désactivée");
  await invited.goto("/admin");
  await expect(invited).toHaveURL(/\/login$/);
  await josiane.getByRole("button", { name: "Supprimer le compte josiane" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Supprimer" }).click();
  await expect(popup(page, "Compte « josiane » supprimé ; ses sessions sont fermées.")).toBeVisible();
  await expect(admins.getByRole("listitem").filter({ hasText: "josiane" })).toHaveCount(0);
  // The last administrator cannot be removed: no button for oneself.
  await expect(admins.getByRole("button", { name: `Supprimer le compte ${ADMIN.username}` })).toHaveCount(0);

  // The history tells the whole story, newest first.
  await page.goto("/admin/historique?personne=josiane");
  await expect(historyEntries(page)).toHaveText([
    /Connexion/,
    /Code de secours utilisé[\s\S]*8 code\(s\) de secours restant\(s\)/,
    /Connexion refusée[\s\S]*code de vérification incorrect/,
    /Déconnexion/,
    /Connexion/,
    /Code de secours utilisé[\s\S]*9 code\(s\) de secours restant\(s\)/,
    /Déconnexion/,
    /Connexion/,
    /Connexion refusée[\s\S]*code de vérification incorrect/,
    /Connexion refusée[\s\S]*code de vérification incorrect/,
    /Déconnexion/,
    /Double authentification activée/,
    /Mot de passe changé/,
    /Connexion/,
    /Connexion/,
    /Compte créé[\s\S]*Administrateur/,
  ]);
  await page.goto(`/admin/historique?personne=${encodeURIComponent(ADMIN.username)}&type=compte.suppression`);
  await expect(historyEntries(page).first()).toContainText("Compte supprimé — compte « josiane »");
});

test("roles: a treasurer invited opens the money and is refused the rest; an administrator makes them a writer", async ({
  page,
  browser,
}) => {
  const { link, invited } = await invite(page, browser, "bernard", "Trésorier");

  // A referent needs a site: the form says so before anything is sent.
  await page.goto("/admin/comptes");
  const team = page.getByRole("region", { name: "Comptes de l'équipe" });
  await team.getByLabel("Identifiant").fill("odile");
  await team.getByRole("radio", { name: /^Référent de jardin/ }).check();
  await expect(team.getByRole("group", { name: "Jardins confiés au référent" })).toBeVisible();
  await team.getByRole("button", { name: "Créer l'invitation" }).click();
  await expect(team.getByText("Choisissez au moins un jardin pour un référent.")).toBeVisible();

  await invited.goto(link);
  await expect(invited.getByText(/et le rôle Trésorier : les cotisations, les paiements/)).toBeVisible();
  await invited.getByLabel("Mot de passe", { exact: true }).fill(NEW_PASSWORD);
  await invited.getByLabel("Mot de passe, une seconde fois").fill(NEW_PASSWORD);
  await invited.getByRole("button", { name: "Créer mon compte" }).click();
  // Signing in before the account is made would cancel its creation (the page's navigation).
  await expect(invited).toHaveURL(/\/login\?compte-pret$/);
  await signIn(invited, "bernard", NEW_PASSWORD);
  const menu = invited.getByRole("navigation", { name: "Administration" });
  await expect(menu.getByRole("link")).toHaveText([
    "Tableau de bord",
    "Jardiniers",
    "Cotisations",
    "Trésorerie",
    "Comptes",
  ]);
  await menu.getByRole("link", { name: "Cotisations" }).click();
  await expect(invited.getByRole("heading", { level: 1 })).toBeVisible();
  await invited.goto("/admin/settings");
  await expect(invited.getByRole("heading", { name: "Accès refusé" })).toBeVisible();
  await expect(
    invited.getByText("Votre rôle (Trésorier) ne donne pas accès à cette page.", { exact: false }),
  ).toBeVisible();
  await invited.goto("/admin/comptes");
  await expect(invited.getByText("Connecté en tant que bernard, avec le rôle Trésorier.")).toBeVisible();
  await expect(invited.getByRole("region", { name: "Comptes de l'équipe" })).toHaveCount(0);

  // The administrator makes the treasurer a writer: the next page shows the blog, not the fees.
  await page.goto("/admin/comptes");
  const bernard = team.getByRole("listitem").filter({ hasText: "bernard" });
  await expect(bernard).toContainText("Trésorier");
  await bernard.getByText("Changer le rôle", { exact: true }).click();
  await bernard.getByRole("radio", { name: /^Rédacteur/ }).check();
  await bernard.getByRole("button", { name: "Enregistrer le rôle" }).click();
  await expect(popup(page, "« bernard » a maintenant le rôle Rédacteur.")).toBeVisible();
  await invited.goto("/admin");
  // The writer moderates the ads: the menu counts those waiting, as it does for an administrator.
  await expect(menu.getByRole("link")).toHaveText([
    "Tableau de bord",
    "Blog",
    "Événements",
    /^Annonces/,
    "Lettre d'information",
    "Comptes",
  ]);
  await invited.goto("/admin/cotisations");
  await expect(invited.getByRole("heading", { name: "Accès refusé" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a referent invited without a site is refused on the server, with the role, the name and the message kept", async ({
    page,
  }) => {
    await openAdmin(page, "/admin/comptes", "Comptes");
    const team = page.getByRole("region", { name: "Comptes de l'équipe" });
    await team.getByLabel("Identifiant").fill("gaston");
    await team.getByRole("radio", { name: /^Référent de jardin/ }).check();
    await team.getByRole("button", { name: "Créer l'invitation" }).click();
    await expect(team.getByText("Choisissez au moins un jardin pour un référent.")).toBeVisible();
    await expect(team.getByLabel("Identifiant")).toHaveValue("gaston");
    await expect(team.getByRole("radio", { name: /^Référent de jardin/ })).toBeChecked();
    await team.getByRole("checkbox", { name: "Jardin des Brosses" }).check();
    await team.getByRole("button", { name: "Créer l'invitation" }).click();
    await expect(team).toContainText("gaston (Référent de jardin) — lien valable jusqu'au");
  });
});
