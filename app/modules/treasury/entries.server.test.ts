import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { desc, eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { history, treasuryDeposits, treasuryEntries, treasuryYears } from "~/db/schema";
import { createBackup, restoreBackup } from "~/modules/backup/backup.server";
import { documentFileOnDisk, removeUnusedDocumentFiles } from "~/modules/documents/document-files.server";
import { paymentOnRecord } from "../../../tests/payments";
import { describeEachDatabase } from "../../../tests/db";
import { resetBook } from "../../../tests/treasury-book";
import { samplePdf, usePrivateDocumentsDir } from "../../../tests/documents";
import { insertGardener } from "../../../tests/factories";
import { usePrivateMediaDir } from "../../../tests/media";
import { answered, multipartPost } from "../../../tests/routes";
import { accountBalances, categoryIdOf } from "./book.server";
import { entryAction, entriesScreen, newEntryAction } from "./entries.admin.server";
import { entriesPage, entriesTotals, withDescendants, listCategories } from "./entries.server";

const actor = { id: null, username: "claire" };
const BANK = 1;
const CASH = 2;

/** An entry's form as the browser sends it (multipart), with an invoice when `file` is given. */
function entryForm(fields: Record<string, string>, file?: { data: Buffer; name: string }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append("attachment", new Blob([new Uint8Array(file.data)]), file.name);
  return form;
}

const expense = (overrides: Record<string, string> = {}) => ({
  intent: "create",
  direction: "depense",
  date: "2026-04-12",
  label: "Facture d'eau du 2e trimestre",
  amount: "184,30",
  accountId: String(BANK),
  means: "virement",
  payer: "Eau du Grand Lyon",
  reference: "F-2026-118",
  ...overrides,
});

async function create(fields: Record<string, string>, file?: { data: Buffer; name: string }) {
  const answer = await newEntryAction(
    multipartPost("/admin/tresorerie/ecritures/nouvelle", entryForm(fields, file)),
    actor,
  );
  if (answer instanceof Response) {
    const id = Number(/ecritures\/(\d+)/.exec(answer.headers.get("Location") ?? "")?.[1]);
    return { id, status: answer.status, value: undefined };
  }
  const { value, status } = answered<{
    message: string;
    errors: Record<string, string>;
    values: Record<string, string>;
  }>(answer);
  return { id: 0, status, value };
}

type Answer = { status: number; value?: { message: string; errors: Record<string, string> }; location: string | null };

async function act(id: number, fields: Record<string, string>): Promise<Answer> {
  const answer: unknown = await entryAction(
    multipartPost(`/admin/tresorerie/ecritures/${id}`, entryForm(fields)),
    String(id),
    actor,
  );
  if (answer instanceof Response)
    return { status: answer.status, value: undefined, location: answer.headers.get("Location") };
  if ((answer as { ok?: boolean }).ok) return { status: 200, location: null };
  const { value, status } = answered<{ message: string; errors: Record<string, string> }>(answer);
  return { status, value, location: null };
}

/** A text as written with plain spaces and minus sign (amounts come with narrow no-break spaces). */
const plain = (text: string | null) => (text ?? "").replace(/[\u00a0\u202f]/g, " ").replace(/\u2212/g, "-");
const lastHistory = async () => {
  const [row] = await getDb().select().from(history).orderBy(desc(history.id)).limit(1);
  return { ...row!, detail: plain(row!.detail) };
};
const entry = async (id: number) => (await getDb().select().from(treasuryEntries).where(eq(treasuryEntries.id, id)))[0];
const balance = async (year: number, id: number) => (await accountBalances(year)).find((a) => a.id === id)!;

describeEachDatabase("the treasurer's book: entries", ({ handle }) => {
  const dir = usePrivateDocumentsDir();
  usePrivateMediaDir();
  beforeEach(resetBook);

  it("records an expense and an income in their categories, with their history, and the balances move", async () => {
    const water = await categoryIdOf(getDb(), "6061");
    const spent = await create(expense({ categoryId: String(water) }));
    expect(spent.status).toBe(302);
    const saved = await entry(spent.id);
    expect(saved).toMatchObject({ direction: "depense", amountCents: 18430, year: 2026, enteredBy: "claire" });
    expect(await lastHistory()).toMatchObject({
      kind: "tresorerie.ecriture",
      detail: "Dépense de 184,30 € : Facture d'eau du 2e trimestre",
    });
    const sales = await categoryIdOf(getDb(), "707");
    const sold = await create(
      expense({
        direction: "recette",
        label: "Vente de plants",
        amount: "45",
        categoryId: String(sales),
        means: "especes",
        accountId: String(CASH),
      }),
    );
    expect(sold.status).toBe(302);
    expect(await balance(2026, BANK)).toMatchObject({ inCents: 0, outCents: 18430, closingCents: -18430 });
    expect(await balance(2026, CASH)).toMatchObject({ inCents: 4500, outCents: 0, closingCents: 4500 });
    expect(await entriesTotals({ year: 2026 })).toMatchObject({ count: 2, income: 4500, expenses: 18430 });
  });

  it("refuses a category of the other direction, and an expense without category, on their field", async () => {
    const sales = await categoryIdOf(getDb(), "707");
    const wrong = await create(expense({ categoryId: String(sales) }));
    expect(wrong.status).toBe(400);
    expect(wrong.value!.errors.categoryId).toContain("ne convient pas");
    const none = await create(expense());
    expect(none.status).toBe(400);
    expect(none.value!.errors.categoryId).toBe("Choisissez la catégorie.");
    expect(none.value!.values.label).toBe("Facture d'eau du 2e trimestre");
    expect(await getDb().select().from(treasuryEntries)).toHaveLength(0);
  });

  it("a transfer is one entry: both accounts' balances move, income and expenses do not", async () => {
    const moved = await create({
      intent: "create",
      direction: "virement",
      date: "2026-05-02",
      label: "Dépôt des espèces à la banque",
      amount: "120",
      accountId: String(CASH),
      toAccountId: String(BANK),
      means: "especes",
    });
    expect(moved.status).toBe(302);
    expect(await entry(moved.id)).toMatchObject({ direction: "virement", categoryId: null, toAccountId: BANK });
    expect(await balance(2026, CASH)).toMatchObject({ outCents: 12000, closingCents: -12000 });
    expect(await balance(2026, BANK)).toMatchObject({ inCents: 12000, closingCents: 12000 });
    expect(await entriesTotals({ year: 2026 })).toMatchObject({ income: 0, expenses: 0, transfers: 12000 });
    expect((await lastHistory()).kind).toBe("tresorerie.virement");
    const same = await create({
      intent: "create",
      direction: "virement",
      date: "2026-05-02",
      label: "Vers lui-même",
      amount: "10",
      accountId: String(BANK),
      toAccountId: String(BANK),
      means: "virement",
    });
    expect(same.status).toBe(400);
    expect(same.value!.errors.toAccountId).toBeTruthy();
  });

  it("a correction and a deletion are written to Historique with the earlier values", async () => {
    const water = String(await categoryIdOf(getDb(), "6061"));
    const { id } = await create(expense({ categoryId: water }));
    const corrected = await act(id, { ...expense({ categoryId: water }), intent: "update", amount: "148,30" });
    expect(corrected.status).toBe(200);
    expect((await entry(id))!.amountCents).toBe(14830);
    const changed = await lastHistory();
    expect(changed.kind).toBe("tresorerie.ecriture-modifiee");
    expect(changed.detail).toContain("montant : 148,30 € (avant : 184,30 €)");
    const unticked = await act(id, { intent: "delete" });
    expect(unticked.status).toBe(400);
    expect(await entry(id)).toBeDefined();
    const deleted = await act(id, { intent: "delete", confirm: "on" });
    expect(deleted.location).toBe("/admin/tresorerie/ecritures?annee=2026&fait=supprimee");
    expect(await entry(id)).toBeUndefined();
    const removed = await lastHistory();
    expect(removed.kind).toBe("tresorerie.ecriture-supprimee");
    expect(removed.detail).toContain("montant : 148,30 €");
    expect(removed.detail).toContain("catégorie : 6061 Eau et énergie");
    expect(removed.detail).toContain("tiers : Eau du Grand Lyon");
  });

  it("a closed year refuses a new entry, a correction and a deletion", async () => {
    const water = String(await categoryIdOf(getDb(), "6061"));
    const { id } = await create(expense({ categoryId: water }));
    await getDb()
      .insert(treasuryYears)
      .values({ year: 2026, closedAt: new Date() })
      .onConflictDoUpdate({
        target: treasuryYears.year,
        set: { closedAt: new Date() },
      });
    const added = await create(expense({ categoryId: water }));
    expect(added.status).toBe(409);
    expect(added.value!.errors.date).toContain("L'exercice 2026 est clôturé");
    const changed = await act(id, { ...expense({ categoryId: water }), intent: "update", label: "Autre libellé" });
    expect(changed.status).toBe(409);
    expect(changed.value!.message).toContain("L'exercice 2026 est clôturé");
    const deleted = await act(id, { intent: "delete", confirm: "on" });
    expect(deleted.status).toBe(409);
    expect(await entry(id)).toMatchObject({ label: "Facture d'eau du 2e trimestre", amountCents: 18430 });
  });

  it("a deposited cheque keeps its amount, date and account; its label still changes", async () => {
    const gift = String(await categoryIdOf(getDb(), "7541"));
    const fields = expense({
      direction: "recette",
      categoryId: gift,
      label: "Don",
      amount: "50",
      means: "cheque",
      chequeNumber: "0012",
    });
    const { id } = await create(fields);
    const [deposit] = await getDb()
      .insert(treasuryDeposits)
      .values({ accountId: BANK, depositedOn: "2026-04-20" })
      .returning();
    await getDb().update(treasuryEntries).set({ depositId: deposit!.id }).where(eq(treasuryEntries.id, id));
    const amount = await act(id, { ...fields, intent: "update", amount: "60" });
    expect(amount.status).toBe(409);
    expect(plain(amount.value!.errors.amount!)).toContain("remis en banque le 20 avril 2026");
    // The form sends no disabled field: they keep their value.
    const { amount: _, date: __, accountId: ___, ...rest } = fields;
    const label = await act(id, { ...rest, intent: "update", label: "Don de Mme Roux" });
    expect(label.status).toBe(200);
    expect(await entry(id)).toMatchObject({ label: "Don de Mme Roux", amountCents: 5000, date: "2026-04-12" });
    expect((await act(id, { intent: "delete", confirm: "on" })).status).toBe(409);
  });

  it("the entry of a register's payment is not deleted here, and keeps what the register decides", async () => {
    const gardener = await insertGardener({ name: "Camille Roux" });
    const payment = await getDb().transaction((tx) =>
      paymentOnRecord(
        tx,
        gardener.id,
        {
          kind: "cotisation",
          year: 2026,
          amount: 5500,
          paidOn: "2026-03-15",
          means: "cheque",
          chequeNumber: "77",
          chequeBank: "",
        },
        "claire",
      ),
    );
    const [made] = await getDb().select().from(treasuryEntries).where(eq(treasuryEntries.paymentId, payment.id));
    const refused = await act(made!.id, { intent: "delete", confirm: "on" });
    expect(refused.status).toBe(409);
    expect(refused.value!.message).toContain("Annulez le paiement depuis le registre");
    const amount = await act(made!.id, { intent: "update", label: made!.label, amount: "60" });
    expect(amount.status).toBe(409);
    expect(amount.value!.errors.amount).toContain("paiement du registre");
    const bank = await act(made!.id, { intent: "update", label: made!.label, chequeBank: "Crédit Agricole" });
    expect(bank.status).toBe(200);
    expect(await entry(made!.id)).toMatchObject({ chequeBank: "Crédit Agricole", amountCents: 5500 });
  });

  it("filters by account, category (with its sub-categories), direction, means and text; totals are the lines' sum", async () => {
    const code = async (c: string) => String(await categoryIdOf(getDb(), c));
    await create(expense({ categoryId: await code("6061"), amount: "100" }));
    await create(
      expense({ categoryId: await code("6068"), amount: "20", label: "Graines de tomates", payer: "Jardinerie" }),
    );
    await create(expense({ categoryId: await code("616"), amount: "300", label: "Assurance" }));
    await create(
      expense({
        direction: "recette",
        categoryId: await code("7541"),
        amount: "80",
        label: "Don",
        means: "cheque",
        chequeNumber: "5544",
        accountId: String(CASH),
      }),
    );
    const categories = await listCategories();
    const purchases = withDescendants(categories, Number(await code("606")));
    const filtered = { year: 2026, categoryIds: purchases };
    const lines = await entriesPage(filtered, 50, 0);
    expect(lines.map((l) => l.amountCents).sort()).toEqual([10000, 2000]);
    expect((await entriesTotals(filtered)).expenses).toBe(lines.reduce((s, l) => s + l.amountCents, 0));
    expect((await entriesPage({ year: 2026, q: "jardin" }, 50, 0)).map((l) => l.label)).toEqual(["Graines de tomates"]);
    expect((await entriesPage({ year: 2026, q: "5544" }, 50, 0)).map((l) => l.label)).toEqual(["Don"]);
    expect((await entriesPage({ year: 2026, means: "cheque" }, 50, 0)).map((l) => l.label)).toEqual(["Don"]);
    expect(await entriesTotals({ year: 2026, accountId: CASH })).toMatchObject({ count: 1, income: 8000, expenses: 0 });
    expect(await entriesTotals({ year: 2026, direction: "depense" })).toMatchObject({
      count: 3,
      income: 0,
      expenses: 42000,
    });
    // The screen's totals, all pages included.
    const screen = await entriesScreen(
      new Request("http://localhost/admin/tresorerie/ecritures?annee=2026&sens=depense"),
    );
    expect(JSON.parse(plain(JSON.stringify(screen.totals)))).toMatchObject({
      expenses: "420,00 €",
      income: "0,00 €",
      balance: "-420,00 €",
    });
    expect(screen.lines).toHaveLength(3);
  });

  it("keeps an invoice in the documents' store through the cleanup, a backup and its restore", async () => {
    const water = String(await categoryIdOf(getDb(), "6061"));
    const pdf = samplePdf("Facture", "Eau du 2e trimestre");
    const { id } = await create(expense({ categoryId: water }), { data: pdf, name: "facture.pdf" });
    const saved = (await entry(id))!;
    expect(saved.attachmentFormat).toBe("pdf");
    const file = documentFileOnDisk({ hash: saved.attachmentHash!, format: "pdf" });
    expect(await removeUnusedDocumentFiles({ graceMs: 0 })).toBe(0);
    expect((await fsp.readFile(file)).equals(pdf)).toBe(true);
    const work = await fsp.mkdtemp(path.join(os.tmpdir(), "potager-treasury-backup-"));
    try {
      const archive = path.join(work, "sauvegarde.tar.gz");
      await createBackup(archive, handle().kind);
      await fsp.rm(dir(), { recursive: true });
      await getDb().delete(treasuryEntries);
      await restoreBackup(archive, { force: true });
      expect(await entry(id)).toMatchObject({ attachmentHash: saved.attachmentHash });
      expect((await fsp.readFile(file)).equals(pdf)).toBe(true);
    } finally {
      await fsp.rm(work, { recursive: true, force: true });
    }
  });
});
