import fsp from "node:fs/promises";
import path from "node:path";
import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { annonces, associationContent, blogPosts, events, media } from "~/db/schema";
import { describeEachDatabase } from "../../../tests/db";
import { usePrivateMediaDir } from "../../../tests/media";
import { makeImage } from "../../../tests/fakes/images";
import { createBlogPost, deleteBlogPost } from "~/modules/blog/blog.server";
import { createEvent, deleteEvent } from "~/modules/events/events.server";
import { cleanupUnusedMedia, MEDIA_GRACE_MS } from "./media-cleanup.server";
import { IMAGE_VARIANTS } from "./media.schema";
import { saveImage, setMediaDir, type StoredImage } from "./media.server";

const mediaDir = usePrivateMediaDir();

const later = () => new Date(Date.now() + MEDIA_GRACE_MS + 60_000);

async function images(n: number) {
  const stored: StoredImage[] = [];
  for (let i = 0; i < n; i++) stored.push(await saveImage({ buffer: await makeImage(100 + i, 80, "jpeg") }));
  return stored;
}

async function hashesOnDisk() {
  return new Set((await fsp.readdir(mediaDir())).map((f) => f.slice(0, 32)));
}

describeEachDatabase("cleanupUnusedMedia", () => {
  it("removes images no content references, keeps every referenced one", async () => {
    const [home, association, cover, annex, eventCover, eventAnnex, adPhoto, unused] = await images(8);
    const db = getDb();
    await db
      .insert(associationContent)
      .values({ imageAccueil: home!.url, imagesAssociation: [association!.url, null, null] });
    await db
      .insert(blogPosts)
      .values({ title: "Semis", content: "<p>Texte</p>", image: cover!.url, imagesAnnexes: [annex!.url] });
    await db.insert(events).values({
      title: "Fête des jardins",
      content: "<p>Venez</p>",
      start: new Date(),
      endDate: new Date(),
      date: "2026-06-01",
      image: eventCover!.url,
      imagesAnnexes: [eventAnnex!.url],
    });
    await db.insert(annonces).values({ nom: "Lucie", telephone: "0612345678", type: "donne", photo2: adPhoto!.url });

    const result = await cleanupUnusedMedia({ now: later() });
    expect(result.removedImages).toEqual([unused!.hash]);
    expect(result.removedFiles).toBe(IMAGE_VARIANTS.length * 2);
    const rows = await db.select({ hash: media.hash }).from(media);
    expect(rows).toHaveLength(7);
    const onDisk = await hashesOnDisk();
    expect(onDisk.has(unused!.hash)).toBe(false);
    for (const image of [home, association, cover, annex, eventCover, eventAnnex, adPhoto])
      expect(onDisk.has(image!.hash)).toBe(true);
  });

  it("keeps a recent upload whose form is not saved yet", async () => {
    const [fresh] = await images(1);
    const result = await cleanupUnusedMedia();
    expect(result.removedImages).toEqual([]);
    expect((await hashesOnDisk()).has(fresh!.hash)).toBe(true);
  });

  it("removes the files once the last reference is gone", async () => {
    const [photo] = await images(1);
    const db = getDb();
    await db.insert(annonces).values({ nom: "Marc", telephone: "0612345678", type: "vend", photo1: photo!.url });
    expect((await cleanupUnusedMedia({ now: later() })).removedImages).toEqual([]);
    await db.delete(annonces);
    expect((await cleanupUnusedMedia({ now: later() })).removedImages).toEqual([photo!.hash]);
    expect(await fsp.readdir(mediaDir())).toEqual([]);
  });

  it("an article or event deleted from the back-office leaves its images to the cleanup, unless another uses them", async () => {
    const [cover, annex, shared] = await images(3);
    const post = await createBlogPost({
      title: "Semis",
      content: "<p>Texte</p>",
      image: cover!.url,
      imagesAnnexes: [annex!.url, shared!.url],
      author: "Admin",
    });
    const event = await createEvent({
      title: "Fête",
      description: "",
      location: "",
      content: "<p>Venez</p>",
      start: new Date(),
      endDate: new Date(),
      image: shared!.url,
      imagesAnnexes: [],
    });
    expect(await deleteBlogPost(post.id)).toBe(true);
    expect((await cleanupUnusedMedia({ now: later() })).removedImages.sort()).toEqual(
      [cover!.hash, annex!.hash].sort(),
    );
    expect(await deleteEvent(event.id)).toBe(true);
    expect((await cleanupUnusedMedia({ now: later() })).removedImages).toEqual([shared!.hash]);
    expect(await fsp.readdir(mediaDir())).toEqual([]);
  });

  it("removes old files that have no row (an interrupted upload) and stale temporary files", async () => {
    const orphan = `${"a".repeat(32)}-100x80-400.jpg`;
    const temp = `.tmp-0123456789ab-${orphan}`;
    const recentOrphan = `${"b".repeat(32)}-100x80-400.jpg`;
    for (const name of [orphan, temp, recentOrphan]) await fsp.writeFile(path.join(mediaDir(), name), "x");
    // Ages by the server's clock, which may not be the file system's.
    const now = new Date();
    await fsp.utimes(path.join(mediaDir(), recentOrphan), now, now);
    const old = new Date(now.getTime() - 2 * MEDIA_GRACE_MS);
    await fsp.utimes(path.join(mediaDir(), orphan), old, old);
    await fsp.utimes(path.join(mediaDir(), temp), old, old);
    const result = await cleanupUnusedMedia();
    expect(result.removedFiles).toBe(2);
    expect(await fsp.readdir(mediaDir())).toEqual([recentOrphan]);
  });

  it("works when the media directory does not exist yet", async () => {
    setMediaDir(path.join(mediaDir(), "absent"));
    expect(await cleanupUnusedMedia()).toEqual({ removedImages: [], removedFiles: 0 });
  });
});
