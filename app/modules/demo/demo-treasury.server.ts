import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { getDb, type Transaction } from "~/db/client.server";
import * as tables from "~/db/schema";
import { madePdf, storeDocumentFile } from "~/modules/documents/document-files.server";
import { bookPayment, categoryIdOf } from "~/modules/treasury/book.server";
import { issueReceipt } from "~/modules/treasury/receipts.server";
import type { TreasuryMeans } from "~/modules/treasury/treasury.labels";
import { counted } from "~/lib/text";
import { textPdfWithPages } from "./demo.pdf.server";
import { DEMO_SITE_TEXTS } from "./demo.content";
import { addDays, calendarDay } from "~/lib/paris-time";
import { euros } from "~/lib/money";

// The demo's book (decision 031): two years of a garden association's accounts as its treasurer keeps them — the
// fees from the register, the water, the insurance, the seeds, the federation, the town's grant, a plant sale — with
// cheque deposits, a reconciled statement, a budget, and last year closed after its assembly approved it.

type Payment = typeof tables.gardenerPayments.$inferSelect;

/** The bank account's IBAN on the demo's deposit slips: the fee call's, the official example. */
const DEMO_IBAN = DEMO_SITE_TEXTS.feeIban;

const BANKS = [
  "Crédit Agricole Centre-Est",
  "Banque Populaire AURA",
  "LCL",
  "La Banque Postale",
  "Caisse d'Épargne Rhône Alpes",
  "Crédit Mutuel",
];

interface DemoEntry {
  /** Month (1–12) and day. */
  on: [number, number];
  label: string;
  cents: number;
  code: string;
  means: TreasuryMeans;
  payer: string;
  account?: "banque" | "caisse" | "epargne";
  reference?: string;
  /** A demo invoice joined as its proof. */
  invoice?: string[];
}

const DIRECTIONS: Record<string, "recette" | "depense"> = { "6": "depense", "7": "recette" };

