import type { Browser, Page } from "@playwright/test";
import { openAdmin } from "./admin";
import { expect, test, visitorContext } from "./fixtures";
import { signInToMyGarden } from "./garden";
import { lastMailTo, mailsTo } from "./visitors";

// « Mes coordonnées » in Mon jardin: a gardener the bureau adds changes their phone and their address, and the bureau
// sees it on their record.

/** Adds a current gardener with an address through the bureau's screen: their record's path. */
async function addGardener(page: Page, familyName: string, email: string) {
  await page.goto("/admin/jardiniers");
  const add = page.getByRole("region", { name: "Ajouter un jardinier" });
  await add.getByLabel("Nom de famille").fill(familyName);
  await add.getByLabel("Prénom(s)").fill("Odile");
  await add.getByLabel("Adresse e-mail").fill(email);
  await add.getByLabel("Arrivé au jardin le").fill("2021-04-01");
  await add.getByRole("button", { name: "Ajouter le jardinier" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Odile ${familyName}` })).toBeVisible();
  return new URL(page.url()).pathname;
}

/** A gardener's own browser, with JavaScript or without, signed in to Mon jardin and on « Mes coordonnées ». */
async function gardenerPage(browser: Browser, email: string, javaScriptEnabled: boolean) {
  const context = await visitorContext(browser, { javaScriptEnabled });
  const page = await context.newPage();
  await signInToMyGarden(page, email);
  await page.goto("/mon-jardin/coordonnees");
  await expect(page.getByRole("heading", { level: 1, name: "Mes coordonnées" })).toBeVisible();
  return { context, page };
}

/** A wrong number is refused by its field, what was typed kept; a right one is saved. */
async function changePhone(page: Page) {
  const details = page.getByRole("region", { name: "Téléphones, adresse et e-mails reçus" });
  await details.getByLabel("Téléphone portable").fill("06 12");
  await details.getByLabel("Adresse postale").fill("3 rue des Lilas\n69100 Villeurbanne");
  await details.getByRole("button", { name: "Enregistrer mes coordonnées" }).click();
  await expect(details.getByText("Format de téléphone invalide (ex: 0612345678)").first()).toBeVisible();
  await expect(details.getByLabel("Téléphone portable")).toHaveValue("06 12");
  await expect(details.getByLabel("Adresse postale")).toHaveValue("3 rue des Lilas\n69100 Villeurbanne");
  await details.getByLabel("Téléphone portable").fill("06 12 34 56 78");
  await details.getByRole("button", { name: "Enregistrer mes coordonnées" }).click();
  await expect(details.getByText("Vos coordonnées ont été enregistrées.")).toBeVisible();
  await page.goto("/mon-jardin/coordonnees");
  await expect(details.getByLabel("Téléphone portable")).toHaveValue("06 12 34 56 78");
}

test("with JavaScript: the phone and the address change, the address by its link, and the bureau sees both", async ({
  page,
  browser,
}) => {
  // An administrator and a gardener, each signing in, and e-mails read from the files: slow on a busy machine.
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const email = `odile.${stamp}@example.fr`;
  const newEmail = `odile.nouvelle.${stamp}@example.fr`;
  await openAdmin(page, "/admin", "Tableau de bord");
  const recordPath = await addGardener(page, `Perrin ${stamp}`, email);

  const gardener = await gardenerPage(browser, email, true);
  await changePhone(gardener.page);
  // Subscribed to the newsletter from here: it follows the change of address below.
  const details = gardener.page.getByRole("region", { name: "Téléphones, adresse et e-mails reçus" });
  await details.getByLabel("Recevoir la lettre d'information de l'association").check();
  await details.getByRole("button", { name: "Enregistrer mes coordonnées" }).click();
  await expect(details.getByText("Vos coordonnées ont été enregistrées.")).toBeVisible();

  const address = gardener.page.getByRole("region", { name: "Mon adresse e-mail" });
  await address.getByLabel("Nouvelle adresse e-mail").fill(newEmail);
  await address.getByRole("button", { name: "Changer d'adresse" }).click();
  await expect(
    address.getByText(
      `Un lien de confirmation a été envoyé à ${newEmail} : l'adresse changera quand vous l'aurez ouvert.`,
    ),
  ).toBeVisible();
  const mail = await lastMailTo(newEmail, /\/mon-jardin\/adresse\//);
  // The notice to the old address leaves the outbox after the link, or before it.
  await expect.poll(() => mailsTo(email, /Un changement de l'adresse e-mail de votre espace/)).toHaveLength(1);
  // Not changed before the link is used.
  await gardener.page.goto("/mon-jardin/coordonnees");
  await expect(address.getByText(`Adresse actuelle : ${email}`)).toBeVisible();

  await gardener.page.goto(/\/mon-jardin\/adresse\/[\w-]+/.exec(mail)![0]);
  await gardener.page.getByRole("button", { name: "Confirmer cette adresse" }).click();
  await expect(
    gardener.page.getByText(
      `Votre adresse e-mail est maintenant ${newEmail}. La lettre d'information vous y sera envoyée.`,
    ),
  ).toBeVisible();
  await gardener.page.getByRole("link", { name: "Aller à Mon jardin" }).click();
  await expect(gardener.page.getByText("Connecté(e) :")).toBeVisible();
  await gardener.page.goto("/mon-jardin/coordonnees");
  await expect(details.getByLabel("Recevoir la lettre d'information de l'association")).toBeChecked();
  await gardener.context.close();

  // The bureau: the new address and phone on the record, and what was changed from Mon jardin.
  await page.goto(recordPath);
  const record = page.getByRole("region", { name: "Fiche" });
  await expect(record.getByLabel("Adresse e-mail")).toHaveValue(newEmail);
  await expect(record.getByLabel("Téléphone portable")).toHaveValue("06 12 34 56 78");
  const changes = page.getByRole("region", { name: "Modifications faites dans Mon jardin" });
  await expect(changes.getByRole("listitem")).toHaveCount(3);
  await expect(changes.getByRole("listitem").first()).toContainText("Adresse e-mail changée depuis Mon jardin");
  await expect(changes.getByRole("listitem").nth(1)).toContainText("Lettre d'information réglée depuis Mon jardin");
  await expect(changes.getByRole("listitem").nth(2)).toContainText(
    "Coordonnées modifiées depuis Mon jardin : téléphone portable, adresse postale",
  );
});

