// The database side of `npm run bench:treasury`, run with the server stopped (it holds the embedded database): a year
// of the treasurer's book, deterministically, in bulk inserts. 440 gardeners with this year's fee, 400 of them paid
// in the register (each payment with its entry, as the register books it), 1,600 other entries of this year across
// the chart's categories, three accounts and transfers (2,000 in all), 300 of last year, and budgets of this year and
// the next. Prints what the bench asks for, as JSON.
import "../scripts/load-env.ts";
import { closeDatabase, openDatabaseFor, print } from "../scripts/command.ts";

const { getDb } = await import("~/db/client.server");
const t = await import("~/db/schema");
const { parisToday } = await import("~/lib/paris-time");
const { vacuumAndAnalyze } = await import("~/db/upkeep.server");
const { allCategories } = await import("~/modules/treasury/year-accounts.server");

const GARDENERS = 440;
const PAYMENTS = 400;
const ENTRIES = 2000;
const PREVIOUS = 300;

const today = parisToday();
const year = Number(today.slice(0, 4));
// Entries up to yesterday at the latest: the year under way.
const lastMonth = Number(today.slice(5, 7));
const dayOf = (y: number, i: number) => {
  const month = y < year ? 1 + (i % 12) : 1 + (i % lastMonth);
  const day = 1 + ((i * 7) % (y < year || month < lastMonth ? 28 : Math.max(1, Number(today.slice(8, 10)) - 1)));
  return `${y}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
};
const MEANS = ["cheque", "virement", "especes", "helloasso"] as const;
const OTHER_MEANS = ["cheque", "virement", "especes", "carte", "prelevement", "autre"] as const;
async function bulk<T>(rows: T[], insert: (chunk: T[]) => Promise<{ id: number }[]>) {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 500) ids.push(...(await insert(rows.slice(i, i + 500))).map((r) => r.id));
  return ids;
}

const handle = await openDatabaseFor("le banc d'essai de la trésorerie");
try {
  const db = getDb();
  // The accounts: kept here from last year, and a savings book.
  await db.delete(t.treasuryAccounts);
  const [bank, cash, savings] = await db
    .insert(t.treasuryAccounts)
    .values([
      { name: "Compte courant", kind: "banque", code: "512", openingCents: 412_050, openingYear: year - 1 },
      { name: "Caisse", kind: "caisse", code: "530", openingCents: 18_040, openingYear: year - 1, position: 1 },
      { name: "Livret A", kind: "epargne", code: "5171", openingCents: 650_000, openingYear: year - 1, position: 2 },
    ])
    .returning();
  const accounts = [bank!, cash!, savings!];
  const categories = await allCategories();
  const fee = categories.find((c) => c.code === "756")!;
  const others = categories.filter((c) => c.code !== "756");

  const gardenerIds = await bulk(
    Array.from({ length: GARDENERS }, (_, i) => ({
      name: `Jardinier ${i + 1}`,
      email: `jardinier${i + 1}@banc.example`,
      startDate: `${year - 3}-03-01`,
    })),
    (c) => db.insert(t.gardeners).values(c).returning({ id: t.gardeners.id }),
  );
  await db.insert(t.feeCalls).values({
    year,
    smallCents: 3500,
    mediumCents: 4500,
    largeCents: 5500,
    calledAt: new Date(Date.UTC(year, 1, 1)),
    dueOn: `${year}-03-31`,
    calledBy: "Bureau",
  });
  const feeRows = gardenerIds.map((gardenerId, i) => ({
    gardenerId,
    year,
    amountCents: [3500, 4500, 5500][i % 3]!,
    dueOn: `${year}-03-31`,
    rate: "selon la taille",
    calledAt: new Date(Date.UTC(year, 1, 1)),
  }));
  const feeIds = await bulk(feeRows, (c) => db.insert(t.gardenerFees).values(c).returning({ id: t.gardenerFees.id }));
  const paymentRows = feeRows.slice(0, PAYMENTS).map((f, i) => ({
    gardenerId: f.gardenerId,
    kind: "cotisation" as const,
    year,
    amountCents: f.amountCents,
    paidOn: dayOf(year, i),
    means: MEANS[i % 4]!,
    feeId: feeIds[i]!,
  }));
  const paymentIds = await bulk(paymentRows, (c) =>
    db.insert(t.gardenerPayments).values(c).returning({ id: t.gardenerPayments.id }),
  );
  type Entry = typeof t.treasuryEntries.$inferInsert;
  const entries: Entry[] = paymentRows.map((p, i) => ({
    year,
    date: p.paidOn,
    label: `Cotisation ${year}`,
    amountCents: p.amountCents,
    direction: "recette",
    accountId: p.means === "especes" ? cash!.id : bank!.id,
    categoryId: fee.id,
    means: p.means,
    chequeNumber: p.means === "cheque" ? String(3_000_000 + i) : "",
    payer: `Jardinier ${i + 1}`,
    paymentId: paymentIds[i]!,
    gardenerId: p.gardenerId,
    enteredBy: "registre",
  }));
  const other = (y: number, i: number): Entry => {
    const date = dayOf(y, i * 3 + 1);
    const amountCents = 500 + ((i * 7919) % 60_000);
    if (i % 12 === 5)
      return {
        year: y,
        date,
        label: `Virement ${i}`,
        amountCents,
        direction: "virement",
        accountId: accounts[i % 2]!.id,
        toAccountId: accounts[(i % 2) + 1]!.id,
        means: "virement",
        enteredBy: "Trésorier",
      };
    const category = others[(i * 13) % others.length]!;
    return {
      year: y,
      date,
      label: `${category.label} — pièce ${i}`,
      amountCents,
      direction: category.direction,
      accountId: i % 9 === 0 ? cash!.id : bank!.id,
      categoryId: category.id,
      means: OTHER_MEANS[i % OTHER_MEANS.length]!,
      payer: `Fournisseur ${i % 40}`,
      reference: `F-${y}-${i}`,
      enteredBy: "Trésorier",
    };
  };
  for (let i = 0; entries.length < ENTRIES; i++) entries.push(other(year, i));
  for (let i = 0; i < PREVIOUS; i++) entries.push(other(year - 1, i));
  await bulk(entries, (c) => db.insert(t.treasuryEntries).values(c).returning({ id: t.treasuryEntries.id }));
  for (const y of [year, year + 1])
    await db
      .insert(t.treasuryBudgetLines)
      .values(categories.map((c, i) => ({ year: y, categoryId: c.id, amountCents: 10_000 + ((i * 4111) % 90_000) })))
      .onConflictDoNothing();
  await db
    .insert(t.treasuryYears)
    .values({ year, volunteerHours: 1200, volunteerHourCents: 1520 })
    .onConflictDoUpdate({ target: t.treasuryYears.year, set: { volunteerHours: 1200, volunteerHourCents: 1520 } });
  await vacuumAndAnalyze();
  print(
    JSON.stringify({
      year,
      summary: `${entries.length - PREVIOUS} écritures en ${year} (dont ${PAYMENTS} paiements du registre sur ${GARDENERS} cotisations), ${PREVIOUS} en ${year - 1}, 3 comptes, budgets ${year} et ${year + 1}`,
    }),
  );
} finally {
  await closeDatabase(handle);
}
