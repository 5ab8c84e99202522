import type { Page } from "@playwright/test";
import { expect } from "./fixtures";
import { mailsTo } from "./visitors";

/** The sign-in links of « Mon jardin » e-mailed to `email` so far, oldest first (their path on the site). */
async function signInLinks(email: string) {
  return (await mailsTo(email, /\/mon-jardin\/connexion\//)).map(
    (text) => /\/mon-jardin\/connexion\/[\w-]+/.exec(text)![0],
  );
}

/**
 * Asks /mon-jardin for a sign-in link for `email` (a current gardener's address as the register holds it), waits for
 * the new e-mail, opens its link and presses « Se connecter »: the page ends on /mon-jardin, signed in. Works with
 * JavaScript or without. The site sends at most 5 links an hour to one address, and 5 in 10 minutes to one client
 * address (each test has its own: `visitorAddress`).
 */
export async function signInToMyGarden(page: Page, email: string) {
  const before = (await signInLinks(email)).length;
  await page.goto("/mon-jardin");
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByRole("button", { name: "Recevoir un lien de connexion" }).click();
  await expect(page.getByText(/un lien de connexion vient d'y être envoyé/)).toBeVisible();
  let link = "";
  await expect
    .poll(
      async () => {
        const links = await signInLinks(email);
        link = links.length > before ? links.at(-1)! : "";
        return link;
      },
      { timeout: 15_000 },
    )
    .not.toBe("");
  await page.goto(link);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page).toHaveURL(/\/mon-jardin$/);
  await expect(page.getByText("Connecté(e) :")).toBeVisible();
}

/** The path of the newest sign-in link e-mailed to `email` (to open it again, or in another browser). */
export async function lastSignInLink(email: string) {
  let link = "";
  await expect.poll(async () => (link = (await signInLinks(email)).at(-1) ?? ""), { timeout: 15_000 }).not.toBe("");
  return link;
}
