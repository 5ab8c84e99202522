import type { Locator } from "@playwright/test";
import { expect, test } from "./fixtures";
import { holdPageData, newGardener, openAdmin, popup, recordPaymentOnRecord } from "./admin";

// The treasurer's bank work on the demo's book: cheques to deposit (the last weeks' fees and gifts), cancelled at the
// end, its cheques back « à remettre »; and a savings account of the test's own, reconciled.

/** Cents from an amount as the screens show it (« 1 234,56 € »). */
const cents = (text: string) => {
  const match = /(-?)([\d\s]+),(\d\d)\s*€/.exec(text);
  if (!match) throw new Error(`No amount in « ${text} »`);
  return (match[1] ? -1 : 1) * (Number(match[2]!.replace(/\s/g, "")) * 100 + Number(match[3]));
};
/** « 1 234,56 € » with the spaces the browser's French number format uses. */
const shown = (value: number) =>
  new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR" }).format(value / 100);
const spaced = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s/g, "\\s"));

test.describe("at 390 px without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test("the treasurer deposits two cheques, typing a missing number, and prints the slip", async ({ page }) => {
    // Two cheques of its own, received today: the demo's waiting ones depend on the month (in January and February,
    // between the year's last deposit and its fees, there are none).
    const family = `Remise ${Date.now().toString(36)}`;
    await openAdmin(page, "/admin/jardiniers", "Jardiniers");
    await newGardener(page, "Lise", family);
    await recordPaymentOnRecord(page, {
      kind: "Budget d'entrée",
      amount: "30",
      means: "Chèque",
      chequeNumber: "5550001",
    });
    await recordPaymentOnRecord(page, {
      kind: "Reprise de cabane",
      amount: "45",
      means: "Chèque",
      chequeNumber: "5550002",
    });
    await page.goto("/admin/tresorerie/remises");
    const waiting = page.getByRole("region", { name: /^Chèques à remettre/ });
    const cheques = waiting
      .getByRole("group", { name: /^Cochez les chèques/ })
      .getByRole("listitem")
      .filter({ hasText: family });
    await expect(cheques).toHaveCount(2);
    const [first, second] = [cheques.nth(0), cheques.nth(1)];
    const payers: string[] = [];
    let total = 0;
    for (const cheque of [first, second] as Locator[]) {
      const name = (await cheque.getAttribute("aria-label"))!;
      payers.push(/^Chèque (?:de |d')(.+), [^,]+,\d\d\s€$/.exec(name)![1]!);
      total += cents(name);
      await cheque.getByRole("checkbox").check();
    }
    // The first cheque's number is not known yet: the server refuses the deposit and sends everything back.
    await first.getByLabel("N° du chèque").fill("");
    await second.getByLabel("Banque").fill("Crédit Agricole Centre-Est");
    await waiting.getByRole("button", { name: "Créer la remise" }).click();
    await expect(page.getByRole("alert").first()).toContainText(
      "Indiquez le numéro du chèque : il figure sur le bordereau.",
    );
    await expect(first.getByRole("checkbox")).toBeChecked();
    await expect(second.getByRole("checkbox")).toBeChecked();
    await expect(second.getByLabel("Banque")).toHaveValue("Crédit Agricole Centre-Est");

    await first.getByLabel("N° du chèque").fill("9876543");
    await waiting.getByRole("button", { name: "Créer la remise" }).click();
    await expect(page.getByRole("heading", { level: 1, name: /^Remise du / })).toBeVisible();
    await expect(popup(page, spaced(`Remise enregistrée : 2 chèques, ${shown(total)}`))).toBeVisible();
    const deposited = page.getByRole("region", { name: "Chèques remis" });
    await expect(deposited.getByRole("row", { name: new RegExp(`9876543 ${payers[0]}`) })).toBeVisible();
    await expect(deposited).toContainText(payers[1]!);
    await expect(deposited).toContainText(spaced(`Total : ${shown(total)}`));

    const depositPage = new URL(page.url()).pathname;
    await deposited.getByRole("link", { name: "Imprimer le bordereau" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Bordereau de remise de chèques" })).toBeVisible();
    const slip = page.getByRole("table");
    await expect(slip.getByRole("row", { name: new RegExp(`^9876543 .*${payers[0]}`) })).toBeVisible();
    await expect(slip.getByRole("row", { name: new RegExp(`Crédit Agricole Centre-Est ${payers[1]}`) })).toBeVisible();
    await expect(slip.getByRole("row", { name: spaced(`2 chèques Total : ${shown(total)}`) })).toBeVisible();
    // The account to credit, as the bank reads it: the demo's example IBAN.
    await expect(page.getByRole("article", { name: "Bordereau de remise de chèques" })).toContainText(
      /IBAN :\s*FR76 3000 6000 0112 3456 7890 189/,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Cancelled, the cheques are to deposit again, with the number typed.
    await page.goto(depositPage);
    await page.getByRole("button", { name: "Annuler la remise" }).click();
    await expect(popup(page, "Remise annulée : ses chèques sont de nouveau à remettre.")).toBeVisible();
    await expect(
      page
        .getByRole("region", { name: /^Chèques à remettre/ })
        .getByRole("listitem")
        .filter({ hasText: family })
        .first()
        .getByLabel("N° du chèque"),
    ).toHaveValue("9876543");
  });
});

test.describe("at 1280 px with JavaScript", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("the treasurer reconciles the savings account's statement until the difference is zero", async ({ page }) => {
    // A savings book of this test's own, with its opening balance and one transfer: a statement is dated today and
    // ticks every entry of its account, so on the demo's « Livret A » a second run (`--repeat-each`) or another test
    // would find it reconciled already.
    const savings = `Livret ${Date.now().toString(36)}`;
    await openAdmin(page, "/admin/tresorerie/parametres", "Comptes et catégories");
    const create = page.getByRole("region", { name: "Ajouter un compte" });
    await create.getByLabel("Nom").fill(savings);
    await create.getByLabel("Type").selectOption({ label: "Épargne" });
    await create.getByLabel("Solde d'ouverture (€)").fill("1 500");
    await create.getByRole("button", { name: "Ajouter le compte" }).click();
    await expect(popup(page, `Compte « ${savings} » ajouté.`)).toBeVisible();
    await page.goto("/admin/tresorerie/ecritures/nouvelle?sens=virement");
    await page.getByLabel("Libellé").fill("Excédent de la fête des jardins placé sur le livret");
    await page.getByLabel("Montant (€)").fill("320");
    await page.getByLabel("Du compte").selectOption({ label: "Compte courant" });
    await page.getByLabel("Vers le compte").selectOption({ label: savings });
    await page.getByRole("radio", { name: "Virement", exact: true }).check();
    await page.getByRole("button", { name: "Enregistrer l'écriture" }).click();
    await expect(popup(page, "Écriture enregistrée.")).toBeVisible();

    await page.goto("/admin/tresorerie/rapprochement");
    await page
      .getByRole("navigation", { name: "Comptes" })
      .getByRole("link", { name: new RegExp(`^${savings}`) })
      .click();
    await expect(page.getByRole("heading", { name: `Relevés de « ${savings} »` })).toBeVisible();
    const form = page.getByRole("region", { name: "Nouveau relevé" });
    await expect(form.getByLabel("Compte")).toHaveValue(/\d+/);
    await expect(form.locator("form")).toHaveAttribute("data-validation", "ready");
    // The balance first mistyped: the statement is corrected on its page.
    await form.getByLabel("Solde du relevé à sa date (€)").fill("12,40");
    await form.getByRole("button", { name: "Ajouter le relevé" }).click();
    await expect(page.getByRole("heading", { level: 1, name: /^Relevé du / })).toBeVisible();

    // The bank's OFX file: an operation found in no entry is listed, to enter in the book.
    const ofx = [
      "OFXHEADER:100",
      "DATA:OFXSGML",
      "",
      "<OFX><BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20200102<TRNAMT>-1.23<NAME>FRAIS DE TENUE</STMTTRN></OFX>",
    ].join("\r\n");
    await page.getByLabel("Relevé de la banque (CSV ou OFX)").setInputFiles({
      name: "releve.ofx",
      mimeType: "application/x-ofx",
      buffer: Buffer.from(ofx),
    });
    // The import's answer shows while the page's data is read again (held back here, as a slow server does): the boxes
    // wait for that reading, which starts them afresh, so a box ticked meanwhile cannot be lost.
    const reading = await holdPageData(page);
    await page.getByRole("button", { name: "Importer le relevé" }).click();
    const notFound = page.getByText("Lignes du relevé sans écriture correspondante").locator("..");
    await expect(notFound).toContainText(/FRAIS DE TENUE\s*2 janvier 2020\s*-1,23\s€/);
    const ticks = page.getByRole("region", { name: "Pointage" });
    const boxes = ticks.getByRole("checkbox");
    await expect(boxes.first()).toBeDisabled();
    await reading.release();
    await expect(boxes.first()).toBeEnabled();

    const difference = ticks.getByText(/^Écart : /);
    const count = await boxes.count();
    expect(count).toBeGreaterThan(0);
    const before = await difference.innerText();
    // The difference follows each box as it is ticked, before anything is sent.
    for (let i = 0; i < count; i++) await boxes.nth(i).check();
    await expect(difference).not.toHaveText(before);
    const reconciled = cents(
      await ticks.getByText("Solde pointé", { exact: true }).locator("xpath=following-sibling::dd").innerText(),
    );
    await expect(difference).toHaveText(spaced(`Écart : ${shown(1240 - reconciled)}`));
    await expect(ticks.getByRole("button", { name: "Valider le rapprochement" })).toHaveCount(0);
    // The popup shows with the action's answer, while the page's data is read again. Held back here, that reading
    // ends only after « Fermer »: the popup must not come back with it.
    const saving = await holdPageData(page);
    await ticks.getByRole("button", { name: "Enregistrer les pointages" }).click();
    const saved = popup(page, spaced(`Pointages enregistrés. Écart : ${shown(1240 - reconciled)}.`));
    await expect(saved).toBeVisible();
    const close = page.getByRole("button", { name: "Fermer" });
    await close.click();
    await expect(saved).toBeHidden();
    await saving.release();
    await expect(close).toHaveCount(0);

    await page.getByText("Corriger le solde du relevé").click();
    await page.getByLabel("Solde du relevé (€)").fill(shown(reconciled));
    await page.getByRole("button", { name: "Corriger le solde" }).click();
    await expect(popup(page, "Solde du relevé corrigé.")).toBeVisible();
    await expect(difference).toHaveText(spaced(`Écart : ${shown(0)}`));

    // Unticking one shows the difference again and hides the validation; ticked again, it is back.
    await boxes.first().uncheck();
    await expect(difference).not.toHaveText(spaced(`Écart : ${shown(0)}`));
    await expect(ticks.getByRole("button", { name: "Valider le rapprochement" })).toHaveCount(0);
    await boxes.first().check();
    await expect(difference).toHaveText(spaced(`Écart : ${shown(0)}`));
    await ticks.getByRole("button", { name: "Valider le rapprochement" }).click();
    await expect(popup(page, "Rapprochement validé")).toBeVisible();
    await expect(page.getByText(/rapproché le /).first()).toBeVisible();
    await expect(page.getByRole("region", { name: "Écritures pointées" }).getByRole("listitem")).toHaveCount(count);
  });
});