/** A year's expenses and income other than the register's; `bump` makes one year differ from the other. */
function yearEntries(year: number, bump: number): DemoEntry[] {
  const c = (cents: number) => Math.round((cents * (100 + bump)) / 100);
  const water = (quarter: number, cents: number, on: [number, number]): DemoEntry => ({
    on,
    label: `Eau des jardins — relevé du ${quarter === 1 ? "1er" : `${quarter}e`} trimestre`,
    cents: c(cents),
    code: "6061",
    means: "prelevement",
    payer: "Eau du Grand Lyon",
    reference: `EGL-${year}-${quarter}-48213`,
    invoice:
      quarter === 3
        ? [
            `Facture n° EGL-${year}-3-48213, abonné 48213 (Jardins familiaux, chemin des Brosses, Vénissieux).`,
            `Consommation du 1er juillet au 30 septembre ${year} : ${Math.round(c(cents) / 520)} m³ relevés au compteur général.`,
            `Montant prélevé le 15 octobre ${year} : ${euros(c(cents))} TTC.`,
          ]
        : undefined,
  });
  return [
    water(1, 4210, [1, 15]),
    {
      on: [1, 18],
      label: "Assurance multirisque et responsabilité civile de l'association",
      cents: c(41236),
      code: "616",
      means: "prelevement",
      payer: "MAIF",
      reference: `Contrat 3 402 871 K — ${year}`,
      invoice: [
        `Avis d'échéance ${year}, contrat n° 3 402 871 K « Raqvam associations ».`,
        "Garanties : responsabilité civile de l'association et de ses bénévoles, locaux et abris de jardin, matériel commun.",
        `Cotisation annuelle prélevée le 18 janvier ${year}.`,
      ],
    },
    {
      on: [2, 10],
      label: "Semences pour la parcelle pédagogique",
      cents: c(8640),
      code: "6068",
      means: "carte",
      payer: "Graines Baumaux",
      reference: `CB-${year}-0210`,
    },
    {
      on: [2, 20],
      label: "Timbres pour les convocations à l'assemblée générale",
      cents: 4620,
      code: "626",
      means: "especes",
      payer: "La Poste",
      account: "caisse",
    },
    {
      on: [2, 28],
      label: `Cotisation fédérale ${year} (62 parcelles)`,
      cents: 62 * 550,
      code: "628",
      means: "virement",
      payer: "Fédération nationale des jardins familiaux et collectifs",
      reference: `FNJFC-${year}-0691`,
    },
    {
      on: [3, 3],
      label: "Deux brouettes et une grelinette pour l'outillage partagé",
      cents: c(28900),
      code: "6063",
      means: "cheque",
      payer: "Quincaillerie Bardet",
      reference: `Facture ${year}-118`,
    },
    water(2, 8640, [4, 15]),
    {
      on: [4, 12],
      label: "Plants et terreau pour la parcelle pédagogique",
      cents: c(13490),
      code: "6068",
      means: "carte",
      payer: "Jardinerie de Corbas",
    },
    {
      on: [5, 15],
      label: `Subvention de fonctionnement ${year}`,
      cents: 80000,
      code: "744",
      means: "virement",
      payer: "Ville de Vénissieux",
      reference: `Délibération ${year}-DEL-0412`,
    },
    {
      on: [5, 16],
      label: "Vente de plants à la bourse aux plants",
      cents: c(14200),
      code: "707",
      means: "especes",
      payer: "Bourse aux plants",
      account: "caisse",
    },
    {
      on: [6, 20],
      label: "Électricité du local commun",
      cents: c(9600),
      code: "6061",
      means: "prelevement",
      payer: "EDF",
    },
    {
      on: [6, 21],
      label: "Boissons et collation de la fête des jardins",
      cents: c(17835),
      code: "625",
      means: "carte",
      payer: "Métro Vénissieux",
    },
    {
      on: [6, 21],
      label: "Collecte de la fête des jardins",
      cents: c(6350),
      code: "7541",
      means: "especes",
      payer: "Visiteurs de la fête",
      account: "caisse",
    },
    water(3, 21275, [7, 15]),
    {
      on: [9, 7],
      label: "Réparation de la serrure du portail des Brosses",
      cents: c(23640),
      code: "615",
      means: "cheque",
      payer: "Serrurerie Martin",
      reference: `Facture ${year}-0907`,
    },
    water(4, 16820, [10, 15]),
    {
      on: [11, 8],
      label: "Don pour le composteur collectif des Brosses",
      cents: 5000,
      code: "7541",
      means: "cheque",
      payer: "Jeanne Morel",
    },
    {
      on: [11, 12],
      label: "Vente des pommes du verger partagé",
      cents: c(3500),
      code: "707",
      means: "cheque",
      payer: "Épicerie solidaire de Vénissieux",
    },
    {
      on: [10, 18],
      label: "Location d'un broyeur de végétaux pour la journée de broyage",
      cents: 14500,
      code: "613",
      means: "cheque",
      payer: "Kiloutou Vénissieux",
    },
    {
      on: [12, 31],
      label: `Intérêts du livret ${year}`,
      cents: c(6840),
      code: "768",
      means: "virement",
      payer: "Crédit Mutuel",
      account: "epargne",
    },
  ];
}

/** The budget voted for a year, by category number, in cents. */
const BUDGET: Record<string, number> = {
  "6061": 60000,
  "6063": 30000,
  "6068": 25000,
  "613": 15000,
  "615": 20000,
  "616": 42000,
  "625": 20000,
  "626": 5000,
  "627": 5000,
  "628": 34500,
  "707": 15000,
  "744": 80000,
  "7541": 5000,
  "756": 140000,
  "7562": 50000,
  "768": 6000,
};

