import fs from "node:fs/promises";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { expect, MAIL_DIR, visitorContext } from "./fixtures";
import { smallPng } from "./images";

/** Fills the /apply form as a person does, every field right. */
export async function fillApplication(page: Page, name = "Nadia Cherif", email = "nadia.cherif@example.fr") {
  await page.getByLabel("Nom et prénom").fill(name);
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel("Téléphone portable").fill("06 98 76 54 32");
  await page.getByLabel("Adresse postale").fill("3 rue Francis de Pressensé");
  await page.getByRole("combobox", { name: "Ville" }).selectOption("Villeurbanne");
  await page.getByLabel("Moyenne (150 à 200 m²)").check();
  await page.getByLabel("Le week-end").check();
  await page.getByLabel("Votre expérience en jardinage").fill("Un potager sur le balcon depuis quatre ans.");
  for (const box of [
    /participation d'environ 250 euros/,
    /visite de ma parcelle ait lieu chaque mois/,
    /respecter la charte/,
    /respecter le règlement intérieur/,
    /lieu public/,
  ]) {
    await page.getByLabel(box).check();
  }
  await page
    .getByLabel("Vos motivations")
    .fill("Cultiver des légumes de saison avec mes enfants et rencontrer les voisins.");
}

/** A visitor applies for a plot through /apply, as a person does. */
export async function applyAs(browser: Browser, name: string, email: string) {
  const context = await visitorContext(browser);
  const page = await context.newPage();
  await page.goto("/apply");
  await fillApplication(page, name, email);
  await page.getByRole("button", { name: "Envoyer ma demande" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Merci pour votre demande !" })).toBeVisible();
  await context.close();
}

/** A visitor posts an ad through /annonces, as a person does. */
export async function postAdAs(browser: Browser, name: string, text: string, { email = "", photo = false } = {}) {
  const context = await visitorContext(browser);
  const page = await context.newPage();
  await page.goto("/annonces#poster");
  const publish = page.getByRole("region", { name: "Déposer une annonce" });
  await publish.getByLabel("Votre nom").fill(name);
  await publish.getByLabel("Téléphone").fill("06 22 33 44 55");
  await publish.getByRole("combobox", { name: "Type d'annonce" }).selectOption("donne");
  if (email) await publish.getByLabel("E-mail (facultatif)").fill(email);
  await publish.getByLabel("Votre annonce (facultatif)").fill(text);
  if (photo) {
    await publish
      .getByLabel("Photo 1")
      .setInputFiles({ name: "rhubarbe.png", mimeType: "image/png", buffer: await smallPng({ r: 150, g: 60, b: 70 }) });
    await expect(publish.getByRole("img", { name: "Aperçu : Photo 1" })).toBeVisible();
  }
  await publish.getByLabel(/Recopiez le mot « potager »/).fill("potager");
  await publish.getByRole("button", { name: "Envoyer l'annonce" }).click();
  await expect(publish.getByText("Annonce envoyée, en attente de validation.")).toBeVisible();
  await context.close();
}

/** An .eml's text with its quoted-printable parts decoded (soft line breaks joined, =XX bytes as UTF-8). */
function decoded(eml: string) {
  const joined = eml.replace(/=\r?\n/g, "");
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");
}

/** Every e-mail the main site wrote to `to` so far whose text matches `pattern`, oldest first. */
export async function mailsTo(to: string, pattern: RegExp): Promise<string[]> {
  const dir = MAIL_DIR;
  const names = (await fs.readdir(dir).catch(() => [] as string[])).sort();
  const texts = await Promise.all(names.map(async (name) => decoded(await fs.readFile(path.join(dir, name), "utf8"))));
  return texts.filter((text) => text.includes(`To: ${to}`) && pattern.test(text));
}

/** The newest e-mail the main site wrote to `to` whose text matches `pattern` (it runs without SMTP: .eml files). */
export async function lastMailTo(to: string, pattern: RegExp): Promise<string> {
  const dir = MAIL_DIR;
  let found = "";
  await expect
    .poll(
      async () => {
        const names = (await fs.readdir(dir).catch(() => [] as string[])).sort().reverse();
        for (const name of names) {
          const text = decoded(await fs.readFile(path.join(dir, name), "utf8"));
          if (text.includes(`To: ${to}`) && pattern.test(text)) return (found = text);
        }
        return "";
      },
      { timeout: 15_000 },
    )
    .not.toBe("");
  return found;
}
