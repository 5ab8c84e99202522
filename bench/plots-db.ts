// The database side of `npm run bench:plots`, run with the server stopped (it holds the embedded database): fills the
// plots' register as ten years of the association would leave it, deterministically, in bulk inserts. 4 sites of 100
// plots (360 attributed), 350 current gardeners (10 of them with a second plot) and 250 former ones who left within
// the retention period, fees of the last three years (a tenth of this year's unpaid) with their calls, and a round a
// month for twelve months on each site (a few warnings). Prints what the bench asks for, as JSON.
import "../scripts/load-env.ts";
import { closeDatabase, openDatabaseFor, print } from "../scripts/command.ts";

const { getDb } = await import("~/db/client.server");
const t = await import("~/db/schema");
const { parisToday } = await import("~/lib/paris-time");
const { feeFor } = await import("~/modules/register/fees.server");
const { vacuumAndAnalyze } = await import("~/db/upkeep.server");

const SITES = [
  { name: "Jardin du Tonkin", town: "Villeurbanne", address: "Rue Louis Guérin" },
  { name: "Jardin des Gratte-Ciel", town: "Villeurbanne", address: "Rue Paul Verlaine" },
  { name: "Jardin du Mas du Taureau", town: "Vaulx-en-velin", address: "Allée du Mas" },
  { name: "Jardin de la Soie", town: "Vaulx-en-velin", address: "Rue de la Soie" },
];
const FIRST = "Anne, Bernard, Chantal, Driss, Élise, Fatou, Gérard, Hélène, Ibrahim, Jeanne, Karim, Lucie, Marcel, \
Nadia, Olivier, Paulette, Rachid, Sophie, Thierry, Yasmina".split(", ");
const LAST = "Moreau, Garcia, Benali, Lefèvre, Nguyen, Rousseau, Diallo, Fontaine, Petit, Mercier, Bonnet, Chevalier, \
Da Silva, Dupuis, Faure, Girard, Haddad, Joly, Lambert, Martin, Masson, Morel, Perrin, Roux, Schmitt, Traoré, Vidal, \
Blanc, Colin, Durand".split(", ");
const MEANS = ["cheque", "virement", "especes", "helloasso"];
const CURRENT = 350;
const FORMER = 250;

const today = parisToday();
const year = Number(today.slice(0, 4));
const DAY = 86_400_000;
const shift = (date: string, days: number) => new Date(Date.parse(date) + days * DAY).toISOString().slice(0, 10);
const slug = (name: string) =>
  name
    .normalize("NFD")
    .replace(/[^A-Za-z]+/g, ".")
    .toLowerCase();
const person = (i: number) => {
  const name = `${FIRST[i % 20]} ${LAST[Math.floor(i / 20) % 30]}`;
  const email = i % 10 === 9 ? "" : `${slug(name)}@exemple.fr`;
  const mobile = `06 ${String(10_000_000 + i * 7919).replace(/(\d\d)(?=\d)/g, "$1 ")}`;
  return { name, email, mobile, address: `${(i % 90) + 1} rue des Jardins, Villeurbanne` };
};
async function bulk<T>(rows: T[], insert: (chunk: T[]) => Promise<{ id: number }[]>) {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 500) ids.push(...(await insert(rows.slice(i, i + 500))).map((r) => r.id));
  return ids;
}

