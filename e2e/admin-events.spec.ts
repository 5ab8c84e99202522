import { parisDateOf } from "../app/lib/paris-time";
import type { Page } from "@playwright/test";
import { deleteListed, editor, listedTitles, openAdmin, popup } from "./admin";
import { expect, test, TRACES_WITHOUT_SNAPSHOTS } from "./fixtures";
import { smallPng } from "./images";

// Every test removes what it published: the other spec files see the demo's events.
test.use(TRACES_WITHOUT_SNAPSHOTS);

const title = (name: string) => `${name} ${Date.now()}`;
/** Two years ahead of today in Paris: after every event of the demo, which is seeded around its day. */
const YEAR = Number(parisDateOf(new Date()).slice(0, 4)) + 2;

async function writeEvent(
  page: Page,
  fields: { title: string; start: string; end: string; text: string; place?: string },
) {
  await page.getByLabel("Titre").fill(fields.title);
  await page.getByLabel("Description").fill("Ouvert à tous, adhérents ou non.");
  await page.getByLabel("Lieu").fill(fields.place ?? "Jardin des Brosses, Villeurbanne");
  await page.getByLabel("Début").fill(fields.start);
  await page.getByLabel("Fin").fill(fields.end);
  await (await editor(page)).fill(fields.text);
}

