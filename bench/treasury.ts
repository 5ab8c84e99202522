// `npm run bench:treasury`: the treasurer's screens on a year of the book (bench/treasury-db.ts: 2,000 entries of this
// year, 400 of them the register's payments of 440 fees, 300 of last year, budgets), on the embedded database and,
// when BENCH_POSTGRES_URL (or TEST_DATABASE_URL) names a PostgreSQL server, on a scratch database there too.
// - p50/p95 time to the last byte of each screen, signed in, uncached (PAGE_CACHE_MB=0), 30 requests one after the
//   other over loopback after 3 to warm up; a screen not in the build (answered 404, or sent elsewhere) is said absent;
// - the year's accounts as a PDF and the entries as a CSV (the same), with their size;
// - the server's memory at the end (VmHWM, the most it held), under the production runtime's limits.
// Budgets: p95 ≤ 100 ms a screen, the PDF under 2 s, the server within 384 MiB.
import { onEachDatabase } from "./lib/databases";
import { benchScreens, REQUESTS, WARM_UP } from "./lib/screens";
import { signIn } from "../tests/fuzz/session";

/** The treasury's screens, by the year filled; add a line for a new one. */
const screens = (year: number) => [
  { path: "/admin/tresorerie" },
  { path: `/admin/tresorerie/ecritures?annee=${year}` },
  { path: `/admin/tresorerie/ecritures?annee=${year}&sens=depense&moyen=cheque` },
  { path: "/admin/tresorerie/remises" },
  { path: "/admin/tresorerie/rapprochement" },
  { path: "/admin/tresorerie/recus" },
  { path: `/admin/tresorerie/comptes-annuels?annee=${year}` },
  { path: `/admin/tresorerie/budget?annee=${year + 1}` },
  { path: "/admin/tresorerie/parametres" },
  { path: `/admin/tresorerie/comptes-annuels/pdf?annee=${year}`, kind: "pdf" as const, budget: 2000 },
  { path: `/admin/tresorerie/ecritures/export?annee=${year}`, kind: "csv" as const, budget: 2000 },
];

console.log(
  `Budgets : p95 ≤ 100 ms par écran, PDF et CSV ≤ 2 s, 384 Mio ; ${REQUESTS} requêtes par écran après ${WARM_UP} d'échauffement.`,
);
await onEachDatabase((label, databaseUrl) =>
  benchScreens<{ year: number; summary: string }>(label, databaseUrl, {
    filler: "treasury-db.ts",
    cookie: (server, _filled, admin) => signIn(server.url, admin.username, admin.password),
    width: 70,
    screens: ({ year }) => screens(year),
  }),
);
