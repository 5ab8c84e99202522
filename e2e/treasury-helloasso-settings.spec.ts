import { openAdmin, popup } from "./admin";
import { expect, SITE, test, visitorContext } from "./fixtures";

// « Paiement en ligne (HelloAsso) » on Trésorerie › Paramètres: filled in on a wide screen with JavaScript, the state
// turns active and the secret never comes back into the page; on a phone without JavaScript, the secret is removed and
// online payment is off again, as the main site's other tests expect it. « Tester la connexion » is tested with the
// fake HelloAsso elsewhere: here no request may leave for HelloAsso.

const SECRET = "e2e-Cl13nt-s3cr3t-0123456789abcdef";

test("the treasurer sets up HelloAsso: active, the secret kept but never shown; then removes it without JavaScript", async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openAdmin(page, "/admin/tresorerie/parametres", "Comptes et catégories");
  const section = page.getByRole("region", { name: "Paiement en ligne (HelloAsso)" });
  await expect(section.getByTestId("helloasso-state")).toContainText("Paiement en ligne : inactif");
  await expect(section.getByTestId("helloasso-notification-url")).toHaveText(`${SITE}/api/helloasso/notification`);

  // A slug HelloAsso would not have: the form says so before anything is sent.
  await section.getByRole("radio", { name: "Bac à sable (essais)" }).check();
  await section.getByLabel("Identifiant de l'organisation (slug)").fill("Jardins familiaux !");
  await section.getByLabel("Client ID").fill("e2e-client-id");
  await section.getByLabel("Client secret").fill(SECRET);
  await section.getByRole("button", { name: "Enregistrer les réglages HelloAsso" }).click();
  await expect(section.getByLabel("Identifiant de l'organisation (slug)")).toHaveAccessibleDescription(
    /en minuscules, chiffres et tirets/,
  );

  await section.getByLabel("Identifiant de l'organisation (slug)").fill("jardins-familiaux-de-rillieux");
  await section.getByRole("button", { name: "Enregistrer les réglages HelloAsso" }).click();
  await expect(popup(page, "Réglages HelloAsso enregistrés.")).toBeVisible();
  await expect(section.getByTestId("helloasso-state")).toContainText("Paiement en ligne : actif (bac à sable)");
  const secretField = section.getByLabel("Client secret");
  await expect(secretField).toHaveValue("");
  await expect(secretField).toHaveAccessibleDescription("Un secret est enregistré ; laissez vide pour le garder.");
  await expect(section.getByLabel("Client ID")).toHaveValue("e2e-client-id");
  expect(await page.content()).not.toContain(SECRET);

  // Opened afresh, the page is the same: the secret is kept, and not in it.
  const reloaded = await page.request.get("/admin/tresorerie/parametres");
  expect(await reloaded.text()).not.toContain(SECRET);
  await page.reload();
  await expect(section.getByTestId("helloasso-state")).toContainText("Paiement en ligne : actif (bac à sable)");
  await expect(section.getByLabel("Client secret")).toHaveValue("");

  // On a phone without JavaScript, the box removes the secret and turns online payment off.
  const phone = await visitorContext(browser, { javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const mobile = await phone.newPage();
  await openAdmin(mobile, "/admin/tresorerie/parametres", "Comptes et catégories");
  const part = mobile.getByRole("region", { name: "Paiement en ligne (HelloAsso)" });
  await part.getByRole("checkbox", { name: "Retirer le secret (désactive le paiement en ligne)" }).check();
  await part.getByRole("button", { name: "Enregistrer les réglages HelloAsso" }).click();
  await expect(part.getByTestId("helloasso-state")).toContainText(
    "Paiement en ligne : inactif : Client secret manquant",
  );
  await expect(part.getByRole("checkbox", { name: /Retirer le secret/ })).toHaveCount(0);
  await expect(part.getByLabel("Client secret")).toHaveAccessibleDescription(
    "Donné avec le Client ID ; gardé chiffré, il n'est jamais réaffiché.",
  );
  await phone.close();
});
