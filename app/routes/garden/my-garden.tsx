import { GardenSpace } from "~/components/garden-space/GardenSpace";
import { getGardener } from "~/modules/garden-space/gardener-session.server";
import { gardenSpaceData } from "~/modules/garden-space/space.server";
import type { Route } from "./+types/my-garden";

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

export async function loader({ request }: Route.LoaderArgs) {
  const gardener = await getGardener(request);
  return gardener ? { space: await gardenSpaceData(gardener, new URL(request.url)) } : { space: null };
}

export default function MyGarden({ loaderData }: Route.ComponentProps) {
  return (
    <main id="contenu" className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold">Mon jardin</h1>
      {loaderData.space ? <GardenSpace space={loaderData.space} /> : null}
    </main>
  );
}
