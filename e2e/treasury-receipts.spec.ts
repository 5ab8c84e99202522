import { axeViolations } from "./accessibility";
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Browser, Download, Page } from "@playwright/test";
import { openAdmin, popup } from "./admin";
import { expect, MAIL_DIR, test, visitorContext } from "./fixtures";

// Receipts from a gardener's record: the treasurer records a cheque with its number, the receipt goes by e-mail with
// its PDF joined, and downloads from the record as the same file each time; on a phone without JavaScript, and on a
// wide screen with it.

const PASSWORD = "radis-et-poireaux-sous-la-serre-1904";

/** A treasurer's account made as the bureau makes one (an invitation, its link followed), in a browser of its own. */
async function treasurerIn(
  page: Page,
  browser: Browser,
  username: string,
  options: Parameters<Browser["newContext"]>[0],
) {
  await page.goto("/admin/comptes");
  await expect(page.getByRole("heading", { level: 1, name: "Comptes" })).toBeVisible();
  const team = page.getByRole("region", { name: "Comptes de l'équipe" });
  await team.getByLabel("Identifiant").fill(username);
  await team.getByRole("radio", { name: /^Trésorier/ }).check();
  await team.getByRole("button", { name: "Créer l'invitation" }).click();
  await expect(popup(page, "Invitation créée : transmettez le lien ci-dessous.")).toBeVisible();
  const link = new URL(await page.getByTestId("invitation-link").innerText()).pathname;
  const treasurer = await (await visitorContext(browser, options)).newPage();
  await treasurer.goto(link);
  await treasurer.getByLabel("Mot de passe", { exact: true }).fill(PASSWORD);
  await treasurer.getByLabel("Mot de passe, une seconde fois").fill(PASSWORD);
  await treasurer.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(treasurer).toHaveURL(/\/login\?compte-pret$/);
  await treasurer.getByLabel("Identifiant").fill(username);
  await treasurer.getByLabel("Mot de passe").fill(PASSWORD);
  await treasurer.getByRole("button", { name: "Se connecter" }).click();
  await expect(treasurer.getByRole("heading", { name: "Tableau de bord" })).toBeVisible();
  return treasurer;
}

