import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { saveImage, setMediaDir, type StoredImage } from "~/modules/media/media.server";
import { describeEachDatabase } from "../../../tests/db";
import { makeImage } from "../../../tests/fakes/images";
import { loader } from "./media";
import type { Route } from "./+types/media";

let dir: string;
beforeAll(async () => {
  dir = await fsp.mkdtemp(path.join(os.tmpdir(), "potager-media-route-"));
  setMediaDir(dir);
  // A file beside the media directory that no request may reach.
  await fsp.writeFile(path.join(path.dirname(dir), "potager-secret.txt"), "secret");
});
afterAll(async () => {
  setMediaDir(undefined);
  await fsp.rm(dir, { recursive: true, force: true });
  await fsp.rm(path.join(path.dirname(dir), "potager-secret.txt"), { force: true });
});

function get(file: string) {
  const args = {
    request: new Request(`http://localhost/media/${encodeURIComponent(file)}`),
    params: { file },
    context: {},
  };
  return loader(args as unknown as Route.LoaderArgs);
}

describeEachDatabase("GET /media/:file", () => {
  let image: StoredImage;
  beforeAll(async () => {
    image = await saveImage({ buffer: await makeImage(900, 600, "png") });
  });

  it("serves each variant with its type, nosniff and one-year immutable caching", async () => {
    const name = image.url.slice("/media/".length);
    const jpeg = await get(name);
    expect(jpeg.status).toBe(200);
    expect(jpeg.headers.get("content-type")).toBe("image/jpeg");
    expect(jpeg.headers.get("x-content-type-options")).toBe("nosniff");
    expect(jpeg.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const body = Buffer.from(await jpeg.arrayBuffer());
    expect(body.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(jpeg.headers.get("content-length")).toBe(String(body.length));

    const webp = await get(name.replace("-1200.jpg", "-400.webp"));
    expect(webp.status).toBe(200);
    expect(webp.headers.get("content-type")).toBe("image/webp");
  });

  it("serves the 680-px variant of an image stored before that width existed", async () => {
    const name = image.url.slice("/media/".length).replace("-1200.jpg", "-680.webp");
    await fsp.rm(path.join(dir, name));
    const webp = await get(name);
    expect(webp.status).toBe(200);
    expect(webp.headers.get("content-type")).toBe("image/webp");
    const body = Buffer.from(await webp.arrayBuffer());
    expect(body.subarray(8, 12).toString()).toBe("WEBP");
    expect(webp.headers.get("content-length")).toBe(String(body.length));
    expect(await fsp.readFile(path.join(dir, name))).toEqual(body);
  });

  it.each([
    "../potager-secret.txt",
    "..%2Fpotager-secret.txt",
    "/etc/passwd",
    "..",
    "",
    "potager-secret.txt",
    `${"a".repeat(32)}-900x600-1200.jpg`,
    `${"a".repeat(32)}-900x600-680.webp`,
    `${"A".repeat(32)}-900x600-1200.jpg`,
    `${"a".repeat(32)}-900x600-1200.png`,
    `${"a".repeat(32)}-900x600-1000.jpg`,
    `${"a".repeat(32)}-900x600-1200.jpg/../../potager-secret.txt`,
    `${"a".repeat(32)}-900x600-1200.jpg\u0000`,
  ])("answers 404 for %j", async (file) => {
    const response = await get(file);
    expect(response.status).toBe(404);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });
});