const dateOf = (year: number, [month, day]: [number, number]) =>
  `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;

/**
 * Seeds the book on a fresh site, in the register's transaction: its payments booked (cheques with their numbers and
 * banks), two years of expenses and income, monthly bank fees, a transfer of the cash box, the cheques deposited
 * month by month (the last few left to deposit), last year's statement reconciled, budgets, last year closed.
 */
export async function seedDemoTreasury(
  tx: Transaction,
  [last, year]: readonly [number, number],
  today: string,
  payments: Payment[],
) {
  const [others] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(tables.treasuryEntries)
    .where(isNull(tables.treasuryEntries.paymentId));
  if ((others?.n ?? 0) > 0) return;
  const accounts = await tx
    .select()
    .from(tables.treasuryAccounts)
    .orderBy(asc(tables.treasuryAccounts.position), asc(tables.treasuryAccounts.id));
  const bank = accounts.find((a) => a.kind === "banque");
  const cash = accounts.find((a) => a.kind === "caisse");
  if (!bank || !cash) return;
  // The book starts on 1 January of last year with what the accounts held then.
  await tx
    .update(tables.treasuryAccounts)
    .set({ openingYear: last, openingCents: 284612, iban: DEMO_IBAN })
    .where(eq(tables.treasuryAccounts.id, bank.id));
  await tx
    .update(tables.treasuryAccounts)
    .set({ openingYear: last, openingCents: 6450 })
    .where(eq(tables.treasuryAccounts.id, cash.id));
  const [savings] = await tx
    .insert(tables.treasuryAccounts)
    .values({
      name: "Livret A",
      kind: "epargne",
      code: "5171",
      openingCents: 320000,
      openingYear: last,
      position: 2,
      isDemo: true,
    })
    .returning();

  for (const [i, payment] of payments.entries())
    await bookPayment(tx, payment, "Bureau", {
      chequeNumber: payment.means === "cheque" ? String(8_412_300 + i * 37) : "",
      chequeBank: payment.means === "cheque" ? BANKS[i % BANKS.length] : "",
    });

  const accountIds = { banque: bank.id, caisse: cash.id, epargne: savings!.id };
  const codes = new Map<string, number>();
  const categoryOf = async (code: string) => {
    if (!codes.has(code)) codes.set(code, await categoryIdOf(tx, code));
    return codes.get(code)!;
  };
  const rows: (typeof tables.treasuryEntries.$inferInsert)[] = [];
  for (const [y, bump] of [
    [last, 0],
    [year, 4],
  ] as const) {
    for (const entry of yearEntries(y, bump)) {
      const date = dateOf(y, entry.on);
      if (date > today) continue;
      let attachment = {};
      if (entry.invoice) {
        const pdf = textPdfWithPages({ title: `${entry.payer} — ${entry.label}`, paragraphs: entry.invoice });
        const file = madePdf(pdf.data, pdf.pages);
        await storeDocumentFile(file);
        attachment = { attachmentHash: file.hash, attachmentFormat: file.format };
      }
      rows.push({
        year: y,
        date,
        label: entry.label,
        amountCents: entry.cents,
        direction: DIRECTIONS[entry.code[0]!]!,
        accountId: accountIds[entry.account ?? "banque"],
        categoryId: await categoryOf(entry.code),
        means: entry.means,
        chequeNumber: entry.means === "cheque" ? String(2_031_540 + rows.length) : "",
        payer: entry.payer,
        reference: entry.reference ?? "",
        ...attachment,
        enteredBy: "Bureau",
        isDemo: true,
      });
    }
    for (let month = 1; month <= 12; month++) {
      const date = dateOf(y, [month, 5]);
      if (date > today) continue;
      rows.push({
        year: y,
        date,
        label: "Frais de tenue de compte",
        amountCents: 390,
        direction: "depense",
        accountId: bank.id,
        categoryId: await categoryOf("627"),
        means: "prelevement",
        payer: "Crédit Mutuel",
        enteredBy: "Bureau",
        isDemo: true,
      });
    }
    const deposit = dateOf(y, [6, 23]);
    if (deposit <= today)
      rows.push({
        year: y,
        date: deposit,
        label: "Dépôt des espèces de la fête et de la bourse aux plants",
        amountCents: 18000,
        direction: "virement",
        accountId: cash.id,
        toAccountId: bank.id,
        means: "especes",
        enteredBy: "Bureau",
        isDemo: true,
      });
  }
  await tx.insert(tables.treasuryEntries).values(rows);

  await depositCheques(tx, bank.id, today);
  await payOutHelloAsso(tx, bank.id, today);
  await reconcile(tx, bank.id, dateOf(last, [12, 31]), new Date(Date.UTC(year, 0, 12, 10)));

  const budgetLines: (typeof tables.treasuryBudgetLines.$inferInsert)[] = [];
  for (const y of [last, year, year + 1])
    for (const [code, cents] of Object.entries(BUDGET))
      budgetLines.push({
        year: y,
        // One query at a time: the transaction's connection takes no more.
        categoryId: await categoryOf(code),
        // Each year's budget a little above the one before: water and insurance go up.
        amountCents: Math.round((cents * (100 + 3 * (y - year))) / 100),
        isDemo: true,
      });
  await tx.insert(tables.treasuryBudgetLines).values(budgetLines);
  // Last year's accounts approved at this spring's assembly, with the volunteers' hours valued at the minimum wage.
  await tx
    .insert(tables.treasuryYears)
    .values({
      year: last,
      closedAt: new Date(Date.UTC(year, 2, 21, 18)),
      closedBy: "Bureau",
      approvedOn: `${year}-03-21`,
      volunteerHours: 420,
      volunteerHourCents: 1188,
      isDemo: true,
    })
    .onConflictDoUpdate({
      target: tables.treasuryYears.year,
      set: {
        closedAt: new Date(Date.UTC(year, 2, 21, 18)),
        closedBy: "Bureau",
        approvedOn: `${year}-03-21`,
        volunteerHours: 420,
        volunteerHourCents: 1188,
        isDemo: true,
      },
    });
}

/**
 * Receipts the treasurer made for this year's latest fees paid by cheque, signed by the bureau (no treasurer's name is
 * set: that is the association's to give). Made as any receipt is.
 */
export async function seedDemoReceipts() {
  const e = tables.treasuryEntries;
  const paid = await getDb()
    .select({ id: e.id })
    .from(e)
    .where(and(eq(e.isDemo, true), isNotNull(e.paymentId), eq(e.means, "cheque")))
    .orderBy(desc(e.date), desc(e.id))
    .limit(3);
  // Marked the demo's by their entries'; no one made them, so Historique does not say so.
  for (const { id } of paid) await issueReceipt(id, { id: null, username: "Le bureau" }, { history: false });
}

/** The cheques received, deposited at the end of each month; the last three weeks' (three at least) still to deposit. */
async function depositCheques(tx: Transaction, bankId: number, today: string) {
  const e = tables.treasuryEntries;
  const cheques = await tx
    .select({ id: e.id, date: e.date })
    .from(e)
    .where(and(eq(e.direction, "recette"), eq(e.means, "cheque")))
    .orderBy(asc(e.date), asc(e.id));
  const cutoff = addDays(today, -21);
  const byMonth = new Map<string, number[]>();
  // The last three of the open year wait for the next deposit, whenever the demo is made.
  const waiting = new Set(
    cheques
      .filter((c) => c.date.slice(0, 4) === today.slice(0, 4))
      .slice(-3)
      .map((c) => c.id),
  );
  for (const cheque of cheques) {
    if (cheque.date > cutoff || waiting.has(cheque.id)) continue;
    const month = cheque.date.slice(0, 7);
    byMonth.set(month, [...(byMonth.get(month) ?? []), cheque.id]);
  }
  // One cheque waiting was recorded without its number: the deposit asks for it, with the cheque in hand.
  const [unnumbered] = [...waiting];
  if (unnumbered !== undefined) await tx.update(e).set({ chequeNumber: "" }).where(eq(e.id, unnumbered));
  for (const [month, ids] of byMonth) {
    const lastDay = cheques.filter((c) => ids.includes(c.id)).at(-1)!.date;
    const on = lastDay < `${month}-25` ? `${month}-25` : lastDay;
    const [deposit] = await tx
      .insert(tables.treasuryDeposits)
      .values({ accountId: bankId, depositedOn: on > today ? today : on, createdBy: "Bureau", isDemo: true })
      .returning({ id: tables.treasuryDeposits.id });
    await tx.update(e).set({ depositId: deposit!.id }).where(inArray(e.id, ids));
  }
}

/**
 * HelloAsso's payouts: each month's online payments paid out together on the 10th of the next month, as HelloAsso
 * does, the month before today's (and today's) still « à recevoir ». Its account, made by the payments, is the demo's.
 */
async function payOutHelloAsso(tx: Transaction, bankId: number, today: string) {
  const e = tables.treasuryEntries;
  const a = tables.treasuryAccounts;
  const [account] = await tx.update(a).set({ isDemo: true }).where(eq(a.kind, "helloasso")).returning();
  if (!account) return;
  const paid = await tx
    .select({ id: e.id, date: e.date, amountCents: e.amountCents })
    .from(e)
    .where(and(eq(e.accountId, account.id), eq(e.direction, "recette")))
    .orderBy(asc(e.date), asc(e.id));
  const byMonth = new Map<string, typeof paid>();
  for (const p of paid) byMonth.set(p.date.slice(0, 7), [...(byMonth.get(p.date.slice(0, 7)) ?? []), p]);
  for (const [month, payments] of byMonth) {
    // The 10th of the month after.
    const on = calendarDay(Number(month.slice(0, 4)), Number(month.slice(5, 7)) + 1, 10);
    if (on >= today) continue;
    const [transfer] = await tx
      .insert(e)
      .values({
        year: Number(on.slice(0, 4)),
        date: on,
        label: `Versement HelloAsso (${counted(payments.length, "paiement", "paiements")})`,
        amountCents: payments.reduce((sum, p) => sum + p.amountCents, 0),
        direction: "virement",
        accountId: account.id,
        toAccountId: bankId,
        means: "virement",
        enteredBy: "Bureau",
        isDemo: true,
      })
      .returning({ id: e.id });
    await tx
      .update(e)
      .set({ payoutId: transfer!.id })
      .where(
        inArray(
          e.id,
          payments.map((p) => p.id),
        ),
      );
  }
}

/** A statement of the bank account on `day`, every movement up to it ticked (cheques once deposited), reconciled. */
async function reconcile(tx: Transaction, bankId: number, day: string, closedAt: Date) {
  const e = tables.treasuryEntries;
  const [statement] = await tx
    .insert(tables.treasuryStatements)
    .values({ accountId: bankId, statementDate: day, balanceCents: 0, closedAt, createdBy: "Bureau", isDemo: true })
    .returning({ id: tables.treasuryStatements.id });
  const shown = and(
    lte(e.date, day),
    or(sql`${e.means} <> 'cheque'`, sql`${e.direction} <> 'recette'`, sql`${e.depositId} is not null`),
  );
  await tx
    .update(e)
    .set({ statementId: statement!.id })
    .where(and(eq(e.accountId, bankId), shown));
  await tx
    .update(e)
    .set({ toStatementId: statement!.id })
    .where(and(eq(e.toAccountId, bankId), shown));
  // Its balance is what the ticked movements leave: the book and the statement agree, the difference is zero.
  const [ticked] = await tx
    .select({
      cents:
        sql<number>`coalesce(sum(case when ${e.direction} = 'recette' or ${e.toAccountId} = ${bankId} then ${e.amountCents} else -${e.amountCents} end), 0)`.mapWith(
          Number,
        ),
    })
    .from(e)
    .where(or(eq(e.statementId, statement!.id), eq(e.toStatementId, statement!.id)));
  const [bank] = await tx.select().from(tables.treasuryAccounts).where(eq(tables.treasuryAccounts.id, bankId));
  await tx
    .update(tables.treasuryStatements)
    .set({ balanceCents: bank!.openingCents + (ticked?.cents ?? 0) })
    .where(eq(tables.treasuryStatements.id, statement!.id));
}

/**
 * Removes the demo's book, part of the register's demo (not counted apart): its own entries (those of the removed
 * payments went with them), deposits, statements, budget lines, savings account and closing; the accounts it opened go
 * back to no opening balance while nothing of the association's own is in them.
 */
export async function removeDemoTreasury(tx: Transaction) {
  const e = tables.treasuryEntries;
  await tx.delete(e).where(and(eq(e.isDemo, true), isNull(e.paymentId)));
  await tx.delete(tables.treasuryReceipts).where(eq(tables.treasuryReceipts.isDemo, true));
  await tx.delete(tables.treasuryDeposits).where(eq(tables.treasuryDeposits.isDemo, true));
  await tx.delete(tables.treasuryStatements).where(eq(tables.treasuryStatements.isDemo, true));
  await tx.delete(tables.treasuryBudgetLines).where(eq(tables.treasuryBudgetLines.isDemo, true));
  await tx
    .update(tables.treasuryYears)
    .set({ closedAt: null, closedBy: "", approvedOn: null, volunteerHours: 0, volunteerHourCents: 0, isDemo: false })
    .where(eq(tables.treasuryYears.isDemo, true));
  const a = tables.treasuryAccounts;
  const demoAccounts = await tx.select({ id: a.id }).from(a).where(eq(a.isDemo, true));
  for (const { id } of demoAccounts) {
    const [used] = await tx
      .select({ id: e.id })
      .from(e)
      .where(or(eq(e.accountId, id), eq(e.toAccountId, id)))
      .limit(1);
    if (!used) await tx.delete(a).where(eq(a.id, id));
  }
  // The example IBAN never stays on the association's own account's slips.
  await tx.update(a).set({ iban: "" }).where(eq(a.iban, DEMO_IBAN));
  await tx
    .update(a)
    .set({ openingCents: 0, openingYear: sql`extract(year from now())::smallint` })
    .where(sql`not exists (select 1 from ${e} where ${e.accountId} = ${a.id} or ${e.toAccountId} = ${a.id})`);
}
