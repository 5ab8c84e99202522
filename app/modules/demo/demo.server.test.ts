import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { LEGAL_FIELDS } from "~/modules/content/content.defaults";
import { describeEachDatabase } from "../../../tests/db";
import { countPendingAds, countValidatedAds, listAllAds } from "~/modules/ads/ads.server";
import { countUnprocessedApplications, listApplications } from "~/modules/applications/applications.server";
import { listBlogPosts } from "~/modules/blog/blog.server";
import { getContent, updateContent, ensureContentRow } from "~/modules/content/content.server";
import { listEvents } from "~/modules/events/events.server";
import { getMediaDir } from "~/modules/media/media.server";
import { seedDemoContent } from "./demo.server";

describeEachDatabase("demo content", () => {
  it("fills an empty database with every field, 3 posts, 2 past and 2 upcoming events, 4 ads and 2 applications", async () => {
    const now = new Date("2026-11-21T12:00:00Z");
    expect(await seedDemoContent(now)).toBe(true);

    const content = await getContent();
    // The legal notice's facts are the association's own to give: the demo leaves them empty, and the settings
    // screen asks for them.
    const legal = new Set<string>(LEGAL_FIELDS);
    // `digestLastAt` is a state, not content: when the automatic letter last went (never, in a new site).
    const state = new Set(["id", "digestLastAt"]);
    const emptyFields = Object.entries(content!).filter(([key, value]) => !state.has(key) && !legal.has(key) && !value);
    expect(emptyFields).toEqual([]);
    expect(LEGAL_FIELDS.filter((field) => content![field] !== null)).toEqual([]);
    expect(content!.imagesAssociation).toHaveLength(3);

    const posts = await listBlogPosts();
    expect(posts).toHaveLength(3);
    expect(posts[0].createdAt.getTime()).toBeGreaterThan(posts[2].createdAt.getTime());

    const events = await listEvents(now);
    expect(events.filter((e) => e.isPast)).toHaveLength(2);
    expect(events.filter((e) => !e.isPast)).toHaveLength(2);

    const ads = await listAllAds();
    expect(ads).toHaveLength(4);
    expect(await countValidatedAds()).toBe(3);
    expect(await countPendingAds()).toBe(1);
    expect(new Set(ads.filter((a) => a.statut === "validé").map((a) => a.type)).size).toBe(3);

    expect(await listApplications()).toHaveLength(2);
    expect(await countUnprocessedApplications()).toBe(1);

    // Every image the content points to exists on disk.
    const urls = [
      content!.imageAccueil,
      content!.headerIcon,
      ...content!.imagesAssociation!,
      ...posts.map((p) => p.image),
    ];
    for (const url of urls) {
      expect(fs.existsSync(path.join(getMediaDir(), path.basename(url!)))).toBe(true);
    }
  });

  it("never touches a database that already has content", async () => {
    const row = await ensureContentRow();
    await updateContent(row.id, { titreAccueil: "Notre titre à nous" });
    expect(await seedDemoContent()).toBe(false);
    expect(await listBlogPosts()).toHaveLength(0);
    expect((await getContent())!.titreAccueil).toBe("Notre titre à nous");
  });
});
