import type { SignedInGardener } from "./gardener-auth.server";

/** What « Mon jardin » shows a signed-in gardener. */
export async function gardenSpaceData(gardener: SignedInGardener, _url: URL) {
  return { gardener: { name: gardener.name, email: gardener.email } };
}
export type GardenSpaceData = Awaited<ReturnType<typeof gardenSpaceData>>;
