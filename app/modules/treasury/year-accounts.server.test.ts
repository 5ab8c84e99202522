import { parse } from "csv-parse/sync";
import { eq, inArray, sql } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { getDb, type Transaction } from "~/db/client.server";
import {
  history,
  treasuryAccounts,
  treasuryBudgetLines,
  treasuryCategories,
  treasuryEntries,
  treasuryYears,
} from "~/db/schema";
import { euros } from "~/lib/money";
import { answered } from "../../../tests/routes";
import { describeEachDatabase } from "../../../tests/db";
import { pdfText } from "../../../tests/pdf";
import { assertYearOpen, TreasuryRefusal } from "./book.server";
import { budgetAction, yearAccountsAction } from "./year-accounts.admin.server";
import { yearAccountsPdf } from "./year-accounts.pdf.server";
import { BUDGET_AMOUNT_MESSAGE } from "./year-accounts.schema";
import {
  allCategories,
  closeYear,
  entriesCsv,
  saveBudget,
  statementSide,
  yearAccounts,
  type StatementSide,
} from "./year-accounts.server";

// The year's accounts add up: over a year of pseudo-random entries (fixed seed) across categories, sub-categories,
// accounts and transfers, every parent is the sum of the lines under it, every total the sum of its lines, the
// accounts' closings follow from their entries, and the CSV and the PDF give the same totals.

const YEAR = 2025;
const inTx = <T>(work: (tx: Transaction) => Promise<T>) => getDb().transaction(work);
const actor = { id: null, username: "claire" };

/** A deterministic pseudo-random sequence (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const normal = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

const textOf = async (data: Buffer) => normal(await pdfText(data));

type Entry = typeof treasuryEntries.$inferInsert;

interface Book {
  accounts: { id: number; code: string; openingCents: number; openingYear: number }[];
  entries: Entry[];
}

/** Three accounts (the savings one kept from YEAR only) and the entries of YEAR − 1 and YEAR, drawn at random. */
async function randomBook(count: number, previousCount: number): Promise<Book> {
  const accounts = await getDb()
    .insert(treasuryAccounts)
    .values([
      { name: "Crédit Agricole", kind: "banque", code: "512", openingCents: 150_000, openingYear: YEAR - 1 },
      { name: "Caisse", kind: "caisse", code: "530", openingCents: 20_000, openingYear: YEAR - 1, position: 1 },
      { name: "Livret A", kind: "epargne", code: "5171", openingCents: 500_000, openingYear: YEAR, position: 2 },
    ])
    .returning();
  const categories = await allCategories();
  const next = random(2027);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const means = ["cheque", "virement", "especes", "carte", "helloasso", "prelevement", "autre"] as const;
  const entries: Entry[] = [];
  const draw = (year: number, n: number) => {
    const kept = accounts.filter((a) => a.openingYear <= year);
    for (let i = 0; i < n; i++) {
      const date = `${year}-${String(1 + Math.floor(next() * 12)).padStart(2, "0")}-${String(1 + Math.floor(next() * 28)).padStart(2, "0")}`;
      const amountCents = 1 + Math.floor(next() * 80_000);
      const account = pick(kept);
      const roll = next();
      const base = { year, date, amountCents, accountId: account.id, means: pick(means), enteredBy: "test" };
      if (roll < 0.15) {
        const to = pick(kept.filter((a) => a.id !== account.id));
        entries.push({ ...base, label: `Virement ${i}`, direction: "virement", toAccountId: to.id, categoryId: null });
      } else {
        const category = pick(categories);
        // Now and then an entry against its category's way (a refund): it lowers the category.
        const against = next() < 0.05;
        const direction = against ? (category.direction === "recette" ? "depense" : "recette") : category.direction;
        entries.push({
          ...base,
          label: i === 0 ? "=SOMME(A1:A9)" : `Écriture ${i}`,
          direction,
          categoryId: category.id,
          payer: i % 7 === 0 ? "@Tiers suspect" : `Tiers ${i}`,
          chequeNumber: base.means === "cheque" ? String(1_000_000 + i) : "",
          reference: `F-${i}`,
        });
      }
    }
  };
  draw(YEAR - 1, previousCount);
  draw(YEAR, count);
  for (let i = 0; i < entries.length; i += 100)
    await getDb()
      .insert(treasuryEntries)
      .values(entries.slice(i, i + 100));
  return { accounts, entries };
}

