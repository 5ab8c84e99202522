import type { Route } from "./+types/my-data";
import { requireGardener } from "~/modules/garden-space/gardener-session.server";
import { exportMyData } from "~/modules/garden-space/my-details.server";

/**
 * GET /mon-jardin/mes-donnees: everything stored under the signed-in gardener's address, as the bureau's « Données
 * d'une personne » exports it (RGPD right of access), as a JSON file never kept by a cache.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const exported = await exportMyData(await requireGardener(request));
  return new Response(`${JSON.stringify(exported, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="mes-donnees-${exported.exportedAt.slice(0, 10)}.json"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
