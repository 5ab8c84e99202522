import fsp from "node:fs/promises";
import path from "node:path";
import { and, eq, lt, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { annonces } from "~/modules/ads/ads.tables";
import { blogPosts } from "~/modules/blog/blog.tables";
import { associationContent } from "~/modules/content/content.tables";
import { events } from "~/modules/events/events.tables";
import { media } from "~/modules/media/media.tables";
import { autosaves, contentVersions } from "~/modules/publishing/publishing.tables";
import type { Job } from "~/server/jobs.server";
import { logger } from "~/server/logger.server";
import { MEDIA_FILE_PATTERN } from "./media.schema";
import { getMediaDir } from "./media.server";

/**
 * An upload is referenced only once its form is saved; until then it must survive. A day covers
 * any editing session.
 */
export const MEDIA_GRACE_MS = 24 * 60 * 60 * 1000;

export interface CleanupResult {
  removedImages: string[];
  removedFiles: number;
}

/**
 * Hashes of stored images no content references any more. References are URLs in the image
 * columns (and rich text) of association_content, blog_posts, events and annonces, and in the earlier versions and
 * autosaves of articles and events (a version restored brings its images back); a URL contains the hash, so a text
 * search on the hash finds every form of it (JSON arrays included).
 */
async function unreferencedHashes(cutoff: Date) {
  const m = media;
  const referencedIn = (text: ReturnType<typeof sql>) => sql`${text} like '%' || ${m.hash} || '%'`;
  const rows = await getDb()
    .select({ hash: m.hash })
    .from(m)
    .where(
      and(
        lt(m.createdAt, cutoff),
        sql`not exists (select 1 from ${associationContent} where ${referencedIn(
          sql`concat_ws(' ', ${associationContent.imageAccueil}, ${associationContent.headerIcon}, ${associationContent.imagesAssociation}::text, ${associationContent.contentAssociation})`,
        )})`,
        sql`not exists (select 1 from ${blogPosts} where ${referencedIn(
          sql`concat_ws(' ', ${blogPosts.image}, ${blogPosts.imagesAnnexes}::text, ${blogPosts.content})`,
        )})`,
        sql`not exists (select 1 from ${events} where ${referencedIn(
          sql`concat_ws(' ', ${events.image}, ${events.imagesAnnexes}::text, ${events.content})`,
        )})`,
        sql`not exists (select 1 from ${annonces} where ${referencedIn(sql`concat_ws(' ', ${annonces.photo1}, ${annonces.photo2})`)})`,
        sql`not exists (select 1 from ${contentVersions} where ${referencedIn(sql`${contentVersions.snapshot}::text`)})`,
        sql`not exists (select 1 from ${autosaves} where ${referencedIn(sql`${autosaves.fields}::text`)})`,
      ),
    );
  return rows.map((r) => r.hash);
}

async function listDir(dir: string) {
  try {
    return await fsp.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

/**
 * Removes the files and rows of images no content references and that were not uploaded or reused
 * within the grace period, plus files with no row (an interrupted upload) older than that.
 */
export async function cleanupUnusedMedia(options: { now?: Date; graceMs?: number } = {}): Promise<CleanupResult> {
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - (options.graceMs ?? MEDIA_GRACE_MS));
  const db = getDb();
  const removedImages: string[] = [];
  for (const hash of await unreferencedHashes(cutoff)) {
    // The date condition again: a reuse since the search keeps the image.
    const deleted = await db
      .delete(media)
      .where(and(eq(media.hash, hash), lt(media.createdAt, cutoff)))
      .returning({ hash: media.hash });
    if (deleted.length) removedImages.push(hash);
  }

  const dir = getMediaDir();
  const known = new Set((await db.select({ hash: media.hash }).from(media)).map((r) => r.hash));
  let removedFiles = 0;
  for (const name of await listDir(dir)) {
    const file = path.join(dir, name);
    const match = MEDIA_FILE_PATTERN.exec(name);
    let remove = false;
    if (match) {
      const hash = match[1]!;
      if (removedImages.includes(hash)) remove = true;
      else if (!known.has(hash)) remove = (await fsp.stat(file)).mtime < cutoff;
    } else if (name.startsWith(".tmp-")) {
      remove = (await fsp.stat(file)).mtimeMs < now.getTime() - 60 * 60 * 1000;
    }
    if (remove) {
      await fsp.rm(file, { force: true });
      removedFiles++;
    }
  }
  if (removedImages.length || removedFiles) {
    logger.info({ images: removedImages.length, files: removedFiles }, "images inutilisées supprimées");
  }
  return { removedImages, removedFiles };
}

/** The cleanup, once a day in the server (first run after ten minutes). */
export const mediaCleanupJob: Job<unknown> = {
  name: "nettoyage des images",
  everyMs: MEDIA_GRACE_MS,
  firstAfterMs: 10 * 60_000,
  once: true,
  run: () => cleanupUnusedMedia(),
};