test("without JavaScript: the phone refused then saved, and the information letters turned off", async ({
  page,
  browser,
}) => {
  // An administrator and a gardener, each signing in, and e-mails read from the files: slow on a busy machine.
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const email = `odile.sans-js.${stamp}@example.fr`;
  await openAdmin(page, "/admin", "Tableau de bord");
  const recordPath = await addGardener(page, `Sansjs ${stamp}`, email);

  const gardener = await gardenerPage(browser, email, false);
  await changePhone(gardener.page);
  const details = gardener.page.getByRole("region", { name: "Téléphones, adresse et e-mails reçus" });
  await details.getByLabel("Recevoir les e-mails d'information aux jardiniers").uncheck();
  await details.getByRole("button", { name: "Enregistrer mes coordonnées" }).click();
  await expect(details.getByText("Vos coordonnées ont été enregistrées.")).toBeVisible();
  await expect(details.getByLabel("Recevoir les e-mails d'information aux jardiniers")).not.toBeChecked();
  await gardener.context.close();

  await page.goto(recordPath);
  await expect(
    page.getByText(/Ne reçoit plus les lettres d'information aux jardiniers depuis le .* \(depuis Mon jardin\)/),
  ).toBeVisible();
  const changes = page.getByRole("region", { name: "Modifications faites dans Mon jardin" });
  await expect(changes.getByRole("listitem").first()).toContainText(
    "E-mails d'information aux jardiniers réglés depuis Mon jardin",
  );
});