test("an event is published with its Paris times, listed by start date, and shown on the public site", async ({
  page,
}) => {
  const later = title("Troc de graines");
  const sooner = title("Atelier compost");
  await openAdmin(page, "/admin/events", "Gestion des événements");
  await expect(page.getByRole("textbox", { name: "Contenu" })).toHaveCSS("min-height", "250px");
  await writeEvent(page, {
    title: sooner,
    start: `${YEAR}-03-06T10:00`,
    end: `${YEAR}-03-06T12:00`,
    text: "Apprendre à faire un bon compost.",
  });
  await page
    .getByLabel("Photo de couverture")
    .setInputFiles({ name: "compost.png", mimeType: "image/png", buffer: await smallPng({ r: 110, g: 80, b: 40 }) });
  await expect(page.getByRole("img", { name: "Aperçu : Photo de couverture" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Publier" })).not.toHaveAttribute("aria-disabled");
  await page.getByRole("button", { name: "Publier" }).click();
  await expect(popup(page, "Événement publié.")).toBeVisible();
  await page.keyboard.press("Escape");

  await writeEvent(page, {
    title: later,
    start: `${YEAR}-04-03T14:00`,
    end: `${YEAR}-04-03T18:00`,
    text: "Apportez vos graines en sachets.",
  });
  await page.getByRole("button", { name: "Publier" }).click();
  await expect(popup(page, "Événement publié.")).toBeVisible();

  // Start date descending: the April event before the March one, both before the demo's (earlier) events.
  const titles = await listedTitles(page, "Événements publiés");
  expect(titles.slice(0, 2)).toEqual([later, sooner]);
  await expect(page.getByRole("listitem").filter({ hasText: sooner })).toContainText(
    `6 mars ${YEAR} à 10h00 · Jardin des Brosses, Villeurbanne`,
  );

  await page.getByRole("link", { name: sooner, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: sooner })).toBeVisible();
  await expect(page.getByText("Apprendre à faire un bon compost.")).toBeVisible();
  await expect(page.getByText(`6 mars ${YEAR}`, { exact: false }).first()).toBeVisible();
  await expect(page.getByText("10h00", { exact: false }).first()).toBeVisible();

  await page.goto("/admin/events");
  await deleteListed(page, later, "Événement supprimé.");
  await deleteListed(page, sooner, "Événement supprimé.");
});

test("a missing title, date or content sends nothing and marks the fields; a start after the end gets the spec's message", async ({
  page,
}) => {
  await openAdmin(page, "/admin/events", "Gestion des événements");
  const saves: string[] = [];
  page.on("request", (request) => request.method() === "POST" && saves.push(request.url()));
  await page.getByRole("button", { name: "Publier" }).click();
  await expect(page.getByLabel("Titre")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Début")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Fin")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Titre")).toBeFocused();
  await expect(page.getByRole("alert")).toHaveCount(0);

  await writeEvent(page, {
    title: "Fête de printemps",
    start: `${YEAR}-05-08T18:00`,
    end: `${YEAR}-05-08T17:00`,
    text: "Musique et soupe.",
  });
  await page.getByRole("button", { name: "Publier" }).click();
  await expect(page.getByRole("alert")).toHaveText("La date de début ne peut pas être postérieure à la date de fin.");
  await expect(page.getByLabel("Début")).toBeFocused();
  expect(saves).toEqual([]);
});

test("'Modifier' fills the form, 'Annuler' empties it, 'Mettre à jour' saves; deleting asks first", async ({
  page,
}) => {
  const name = title("Taille des rosiers");
  await openAdmin(page, "/admin/events", "Gestion des événements");
  await writeEvent(page, {
    title: name,
    start: `${YEAR}-02-20T09:30`,
    end: `${YEAR}-02-20T11:30`,
    text: "Sécateurs fournis.",
  });
  await page.getByRole("button", { name: "Publier" }).click();
  await expect(popup(page, "Événement publié.")).toBeVisible();

  await page.getByRole("link", { name: `Modifier « ${name} »` }).click();
  await expect(page.getByRole("heading", { name: `Modifier l'événement « ${name} »` })).toBeVisible();
  await expect(page.getByLabel("Début")).toHaveValue(`${YEAR}-02-20T09:30`);
  await expect(page.getByLabel("Fin")).toHaveValue(`${YEAR}-02-20T11:30`);
  await expect(await editor(page)).toContainText("Sécateurs fournis.");
  await page.getByRole("link", { name: "Annuler" }).click();
  await expect(page.getByRole("heading", { name: "Nouvel événement" })).toBeVisible();
  await expect(page.getByLabel("Début")).toHaveValue("");

  await page.getByRole("link", { name: `Modifier « ${name} »` }).click();
  await expect(page.getByLabel("Fin")).toHaveValue(`${YEAR}-02-20T11:30`);
  await page.getByLabel("Fin").fill(`${YEAR}-02-20T12:00`);
  await page.getByRole("button", { name: "Mettre à jour" }).click();
  await expect(popup(page, "Événement mis à jour.")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: name })).toContainText(`20 février ${YEAR} à 09h30`);

  // Cancelled first, then confirmed.
  await page.getByRole("button", { name: `Supprimer « ${name} »` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Annuler" }).click();
  await expect(page.getByRole("link", { name, exact: true })).toBeVisible();
  await deleteListed(page, name, "Événement supprimé.");
});

test("the general assembly's event is kept: its deletion is refused in a popup, where the person is looking", async ({
  page,
}) => {
  await openAdmin(page, "/admin/events", "Gestion des événements");
  const name = "Assemblée générale annuelle";
  await page.getByRole("button", { name: `Supprimer « ${name} »` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Supprimer" }).click();
  await expect(
    popup(page, "Cet événement est une assemblée générale convoquée : il est gardé, avec les réponses des membres"),
  ).toBeInViewport();
  await expect(page.getByRole("link", { name, exact: true })).toBeVisible();
  // The form above stays as it was, with no message of its own.
  await expect(page.getByRole("heading", { name: "Nouvel événement" })).toBeVisible();
  await expect(page.getByRole("alert")).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the server answers a form with a missing field unchanged, the field marked; a complete one is published", async ({
    page,
  }) => {
    const name = title("Chantier collectif");
    await openAdmin(page, "/admin/events", "Gestion des événements");
    await page.getByLabel("Titre").fill(name);
    await page.getByLabel("Lieu").fill("Jardin de la Thibaude, Vaulx-en-Velin");
    await page.getByLabel("Début").fill(`${YEAR}-01-16T09:00`);
    await page.getByLabel("Contenu").fill("Remise en état des allées.");
    await page.getByRole("button", { name: "Publier" }).click();

    await expect(page.getByLabel("Fin")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Titre")).toHaveValue(name);
    await expect(page.getByLabel("Début")).toHaveValue(`${YEAR}-01-16T09:00`);
    await expect(page.getByLabel("Contenu")).toHaveValue("Remise en état des allées.");

    await page.getByLabel("Fin").fill(`${YEAR}-01-16T12:00`);
    await page.getByRole("button", { name: "Publier" }).click();
    await expect(popup(page, "Événement publié.")).toBeVisible();
    const item = page.getByRole("listitem").filter({ has: page.getByRole("link", { name, exact: true }) });
    await expect(item).toContainText(`16 janvier ${YEAR} à 09h00`);
    await item.locator("summary").click();
    await item.getByRole("button", { name: "Supprimer" }).click();
    await expect(popup(page, "Événement supprimé.")).toBeVisible();
  });
});
