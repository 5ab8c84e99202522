import { EMPTY_SITE, expect, test } from "./fixtures";

test("the footer shows Villeurbanne's weather, air quality and pollen, rendered on the server", async ({ page }) => {
  await page.goto("/");
  const widget = page.getByRole("region", { name: "Météo à Villeurbanne" });
  await expect(widget.getByText("22 °C")).toBeVisible();
  await expect(widget.getByRole("img", { name: "Nuageux" })).toBeVisible();
  await expect(widget.getByText("Modérée.")).toBeVisible();
  await expect(widget.getByText("Graminées : élevé")).toBeVisible();

  // In the HTML itself, before any script runs: no loading flash.
  const html = await (await page.request.get("/association")).text();
  expect(html).toContain("Graminées : élevé");
  expect(html).not.toContain("Chargement météo...");
});

test("/api/meteo gives the same data as JSON", async ({ request }) => {
  const response = await request.get("/api/meteo");
  expect(response.ok()).toBe(true);
  const body = await response.json();
  expect(body).toMatchObject({ city: "Villeurbanne", temperature: 22.4, weathercode: 2, aqi: 63 });
  expect(body.pollen.grass).toBe(95);
});

test("when the weather service is unreachable the footer says so and the page still works", async ({ page }) => {
  await page.goto(`${EMPTY_SITE}/`);
  const widget = page.getByRole("region", { name: "Météo à Villeurbanne" });
  await expect(widget.getByText("Impossible de charger les données météo.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("when the weather service is unreachable the page says so in its HTML, without waiting for a script", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${EMPTY_SITE}/association`);
  const widget = page.getByRole("region", { name: "Météo à Villeurbanne" });
  await expect(widget.getByText("Impossible de charger les données météo.")).toBeVisible();
  await expect(widget.getByText("Chargement météo...")).toHaveCount(0);
  await context.close();
});
