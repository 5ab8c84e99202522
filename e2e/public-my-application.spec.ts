import { openAdmin } from "./admin";
import { expect, test, visitorContext } from "./fixtures";
import { applyAs, lastMailTo } from "./visitors";

test("the applicant's own page: status and place in the town's list, contact corrected, withdrawn; a wrong link is a 404", async ({
  browser,
}) => {
  await applyAs(browser, "Inès Garnier", "ines.garnier@example.fr");
  const mail = await lastMailTo("ines.garnier@example.fr", /ouvrez ce lien personnel/);
  const link = /(\/ma-demande\/[\w-]{43})/.exec(mail)![1];

  const context = await visitorContext(browser, { javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto(link);
  expect(response?.headers()["cache-control"]).toBe("private, no-store");
  expect(response?.headers()["referrer-policy"]).toBe("same-origin");
  await expect(page.getByRole("heading", { level: 1, name: "Ma demande de jardin" })).toBeVisible();
  await expect(page.getByText("Reçue : elle attend d'être étudiée par les bénévoles de l'association.")).toBeVisible();
  await expect(page.getByText(/^\d+(re|e) sur \d+ demandes? en cours pour Villeurbanne\.$/)).toBeVisible();
  // Nothing else about the person than how to reach them.
  await expect(page.getByText("Inès Garnier")).toHaveCount(0);

  await page.getByLabel("Téléphone portable").fill("06 12");
  await page.getByRole("button", { name: "Enregistrer mes coordonnées" }).click();
  await expect(page.getByText("Format de téléphone invalide (ex: 0612345678)").first()).toBeVisible();
  await expect(page.getByLabel("Téléphone portable")).toHaveValue("06 12");
  await page.getByLabel("Téléphone portable").fill("07 44 55 66 77");
  await page.getByRole("button", { name: "Enregistrer mes coordonnées" }).click();
  await expect(page.getByText("Vos coordonnées sont enregistrées.")).toBeVisible();
  await expect(page.getByLabel("Téléphone portable")).toHaveValue("07 44 55 66 77");

  // The section's title, then its button (a disclosure without JavaScript).
  await page.getByText("Retirer ma demande", { exact: true }).nth(1).click();
  await page.getByRole("button", { name: "Retirer", exact: true }).click();
  await expect(
    page.getByText("Votre demande est retirée. L'association en est informée. Ce lien personnel ne sert plus."),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Enregistrer mes coordonnées" })).toHaveCount(0);
  await lastMailTo("contact@jardins-villeurbanne.fr", /Inès Garnier a retiré sa demande de jardin/);
  // The link in the acknowledgement stops working: nothing of the closed application shows any more.
  const closed = await page.goto(link);
  expect(closed?.status()).toBe(404);
  await expect(page.getByText(/^Ce lien ne correspond à aucune demande de jardin en cours/)).toBeVisible();
  await expect(page.getByText("07 44 55 66 77")).toHaveCount(0);

  const wrong = await page.goto("/ma-demande/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ");
  expect(wrong?.status()).toBe(404);
  await expect(page.getByText(/^Ce lien ne correspond à aucune demande de jardin/)).toBeVisible();
  await context.close();

  // The association sees it archived, with the phone corrected.
  const admin = await (await visitorContext(browser)).newPage();
  await openAdmin(admin, "/admin/applications", "Demandes de jardin");
  const archived = admin
    .getByRole("region", { name: "Demandes archivées" })
    .getByRole("article", { name: "Inès Garnier" });
  await expect(archived).toContainText("07 44 55 66 77");
});