const handle = await openDatabaseFor("le banc d'essai des parcelles");
try {
  const db = getDb();
  const siteIds = await bulk(SITES, (c) => db.insert(t.gardenSites).values(c).returning({ id: t.gardenSites.id }));
  const states = ["libre", "libre", "reservee", "remise_en_etat"] as const;
  const plotRows = siteIds.flatMap((siteId, s) =>
    Array.from({ length: 100 }, (_, n) => {
      const i = s * 100 + n;
      return {
        siteId,
        number: n + 1,
        area: 90 + ((i * 37) % 160),
        kind: n % 25 === 24 ? ("partagee" as const) : ("familiale" as const),
        cabinValue: i % 3 === 0 ? (i * 13) % 300 : null,
        state: i % 40 < 4 ? states[i % 40]! : ("attribuee" as const),
      };
    }),
  );
  const plotIds = await bulk(plotRows, (c) => db.insert(t.plots).values(c).returning({ id: t.plots.id }));
  const attributed = plotRows.flatMap((p, i) => (p.state === "attribuee" ? [{ ...p, id: plotIds[i]! }] : []));

  // Attributed plot k: held by current gardener k, or (k ≥ 350) as a second plot by gardener 260 + (k - 350) * 7. Its
  // first 250 were held before by former gardener k, who left within the last three years (the retention period).
  const formerEnd = (k: number) => shift(today, -30 - ((k * 4) % 1050));
  const holdingStart = (k: number) =>
    k < FORMER ? shift(formerEnd(k), 1) : k < CURRENT ? `${year - 10 + (k % 8)}-03-01` : `${year - 1}-03-01`;
  const currentRows = Array.from({ length: CURRENT }, (_, g) => ({
    ...person(g),
    startDate: holdingStart(g),
    endDate: null as string | null,
  }));
  const formerRows = Array.from({ length: FORMER }, (_, f) => ({
    ...person(CURRENT + f),
    startDate: shift(formerEnd(f), -365 * (2 + (f % 6))),
    endDate: formerEnd(f),
  }));
  const gardenerIds = await bulk([...currentRows, ...formerRows], (c) =>
    db.insert(t.gardeners).values(c).returning({ id: t.gardeners.id }),
  );
  const holderOf = (k: number) => (k < CURRENT ? k : 260 + (k - CURRENT) * 7);
  const holdings = [
    ...attributed.map((p, k) => ({ plotId: p.id, gardenerId: gardenerIds[holderOf(k)]!, startDate: holdingStart(k) })),
    ...formerRows.map((g, f) => ({
      plotId: attributed[f]!.id,
      gardenerId: gardenerIds[CURRENT + f]!,
      startDate: g.startDate,
      endDate: g.endDate,
    })),
  ];
  await bulk(holdings, (c) => db.insert(t.plotHoldings).values(c).returning({ id: t.plotHoldings.id }));

  // Fees of the last three years, to whoever held a plot that year, by the sizes of the plots they held.
  const calls = [0, 1, 2].map((d) => ({
    year: year - 2 + d,
    smallCents: 3300 + d * 100,
    mediumCents: 4300 + d * 100,
    largeCents: 5300 + d * 100,
    calledAt: new Date(Date.UTC(year - 2 + d, 2, 1)),
    dueOn: `${year - 2 + d}-03-31`,
  }));
  await db.insert(t.feeCalls).values(calls.map((c) => ({ ...c, calledBy: "Bureau" })));
  const areasOf = new Map<number, number[]>();
  for (const [k, p] of attributed.entries()) areasOf.set(holderOf(k), [...(areasOf.get(holderOf(k)) ?? []), p.area]);
  for (const f of formerRows.keys()) areasOf.set(CURRENT + f, [attributed[f]!.area]);
  const everyone = [...currentRows, ...formerRows];
  // A fee per gardener and year, and its payments: most paid, some in part (20 €), a few due, waived or cancelled.
  const fees = calls.flatMap((call) =>
    everyone.flatMap((g, i) => {
      const held = g.startDate <= `${call.year}-12-31` && (g.endDate === null || g.endDate >= `${call.year}-03-01`);
      if (!held) return [];
      const unpaid = call.year === year ? i % 10 === 3 : i % 97 === 3;
      const paidOn = `${call.year}-04-${String((i % 28) + 1).padStart(2, "0")}`;
      const amountCents = feeFor(areasOf.get(i)!, call);
      return [
        {
          fee: {
            gardenerId: gardenerIds[i]!,
            year: call.year,
            amountCents,
            dueOn: `${call.year}-03-31`,
            rate: "selon la taille",
            calledAt: call.calledAt,
            remindedAt: unpaid && i % 20 === 3 ? new Date(call.calledAt.getTime() + 60 * DAY) : null,
            ...(i % 53 === 7 ? { status: "waived" as const, waivedCents: amountCents, reason: "Exonérée" } : {}),
            ...(i % 71 === 9 ? { status: "cancelled" as const, reason: "Départ avant la saison" } : {}),
          },
          paid: unpaid ? 0 : i % 13 === 5 ? 2000 : amountCents,
          paidOn: paidOn < today ? paidOn : today,
          means: MEANS[i % 4]!,
        },
      ];
    }),
  );
  const feeIds = await bulk(fees, (c) =>
    db
      .insert(t.gardenerFees)
      .values(c.map((f) => f.fee))
      .returning({ id: t.gardenerFees.id }),
  );
  const payments = fees.flatMap((f, k) =>
    f.paid > 0 && f.fee.status === undefined
      ? [
          {
            gardenerId: f.fee.gardenerId,
            kind: "cotisation" as const,
            year: f.fee.year,
            amountCents: f.paid,
            paidOn: f.paidOn,
            means: f.means,
            feeId: feeIds[k]!,
          },
        ]
      : [],
  );
  await bulk(payments, (c) => db.insert(t.gardenerPayments).values(c).returning({ id: t.gardenerPayments.id }));

  // A round a month on each site, the last twelve months: a mark for each plot held then, a warning now and then.
  const rounds = siteIds.flatMap((siteId, s) =>
    Array.from({ length: 12 }, (_, m) => ({ siteId, date: shift(today, -3 - 30 * m - s), inspector: LAST[m % 10]! })),
  );
  const roundIds = await bulk(rounds, (c) =>
    db.insert(t.inspectionRounds).values(c).returning({ id: t.inspectionRounds.id }),
  );
  const marks = rounds.flatMap((round, r) =>
    attributed.flatMap((p, k) => {
      if (p.siteId !== round.siteId || holdingStart(k) > round.date) return [];
      const warned = (k * 7 + r) % 89 === 0 || (k % 60 === 5 && r % 12 < 2);
      return [
        {
          roundId: roundIds[r]!,
          plotId: p.id,
          gardenerId: gardenerIds[holderOf(k)]!,
          result: warned ? ("avertissement" as const) : ("conforme" as const),
          note: warned ? "Parcelle non entretenue, herbes hautes dans les allées." : "",
          mailQueuedAt: warned ? new Date(Date.parse(round.date)) : null,
        },
      ];
    }),
  );
  await bulk(marks, (c) => db.insert(t.inspectionMarks).values(c).returning({ id: t.inspectionMarks.id }));
  // The planner's statistics for the new sizes, as `npm run demo:large` does.
  await vacuumAndAnalyze();
  print(
    JSON.stringify({
      siteId: siteIds[0],
      search: LAST[3],
      summary:
        `${siteIds.length} jardins, ${plotRows.length} parcelles (${attributed.length} attribuées), ` +
        `${everyone.length} jardiniers (${CURRENT} actuels), ${fees.length} cotisations et ${payments.length} paiements ` +
        `(${fees.filter((f) => f.fee.year === year && f.paid < f.fee.amountCents && !f.fee.status).length} à régler en ${year}), ${rounds.length} visites, ` +
        `${marks.length} constats (${marks.filter((m) => m.result === "avertissement").length} avertissements)`,
    }),
  );
} finally {
  await closeDatabase(handle);
}