/** A new gardener with an e-mail address, added by the administrator; the record's address. */
async function newGardener(page: Page, family: string, email: string) {
  await page.goto("/admin/jardiniers");
  const add = page.getByRole("region", { name: "Ajouter un jardinier" });
  await add.getByLabel("Nom de famille").fill(family);
  await add.getByLabel("Prénom(s)").fill("Lucie");
  await add.getByLabel("Adresse e-mail").fill(email);
  await add.getByLabel("Téléphone portable").fill("06 12 34 56 78");
  await add.getByLabel("Arrivé au jardin le").fill("2020-03-01");
  await add.getByRole("button", { name: "Ajouter le jardinier" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Lucie ${family}` })).toBeVisible();
  return new URL(page.url()).pathname;
}

/** The raw .eml the main site wrote to `to` with `subject` in it (the attachment's base64 left as it is). */
async function rawMailTo(to: string, subject: RegExp) {
  const dir = MAIL_DIR;
  let found = "";
  await expect
    .poll(
      async () => {
        for (const name of (await fs.readdir(dir).catch(() => [] as string[])).sort().reverse()) {
          const raw = await fs.readFile(path.join(dir, name), "utf8");
          if (raw.includes(`To: ${to}`) && subject.test(raw)) return (found = raw);
        }
        return "";
      },
      { timeout: 15_000 },
    )
    .not.toBe("");
  return found;
}

/** The PDF joined to a message, decoded. */
function attachment(raw: string, fileName: string) {
  const base64 = new RegExp(`filename=${fileName.replace(".", "\\.")}\\r?\\n\\r?\\n([A-Za-z0-9+/=\\r\\n]+)`).exec(
    raw,
  )?.[1];
  return Buffer.from((base64 ?? "").replace(/\s/g, ""), "base64");
}

/** What axe finds wrong on the page; it runs in the page, so only with JavaScript. */
async function violations(page: Page, js: boolean) {
  return js ? await axeViolations(page) : [];
}

const sha256 = (data: Buffer) => crypto.createHash("sha256").update(data).digest("hex");

async function bytesOf(download: Download) {
  return fs.readFile((await download.path())!);
}

for (const { width, js } of [
  { width: 390, js: false },
  { width: 1280, js: true },
]) {
  test(`the treasurer records a cheque on a record, its receipt goes by e-mail and downloads the same (${width} px${js ? "" : ", sans JavaScript"})`, async ({
    page,
    browser,
  }) => {
    test.slow();
    const stamp = `${width}${Date.now().toString(36)}`;
    const email = `lucie.${stamp}@example.fr`;
    const family = `Garnier ${stamp}`;
    await openAdmin(page, "/admin/jardiniers", "Jardiniers");
    const record = await newGardener(page, family, email);
    const treasurer = await treasurerIn(page, browser, `tresorier-${stamp}`, {
      viewport: { width, height: 900 },
      javaScriptEnabled: js,
    });

    await treasurer.goto(record);
    const payments = treasurer.getByRole("region", { name: "Cotisations et paiements" });
    await payments.getByLabel("Montant (€)").fill("55");
    // The cheque's number and bank are asked for a cheque only.
    await payments.getByRole("combobox", { name: "Moyen de paiement" }).selectOption("Virement");
    await expect(payments.getByLabel("N° du chèque")).toBeHidden();
    await payments.getByRole("combobox", { name: "Moyen de paiement" }).selectOption("Chèque");
    await payments.getByLabel("N° du chèque").fill("7654321");
    await payments.getByLabel("Banque").fill("Crédit Mutuel");
    // Ticked by default: the gardener has an address.
    await expect(payments.getByRole("checkbox", { name: /Envoyer le reçu par e-mail/ })).toBeChecked();
    await payments.getByRole("button", { name: "Enregistrer le paiement" }).click();
    const done = popup(treasurer, /^Paiement enregistré : 55,00\s€\. Le reçu n° \d{4}-\d{4} part par e-mail\.$/);
    await expect(done).toBeVisible();
    const number = /n° (\d{4}-\d{4})/.exec(await done.innerText())![1]!;

    // The e-mail, with the receipt joined.
    const raw = await rawMailTo(email, new RegExp(`Subject: .*re=C3=A7u_n=C2=B0_${number}`));
    expect(raw).toContain("Content-Type: application/pdf");
    const mailed = attachment(raw, `recu-${number}.pdf`);
    expect(mailed.subarray(0, 5).toString("latin1")).toBe("%PDF-");

    // From the record to the receipt, downloaded twice: the same bytes, those of the e-mail.
    await payments.getByRole("link", { name: new RegExp(`^Reçu n° ${number}`) }).click();
    await expect(treasurer.getByRole("heading", { level: 1, name: `Reçu n° ${number}` })).toBeVisible();
    await expect(treasurer.getByText(/envoyé par e-mail le/)).toBeVisible();
    expect(await violations(treasurer, js)).toEqual([]);
    const downloads = [];
    for (let i = 0; i < 2; i++) {
      const [download] = await Promise.all([
        treasurer.waitForEvent("download"),
        treasurer.getByRole("link", { name: "Télécharger le reçu (PDF)" }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`recu-${number}.pdf`);
      downloads.push(await bytesOf(download));
    }
    expect(sha256(downloads[0]!)).toBe(sha256(downloads[1]!));
    expect(sha256(downloads[0]!)).toBe(sha256(mailed));

    // The year's list shows it, sent.
    await treasurer.getByRole("link", { name: /^Reçus \d{4}$/ }).click();
    await expect(treasurer.getByRole("row", { name: new RegExp(number) })).toContainText(`Lucie ${family}`);
    await expect(treasurer.getByRole("row", { name: new RegExp(number) })).toContainText("envoyé le");
    expect(await violations(treasurer, js)).toEqual([]);
    await treasurer.context().close();
  });
}