/** Each parent line equals the sum of the lines right under it, and the side's total the sum of its top lines. */
function expectTreeAddsUp(side: StatementSide) {
  const columns = ["cents", "previousCents", "budgetCents"] as const;
  side.lines.forEach((line, i) => {
    if (!line.hasChildren) return;
    const under = [];
    for (let j = i + 1; j < side.lines.length && side.lines[j]!.depth > line.depth; j++)
      if (side.lines[j]!.depth === line.depth + 1) under.push(side.lines[j]!);
    expect(under.length).toBeGreaterThan(0);
    for (const column of columns) expect(line[column]).toBe(under.reduce((sum, l) => sum + l[column], 0));
  });
  const top = side.lines.filter((l) => l.depth === 0);
  for (const column of columns) expect(side[column]).toBe(top.reduce((sum, l) => sum + l[column], 0));
}

describeEachDatabase("the year's accounts", () => {
  beforeEach(async () => {
    const db = getDb();
    await db.delete(treasuryEntries);
    await db.delete(treasuryBudgetLines);
    await db.delete(treasuryYears);
    await db.delete(treasuryAccounts);
  });

  it("adds up a year of random entries: categories with their sub-categories, totals, result, accounts, CSV, PDF", async () => {
    const book = await randomBook(300, 120);
    const categories = await allCategories();
    const byCode = new Map(categories.map((c) => [c.code, c]));
    // The budget: parents and sub-categories, both sides.
    const budget = new Map<number, number | null>([
      [byCode.get("60")!.id, 10_000],
      [byCode.get("606")!.id, 25_000],
      [byCode.get("6061")!.id, 40_000],
      [byCode.get("616")!.id, 35_000],
      [byCode.get("756")!.id, 400_000],
      [byCode.get("7562")!.id, 30_000],
      [byCode.get("74")!.id, 150_000],
    ]);
    await inTx((tx) => saveBudget(tx, YEAR, budget));

    const a = await yearAccounts(YEAR);
    expect(a.entryCount).toBe(300);
    expectTreeAddsUp(a.income);
    expectTreeAddsUp(a.expenses);
    expect(a.result.cents).toBe(a.income.cents - a.expenses.cents);
    expect(a.result.previousCents).toBe(a.income.previousCents - a.expenses.previousCents);

    // Every top category, from the entries themselves: its own and its descendants', signed by direction.
    const parentOf = new Map(categories.map((c) => [c.id, c.parentId]));
    const rootOf = (id: number): number => {
      const parent = parentOf.get(id);
      return parent === null || parent === undefined ? id : rootOf(parent);
    };
    const directionOf = new Map(categories.map((c) => [c.id, c.direction]));
    const expectedByRoot = (year: number) => {
      const sums = new Map<number, number>();
      for (const e of book.entries.filter((x) => x.year === year && x.direction !== "virement")) {
        const sign = e.direction === directionOf.get(e.categoryId!) ? 1 : -1;
        const root = rootOf(e.categoryId!);
        sums.set(root, (sums.get(root) ?? 0) + sign * e.amountCents);
      }
      return sums;
    };
    const current = expectedByRoot(YEAR);
    const previous = expectedByRoot(YEAR - 1);
    for (const line of [...a.income.lines, ...a.expenses.lines].filter((l) => l.depth === 0)) {
      expect(line.cents).toBe(current.get(line.id) ?? 0);
      expect(line.previousCents).toBe(previous.get(line.id) ?? 0);
    }
    // The budget rolled up: 60 holds its own, 606's and 6061's.
    const line60 = a.expenses.lines.find((l) => l.code === "60" && !l.own)!;
    expect(line60.budgetCents).toBe(10_000 + 25_000 + 40_000);
    expect(a.expenses.lines.find((l) => l.code === "606" && !l.own)!.budgetCents).toBe(25_000 + 40_000);
    expect(a.income.lines.find((l) => l.code === "75")!.budgetCents).toBe(430_000);
    expect(a.income.budgetCents).toBe(430_000 + 150_000);
    expect(a.expenses.budgetCents).toBe(75_000 + 35_000);
    expect(a.result.budgetCents).toBe(580_000 - 110_000);

    // The previous year's column is that year's own figures.
    const before = await yearAccounts(YEAR - 1);
    // The year before is in the book; the one before that is not, and is shown as such, not as a year of zeros.
    expect(a.previousKept).toBe(true);
    expect(before.previousKept).toBe(false);
    const firstYear = await textOf(
      await yearAccountsPdf({
        association: "A",
        accounts: before,
        owedCents: 0,
        nextBudget: null,
        madeAt: new Date(),
        treasurer: "",
      }),
    );
    expect(firstYear).toMatch(/\n60 Achats -?[\d ]+,\d\d € — 0,00 €/);
    expect(firstYear).toMatch(/\((?:produits − charges)\) -?[\d ]+,\d\d € — /);
    expect(a.income.previousCents).toBe(before.income.cents);
    expect(a.expenses.previousCents).toBe(before.expenses.cents);

    // The accounts: each closing from its entries; all together, transfers cancel out and the result remains.
    for (const account of a.accounts) {
      const kept = book.accounts.find((x) => x.id === account.id)!;
      const signed = (year: number) =>
        book.entries
          .filter((e) => e.year === year)
          .reduce((sum, e) => {
            if (e.direction === "recette" && e.accountId === account.id) return sum + e.amountCents;
            if (e.direction === "depense" && e.accountId === account.id) return sum - e.amountCents;
            if (e.direction === "virement" && e.accountId === account.id) return sum - e.amountCents;
            if (e.direction === "virement" && e.toAccountId === account.id) return sum + e.amountCents;
            return sum;
          }, 0);
      const opening = kept.openingCents + (kept.openingYear < YEAR ? signed(YEAR - 1) : 0);
      expect(account.openingCents).toBe(opening);
      expect(account.closingCents).toBe(opening + signed(YEAR));
      expect(account.closingCents).toBe(account.openingCents + account.inCents - account.outCents);
    }
    expect(a.accounts).toHaveLength(3);
    const sum = (pick: (x: (typeof a.accounts)[number]) => number) => a.accounts.reduce((s, x) => s + pick(x), 0);
    expect(a.accountTotals.openingCents).toBe(sum((x) => x.openingCents));
    expect(a.accountTotals.closingCents).toBe(sum((x) => x.closingCents));
    expect(a.accountTotals.inCents).toBe(sum((x) => x.inCents));
    expect(a.accountTotals.outCents).toBe(sum((x) => x.outCents));
    expect(a.accountTotals.closingCents - a.accountTotals.openingCents).toBe(a.result.cents);

    // The CSV: one line an entry, amounts adding up to the year's, Paheko's debit and credit, no formula.
    const csv = await entriesCsv(YEAR);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const rows = parse(csv.slice(1), { delimiter: ";", columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(300);
    const cents = (text: string) => {
      const [whole, part] = text.split(",");
      return Number(whole) * 100 + Number(part);
    };
    const yearEntries = book.entries.filter((e) => e.year === YEAR);
    expect(rows.reduce((s, r) => s + cents(r["Montant"]!), 0)).toBe(yearEntries.reduce((s, e) => s + e.amountCents, 0));
    const codeOf = new Map(book.accounts.map((x) => [x.id, x.code]));
    const categoryCode = new Map(categories.map((c) => [c.id, c.code]));
    const plain = yearEntries.filter((e) => !e.label.startsWith("="));
    const recette = plain.find((e) => e.direction === "recette")!;
    const depense = plain.find((e) => e.direction === "depense")!;
    const virement = yearEntries.find((e) => e.direction === "virement")!;
    const rowOf = (e: Entry) => rows.find((r) => r["Libellé"] === e.label && cents(r["Montant"]!) === e.amountCents)!;
    expect(rowOf(recette)["Compte de débit"]).toBe(codeOf.get(recette.accountId));
    expect(rowOf(recette)["Compte de crédit"]).toBe(categoryCode.get(recette.categoryId!));
    expect(rowOf(depense)["Compte de débit"]).toBe(categoryCode.get(depense.categoryId!));
    expect(rowOf(depense)["Compte de crédit"]).toBe(codeOf.get(depense.accountId));
    expect(rowOf(virement)["Compte de débit"]).toBe(codeOf.get(virement.toAccountId!));
    expect(rowOf(virement)["Compte de crédit"]).toBe(codeOf.get(virement.accountId));
    expect(rows.every((r) => /^\d{2}\/\d{2}\/\d{4}$/.test(r["Date"]!))).toBe(true);
    expect(rows.some((r) => r["Libellé"] === "'=SOMME(A1:A9)")).toBe(true);
    expect(rows.some((r) => r["Tiers"] === "'@Tiers suspect")).toBe(true);
    expect(rows.some((r) => r["Libellé"]!.startsWith("=") || r["Tiers"]!.startsWith("@"))).toBe(false);

    // The PDF gives the same totals.
    const text = await textOf(
      await yearAccountsPdf({
        association: "Jardins familiaux des Brosses",
        accounts: a,
        owedCents: 12_345,
        nextBudget: null,
        madeAt: new Date(),
        treasurer: "Claire Dubois",
      }),
    );
    expect(text).toContain(`Comptes de l'exercice ${YEAR}`);
    expect(text).toContain("Jardins familiaux des Brosses");
    for (const figure of [
      a.expenses.cents,
      a.income.cents,
      a.expenses.previousCents,
      a.income.previousCents,
      a.result.cents,
      a.accountTotals.closingCents,
      a.accountTotals.openingCents,
      12_345,
    ])
      expect(text).toContain(normal(euros(figure)));
    expect(text).toContain(a.result.cents >= 0 ? "Excédent" : "Déficit");
    expect(text).not.toContain(" — ");
  });

  it("shows the volunteer hours apart from the result, and the next year's budget in the PDF", async () => {
    await getDb()
      .insert(treasuryAccounts)
      .values({ name: "Compte courant", kind: "banque", code: "512", openingCents: 0, openingYear: YEAR });
    const url = new URL(`http://localhost/admin/tresorerie/comptes-annuels?annee=${YEAR}`);
    const form = new FormData();
    form.set("intent", "benevolat");
    form.set("hours", "350");
    form.set("hourValue", "15,20");
    const done = await yearAccountsAction(url, form, actor);
    expect(done).toMatchObject({ ok: true, intent: "benevolat" });
    const a = await yearAccounts(YEAR);
    expect(a.volunteer).toEqual({ hours: 350, hourCents: 1520, cents: 532_000 });
    expect(a.result.cents).toBe(0);
    const [entry] = await getDb().select().from(history).where(eq(history.kind, "tresorerie.benevolat"));
    expect(entry?.detail).toContain("avant : 0 h");

    const categories = await allCategories();
    const code = (c: string) => categories.find((x) => x.code === c)!.id;
    await inTx((tx) =>
      saveBudget(
        tx,
        YEAR + 1,
        new Map([
          [code("756"), 420_000],
          [code("6068"), 61_500],
        ]),
      ),
    );
    const none = new Map<number, number>();
    const next = new Map([
      [code("756"), 420_000],
      [code("6068"), 61_500],
    ]);
    const text = await textOf(
      await yearAccountsPdf({
        association: "Potager",
        accounts: a,
        owedCents: 0,
        nextBudget: {
          income: statementSide(categories, "recette", { year: none, previous: none, budget: next }),
          expenses: statementSide(categories, "depense", { year: none, previous: none, budget: next }),
        },
        madeAt: new Date(),
        treasurer: "",
      }),
    );
    expect(text).toContain("Contributions volontaires en nature");
    expect(text).toContain(normal(euros(532_000)));
    expect(text).toContain(`Budget prévisionnel ${YEAR + 1}`);
    expect(text).toContain(normal(euros(420_000 - 61_500)));
  });

  it("saves the budget in one go, keeps the earlier amounts in the history, and refuses a wrong amount on its field", async () => {
    const categories = await allCategories();
    const id = (c: string) => categories.find((x) => x.code === c)!.id;
    const url = new URL(`http://localhost/admin/tresorerie/budget?annee=${YEAR + 1}`);
    const form = (fields: Record<string, string>) => {
      const f = new FormData();
      f.set("intent", "budget");
      for (const [k, v] of Object.entries(fields)) f.set(k, v);
      return f;
    };
    expect(
      await budgetAction(url, form({ [`c${id("756")}`]: "4 200", [`c${id("616")}`]: "350,50" }), actor),
    ).toMatchObject({
      ok: true,
    });
    const refused = answered<{ errors: Record<string, string>; values: Record<string, string> }>(
      await budgetAction(url, form({ [`c${id("756")}`]: "4 500", [`c${id("616")}`]: "douze" }), actor),
    );
    expect(refused.status).toBe(400);
    expect(refused.value.errors[`c${id("616")}`]).toBe(BUDGET_AMOUNT_MESSAGE);
    expect(refused.value.values[`c${id("616")}`]).toBe("douze");
    expect(refused.value.values[`c${id("756")}`]).toBe("4 500");
    // Nothing of the refused form was kept.
    const lines = await getDb()
      .select()
      .from(treasuryBudgetLines)
      .where(inArray(treasuryBudgetLines.categoryId, [id("756"), id("616")]));
    expect(new Map(lines.map((l) => [l.categoryId, l.amountCents]))).toEqual(
      new Map([
        [id("756"), 420_000],
        [id("616"), 35_050],
      ]),
    );
    // Emptied: the line goes; the history keeps what it was.
    await budgetAction(url, form({ [`c${id("756")}`]: "4200", [`c${id("616")}`]: "" }), actor);
    const entries = await getDb()
      .select()
      .from(history)
      .where(eq(history.kind, "tresorerie.budget"))
      .orderBy(history.id);
    expect(entries).toHaveLength(2);
    expect(normal(entries[1]!.detail!)).toContain(`616 Assurances : ${normal(euros(35_050))} → —`);
  });

  it("closes a past year once, then refuses its entries; the current year cannot be closed", async () => {
    const spring = new Date("2026-04-02T10:00:00Z");
    const close = (year: number, approvedOn: string) =>
      inTx((tx) => closeYear(tx, year, "claire", 2026, approvedOn, spring));
    await expect(close(2026, "2026-03-21")).rejects.toBeInstanceOf(TreasuryRefusal);
    // The assembly approves the accounts after the year's end, and on a day that has come.
    await expect(close(YEAR, "2025-12-31")).rejects.toThrow(
      "L'assemblée générale approuve les comptes de 2025 après la fin de l'exercice : indiquez une date après le 31 décembre 2025.",
    );
    await expect(close(YEAR, "2026-04-03")).rejects.toThrow(/indiquez une date passée/);
    await close(YEAR, "2026-03-21");
    const [row] = await getDb().select().from(treasuryYears).where(eq(treasuryYears.year, YEAR));
    expect(row?.closedAt).toEqual(spring);
    expect(row?.closedBy).toBe("claire");
    expect(row?.approvedOn).toBe("2026-03-21");
    expect((await yearAccounts(YEAR)).closed?.approvedOn).toBe("2026-03-21");
    await expect(inTx((tx) => assertYearOpen(tx, YEAR))).rejects.toThrow(/clôturé/);
    await expect(close(YEAR, "2026-03-21")).rejects.toThrow(/déjà clôturé \(le 2 avril 2026\)/);
    // The accounts' PDF says it, with the officers' signatures and each page numbered.
    const pdf = await textOf(
      await yearAccountsPdf({
        association: "Jardins familiaux des Brosses",
        accounts: await yearAccounts(YEAR),
        owedCents: 0,
        nextBudget: null,
        madeAt: spring,
        treasurer: "Claire Dubois",
      }),
    );
    expect(pdf).toContain("Comptes approuvés par l'assemblée générale du 21 mars 2026.");
    expect(pdf).toMatch(
      /La présidente ou le président\s+…+\s+Signature :\s+La trésorière ou le trésorier\s+Claire Dubois/,
    );
    expect(pdf).toMatch(/Jardins familiaux des Brosses · comptes de l'exercice 2025 · page 1 \/ \d/);
    // The budget of a closed year no longer changes.
    const [category] = await getDb().select().from(treasuryCategories).where(eq(treasuryCategories.code, "756"));
    await expect(inTx((tx) => saveBudget(tx, YEAR, new Map([[category!.id, 100]])))).rejects.toBeInstanceOf(
      TreasuryRefusal,
    );
    // The closing form without its box is refused on the box.
    const url = new URL(`http://localhost/admin/tresorerie/comptes-annuels?annee=${YEAR - 1}`);
    const f = new FormData();
    f.set("intent", "cloture");
    const refused = answered<{ errors: Record<string, string> }>(await yearAccountsAction(url, f, actor));
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.value.errors).sort()).toEqual(["approvedOn", "confirm"]);
    const counted = await getDb()
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(treasuryYears)
      .where(sql`${treasuryYears.closedAt} is not null`);
    expect(counted[0]!.n).toBe(1);
  });
});
