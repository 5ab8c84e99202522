// `npm run bench:plots`: the « Parcelles » back-office at the scale of ten years (bench/plots-db.ts: 4 sites, 400
// plots, 600 gardeners, three years of fees, twelve monthly rounds per site), on the embedded database and, when
// BENCH_POSTGRES_URL (or TEST_DATABASE_URL) names a PostgreSQL server, on a scratch database there too.
// - p50/p95 time to the last byte of each screen and CSV export, signed in, 30 requests one after the other over
//   loopback after 3 to warm up: server time, as no network or browser is in it;
// - the size of each answer (the CSV files' rows too), and the server's peak memory (VmHWM) at the end.
// Budget: p95 ≤ 100 ms for each screen.
import { onEachDatabase } from "./lib/databases";
import { benchScreens, REQUESTS, WARM_UP } from "./lib/screens";
import { signIn } from "../tests/fuzz/session";

console.log(`Budget : p95 ≤ 100 ms par écran ; ${REQUESTS} requêtes par écran après ${WARM_UP} d'échauffement.`);
await onEachDatabase((label, databaseUrl) =>
  benchScreens<{ siteId: number; search: string; summary: string }>(label, databaseUrl, {
    filler: "plots-db.ts",
    cookie: (server, _filled, admin) => signIn(server.url, admin.username, admin.password),
    width: 42,
    screens: ({ siteId, search }) => [
      { path: "/admin/parcelles" },
      { path: `/admin/parcelles/jardins/${siteId}` },
      { path: "/admin/jardiniers" },
      { path: `/admin/jardiniers?q=${search}` },
      { path: "/admin/cotisations" },
      { path: `/admin/parcelles/jardins/${siteId}/imprimer` },
      { path: "/admin/jardiniers/export", kind: "csv" },
      { path: "/admin/parcelles/export", kind: "csv" },
      { path: "/admin/cotisations/export", kind: "csv" },
    ],
  }),
);
