import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { saveImage, setMediaDir } from "~/modules/media/media.server";
import { describeEachDatabase } from "../../../tests/db";
import { at, insertAd, insertBlogPost, insertContent, insertEvent } from "../../../tests/factories";
import { makeImage } from "../../../tests/fakes/images";
import { loader as favicon } from "./favicon";
import { loader as robots } from "./robots";
import { loader as sitemap } from "./sitemap";

let dir: string;
beforeAll(async () => {
  dir = await fsp.mkdtemp(path.join(os.tmpdir(), "potager-site-files-"));
  setMediaDir(dir);
});
afterAll(async () => {
  setMediaDir(undefined);
  await fsp.rm(dir, { recursive: true, force: true });
});

describeEachDatabase("site files", () => {
  it("/sitemap.xml lists every public page, article and event on PUBLIC_URL, with lastmod", async () => {
    await insertContent({ updatedAt: at(5) });
    const post = await insertBlogPost({ date: at(30), createdAt: at(20) });
    const event = await insertEvent({ createdAt: at(40), updatedAt: at(40) });
    // Drafts and scheduled items are no page of the site yet.
    await insertBlogPost({ state: "brouillon", date: at(60) });
    await insertEvent({ state: "programme", publishAt: at(70), updatedAt: at(60) });
    await insertAd({ statut: "validé", createdAt: at(50) });
    const response = await sitemap();
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const xml = await response.text();
    const entries = [...xml.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/url>/g)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(entries).toEqual([
      ["http://localhost:3000/", at(50).toISOString()],
      ["http://localhost:3000/association", at(5).toISOString()],
      ["http://localhost:3000/blog", at(30).toISOString()],
      [`http://localhost:3000/blog/${post.id}`, at(30).toISOString()],
      ["http://localhost:3000/events", at(40).toISOString()],
      [`http://localhost:3000/events/${event.id}`, at(40).toISOString()],
      ["http://localhost:3000/annonces", at(50).toISOString()],
      ["http://localhost:3000/apply", at(5).toISOString()],
      ["http://localhost:3000/contact", at(5).toISOString()],
      ["http://localhost:3000/mentions-legales", at(5).toISOString()],
    ]);
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
  });

  it("/robots.txt keeps robots out of the back-office and the sign-in, and names the sitemap", async () => {
    expect(await robots().text()).toBe(
      "User-agent: *\nDisallow: /admin\nDisallow: /login\n\nSitemap: http://localhost:3000/sitemap.xml\n",
    );
  });

  it("the favicon and the header's icon are drawn from the header icon, or the default leaf before one is chosen", async () => {
    const icon = (url: string) =>
      favicon({ request: new Request(`http://localhost:3000${url}`), params: {}, context: {} } as never);
    const leaf = await icon("/favicon.ico");
    expect(leaf.headers.get("content-type")).toBe("image/png");
    const leafPng = Buffer.from(await leaf.arrayBuffer());
    expect(await sharp(leafPng).metadata()).toMatchObject({ format: "png", width: 32, height: 32, isPalette: true });

    const red = await saveImage({ buffer: await makeImage(400, 400, "png") });
    await insertContent({ headerIcon: red.url });
    const chosen = Buffer.from(await (await icon("/favicon.png")).arrayBuffer());
    expect(chosen.equals(leafPng)).toBe(false);
    expect(await sharp(chosen).metadata()).toMatchObject({ isPalette: true });
    // The centre pixel has the icon's colour (40, 120, 60), the corners are transparent (a round icon).
    const { data } = await sharp(chosen).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray((16 * 32 + 16) * 4, (16 * 32 + 16) * 4 + 3)].map((v) => Math.round(v / 10))).toEqual([
      4, 12, 6,
    ]);
    expect(data[3]).toBe(0);
    expect(
      await sharp(Buffer.from(await (await icon("/apple-touch-icon.png")).arrayBuffer())).metadata(),
    ).toMatchObject({ width: 180, height: 180 });

    // The header's own copy: square, 120 px, WebP, the icon's colour to its corners (the header rounds it).
    const header = await icon(`/icon.webp?v=${red.hash}`);
    expect(header.headers.get("content-type")).toBe("image/webp");
    const webp = Buffer.from(await header.arrayBuffer());
    expect(await sharp(webp).metadata()).toMatchObject({ format: "webp", width: 120, height: 120 });
    const corner = (await sharp(webp).raw().toBuffer()).subarray(0, 3);
    [40, 120, 60].forEach((value, i) => expect(Math.abs(corner[i]! - value)).toBeLessThanOrEqual(8));
  });
});
