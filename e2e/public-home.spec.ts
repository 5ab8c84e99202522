import { gardenMonth } from "../app/lib/planting-calendar";
import { EMPTY_SITE, expect, test, visitorContext } from "./fixtures";

test("the home page: hero, the month's planting list, the weather tip, the latest article, events, ads and join-us", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cultivons ensemble les jardins de Villeurbanne");
  await expect(page.getByRole("link", { name: "Demander une parcelle" })).toHaveAttribute("href", "/apply");
  await expect(page.getByRole("link", { name: "Découvrir l'association" })).toHaveAttribute("href", "/association");

  const month = gardenMonth(new Date());
  const planting = page.getByRole("region", { name: `Au potager en ${month.name}` });
  for (const title of ["À semer", "À planter", "À récolter"])
    await expect(planting.getByRole("heading", { name: title })).toBeVisible();
  await expect(planting.getByText(month.harvest[0]!)).toBeVisible();
  await expect(
    planting.getByRole("link", { name: new RegExp(`vidéos sur les travaux du potager en ${month.name}`) }),
  ).toHaveAttribute("href", /^https:\/\/www\.youtube\.com\/results\?search_query=/);

  // The fake weather service says 22 °C: the "warm" band of product §9.
  const tip = page.getByRole("region", { name: "Le conseil du jour" });
  await expect(tip).toContainText("Temps doux (22 °C à Villeurbanne)");

  const latest = page.getByRole("region", { name: "Dernier article" });
  await expect(latest.getByRole("article")).toHaveCount(1);
  await expect(latest.getByRole("heading", { name: "Le compost collectif, mode d'emploi" })).toBeVisible();

  const events = page.getByRole("region", { name: "Événements" });
  await expect(events.getByRole("article")).toHaveCount(2);
  await expect(events.getByRole("article").nth(0)).toContainText("Prochain événement");
  await expect(events.getByRole("article").nth(0)).toContainText("À venir");
  await expect(events.getByRole("article").nth(0)).toContainText("Assemblée générale annuelle");
  await expect(events.getByRole("article").nth(1)).toContainText("Dernier événement");
  await expect(events.getByRole("article").nth(1)).toContainText("Passé");
  await expect(events.getByRole("article").nth(1)).toContainText("Fête des récoltes");

  const ads = page.getByRole("region", { name: "Petites annonces" });
  const links = ads.getByRole("link", { name: /^Annonce de / });
  await expect(links).toHaveCount(2);
  await expect(links.nth(0)).toHaveAttribute("href", /^\/annonces#annonce-\d+$/);

  const join = page.getByRole("region", { name: "Rejoignez-nous !" });
  // The plots register's count (the demo has one; other tests add plots to it).
  const [occupied, total, free] = /(\d+) parcelles sur (\d+) occupées — (\d+) sont libres/
    .exec(await join.innerText())!
    .slice(1)
    .map(Number);
  expect(total! - occupied!).toBe(free);
  await expect(join.getByRole("link", { name: "Postuler pour un jardin" })).toHaveAttribute("href", "/apply");
  await expect(join.getByRole("link", { name: "Nous contacter" })).toHaveAttribute("href", "/contact");
});

test("an ad of the home page opens the list scrolled to it, highlighted", async ({ page }) => {
  await page.goto("/");
  const link = page
    .getByRole("region", { name: "Petites annonces" })
    .getByRole("link", { name: /^Annonce de / })
    .first();
  const hash = (await link.getAttribute("href"))!.split("#")[1]!;
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/annonces#${hash}$`));
  const ad = page.locator(`#${hash}`);
  await expect(ad).toHaveAttribute("data-highlighted", "");
  await expect(ad).toBeInViewport();
});

test("without JavaScript, a link to an ad scrolls to it and highlights it", async ({ browser }) => {
  const context = await visitorContext(browser, { javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/");
  const href = (await page
    .getByRole("link", { name: /^Annonce de / })
    .first()
    .getAttribute("href"))!;
  await page.goto(href);
  const ad = page.locator(`#${href.split("#")[1]}`);
  await expect(ad).toBeInViewport();
  expect(await ad.evaluate((element) => element.matches(":target"))).toBe(true);
  // Its ring differs from the other ads'.
  const shadow = (locator: typeof ad) => locator.evaluate((element) => getComputedStyle(element).boxShadow);
  const other = page.locator(`article[id^="annonce-"]:not(#${href.split("#")[1]})`).first();
  expect(await shadow(ad)).not.toBe(await shadow(other));
  await context.close();
});

test("an empty site's home page has the planting list and the join-us block, and nothing that needs content", async ({
  page,
}) => {
  await page.goto(`${EMPTY_SITE}/`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Des jardins familiaux et partagés à Vaulx-en-Velin et Villeurbanne",
  );
  await expect(page.getByRole("region", { name: /^Au potager en / })).toBeVisible();
  await expect(page.getByRole("region", { name: "Rejoignez-nous !" })).toBeVisible();
  // No weather known: no tip; no article, event nor ad.
  for (const name of ["Le conseil du jour", "Dernier article", "Événements", "Petites annonces"]) {
    await expect(page.getByRole("region", { name })).toHaveCount(0);
  }
  await expect(page.getByText(/parcelles sur/)).toHaveCount(0);
});
