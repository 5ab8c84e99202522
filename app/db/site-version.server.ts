import { eq } from "drizzle-orm";
import { getDb } from "./client.server";
import { siteVersion } from "./runtime.tables";

/** The version of what public pages show, moved on by the database at every write to it (migration 0010). */
export async function readSiteVersion(): Promise<number> {
  const [row] = await getDb().select({ version: siteVersion.version }).from(siteVersion).where(eq(siteVersion.id, 1));
  return row?.version ?? 0;
}
