import type { GardenSpaceData } from "~/modules/garden-space/space.server";

/** « Mon jardin » for a signed-in gardener. */
export function GardenSpace({ space }: { space: GardenSpaceData }) {
  return <p>Bonjour {space.gardener.name}</p>;
}
