// `npm run bench:garden-space`: « Mon jardin » as a gardener of long standing finds it, in a register at the scale
// of ten years (bench/plots-db.ts, then bench/garden-space-db.ts: thirteen years of fees, ten of them paid with their
// receipts), on the embedded database and, when BENCH_POSTGRES_URL (or TEST_DATABASE_URL) names a PostgreSQL server,
// on a scratch database there too.
// - p50/p95 time to the last byte of each page and file, signed in, 30 requests one after the other over loopback
//   after 3 to warm up (bench/lib/screens.ts); the server's peak memory at the end.
// Budgets: p95 ≤ 100 ms a page, a statement's PDF under 2 s.
import { onEachDatabase } from "./lib/databases";
import { benchScreens, REQUESTS, WARM_UP } from "./lib/screens";
import { productionRuntime } from "../scripts/production-runtime";

// The cookie's name as `npm start` runs the site (production: `__Host-` prefixed).
const COOKIE = productionRuntime().env.NODE_ENV === "production" ? "__Host-jardin" : "jardin";

console.log(
  `Budgets : p95 ≤ 100 ms par page, PDF ≤ 2 s ; ${REQUESTS} requêtes par écran après ${WARM_UP} d'échauffement.`,
);
await onEachDatabase((label, databaseUrl) =>
  benchScreens<{ token: string; year: number; summary: string }>(label, databaseUrl, {
    filler: ["plots-db.ts", "garden-space-db.ts"],
    cookie: async (_server, { token }) => `${COOKIE}=${encodeURIComponent(token)}`,
    width: 44,
    screens: ({ year }) => [
      { path: "/mon-jardin" },
      { path: "/mon-jardin/coordonnees" },
      { path: `/mon-jardin/attestations/${year - 5}`, kind: "pdf", budget: 2000 },
      { path: "/mon-jardin/mes-donnees" },
    ],
  }),
);
