import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { media } from "~/db/schema";
import { describeEachDatabase } from "../../../tests/db";
import { usePrivateMediaDir } from "../../../tests/media";
import { makeImage, pngHeaderOnly } from "../../../tests/fakes/images";
import { IMAGE_VARIANTS, parseMediaUrl } from "./media.schema";
import { MediaError, readMediaFile, saveImage } from "./media.server";

const mediaDir = usePrivateMediaDir();

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MediaError);
  return error as MediaError;
}

async function variantsOf(url: string) {
  const ref = parseMediaUrl(url)!;
  const files = await fsp.readdir(mediaDir());
  return Promise.all(
    files
      .filter((f) => f.startsWith(ref.hash))
      .sort()
      .map(async (f) => ({ name: f, meta: await sharp(path.join(mediaDir(), f)).metadata() })),
  );
}

describeEachDatabase("saveImage", () => {
  it.each(["jpeg", "png", "webp", "gif", "avif"] as const)(
    "accepts %s and stores every variant upright, JPEG and WebP",
    async (format) => {
      const input = await makeImage(1500, 1000, format);
      const stored = await saveImage({ buffer: input });
      expect(stored).toMatchObject({ width: 1200, height: 800 });
      expect(stored.url).toBe(`/media/${stored.hash}-1200x800-1200.jpg`);

      const variants = await variantsOf(stored.url);
      expect(variants.map((v) => v.name)).toEqual(
        IMAGE_VARIANTS.flatMap((w) => [`${stored.hash}-1200x800-${w}.jpg`, `${stored.hash}-1200x800-${w}.webp`]).sort(),
      );
      for (const { name, meta } of variants) {
        const variant = Number(/-(\d+)\.(jpg|webp)$/.exec(name)![1]);
        expect(meta.width).toBe(variant);
        expect(meta.height).toBe(Math.round((variant * 2) / 3));
        expect(meta.format).toBe(name.endsWith(".jpg") ? "jpeg" : "webp");
        expect(meta.exif).toBeUndefined();
      }
      const bytes = (await Promise.all(variants.map((v) => fsp.stat(path.join(mediaDir(), v.name))))).reduce(
        (s, st) => s + st.size,
        0,
      );
      const [row] = await getDb().select().from(media).where(eq(media.hash, stored.hash));
      expect(row).toMatchObject({ width: 1200, height: 800, bytes });
      expect(stored.bytes).toBe(bytes);
    },
  );

  it("turns an EXIF-rotated photo upright and strips EXIF and GPS", async () => {
    const redLeft = await sharp({ create: { width: 150, height: 200, channels: 3, background: "#ff0000" } })
      .png()
      .toBuffer();
    const input = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#0000ff" } })
      .composite([{ input: redLeft, left: 0, top: 0 }])
      .withExif({ IFD0: { Make: "Téléphone" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "45/1 46/1 0/1" } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const before = await sharp(input).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif).toBeDefined();

    const stored = await saveImage({ buffer: input });
    // Orientation 6 means "turn a quarter clockwise": the red left half ends up on top.
    expect(stored).toMatchObject({ width: 200, height: 300 });
    for (const { meta } of await variantsOf(stored.url)) {
      expect(meta.orientation).toBeUndefined();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
    }
    const { data, info } = await sharp(path.join(mediaDir(), `${stored.hash}-200x300-1200.jpg`))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
    ];
    expect(pixel(100, 20)[0]).toBeGreaterThan(200);
    expect(pixel(100, 20)[2]).toBeLessThan(60);
    expect(pixel(100, 280)[2]).toBeGreaterThan(200);
    expect(pixel(100, 280)[0]).toBeLessThan(60);
  });

  it("never enlarges a small image and still serves every variant name", async () => {
    const stored = await saveImage({ buffer: await makeImage(300, 500, "png") });
    expect(stored).toMatchObject({ width: 300, height: 500 });
    const variants = await variantsOf(stored.url);
    expect(variants).toHaveLength(IMAGE_VARIANTS.length * 2);
    for (const { meta } of variants) expect([meta.width, meta.height]).toEqual([300, 500]);
  });

  it("flattens transparency on white for JPEG and keeps it in WebP", async () => {
    const stored = await saveImage({ buffer: await makeImage(400, 400, "png", { alpha: true }) });
    const variants = await variantsOf(stored.url);
    expect(variants.find((v) => v.name.endsWith("-1200.jpg"))!.meta.hasAlpha).toBe(false);
    expect(variants.find((v) => v.name.endsWith("-1200.webp"))!.meta.hasAlpha).toBe(true);
  });

  it("stores the same image once", async () => {
    const input = await makeImage(800, 600, "jpeg");
    const first = await saveImage({ buffer: input });
    const file = path.join(os.tmpdir(), `potager-same-${process.pid}.jpg`);
    await fsp.writeFile(file, input);
    const second = await saveImage({ path: file });
    await fsp.rm(file);
    expect(second).toEqual(first);
    expect(await getDb().select().from(media)).toHaveLength(1);
    expect(await fsp.readdir(mediaDir())).toHaveLength(IMAGE_VARIANTS.length * 2);
  });

  it("stores the files again when they went missing", async () => {
    const input = await makeImage(640, 480, "jpeg");
    const first = await saveImage({ buffer: input });
    await fsp.rm(path.join(mediaDir(), `${first.hash}-640x480-400.webp`));
    await saveImage({ buffer: input });
    expect(fs.existsSync(path.join(mediaDir(), `${first.hash}-640x480-400.webp`))).toBe(true);
    expect(await getDb().select().from(media)).toHaveLength(1);
  });

  it("makes the 680 variant of an image stored before it existed, from the image's largest file of that format", async () => {
    const stored = await saveImage({ buffer: await makeImage(1500, 1000, "png", { alpha: true }) });
    const name = (variant: number, ext: string) => `${stored.hash}-1200x800-${variant}.${ext}`;
    // As the files of an image stored before 680 was a variant.
    for (const ext of ["jpg", "webp"]) await fsp.rm(path.join(mediaDir(), name(680, ext)));
    const [jpeg, webp] = await Promise.all([readMediaFile(name(680, "jpg")), readMediaFile(name(680, "webp"))]);
    for (const [data, ext] of [
      [jpeg, "jpg"],
      [webp, "webp"],
    ] as const) {
      const meta = await sharp(data!).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([ext === "jpg" ? "jpeg" : "webp", 680, 453]);
      expect(await fsp.readFile(path.join(mediaDir(), name(680, ext)))).toEqual(data);
    }
    expect((await sharp(webp!).metadata()).hasAlpha).toBe(true);
    // Asked again, the stored file is read.
    expect(await readMediaFile(name(680, "webp"))).toEqual(webp);
  });

  it("makes a missing variant of a small image as the upload did: the image at its own size", async () => {
    const stored = await saveImage({ buffer: await makeImage(300, 500, "png") });
    await fsp.rm(path.join(mediaDir(), `${stored.hash}-300x500-680.webp`));
    expect(await readMediaFile(`${stored.hash}-300x500-680.webp`)).toEqual(
      await fsp.readFile(path.join(mediaDir(), `${stored.hash}-300x500-1200.webp`)),
    );
  });

  it("makes nothing for an image that is not stored, nor for a name outside the pattern", async () => {
    const stored = await saveImage({ buffer: await makeImage(1500, 1000, "jpeg") });
    await fsp.rm(path.join(mediaDir(), `${stored.hash}-1200x800-680.jpg`));
    expect(await readMediaFile(`${stored.hash}-1200x801-680.jpg`)).toBeNull();
    expect(await readMediaFile(`${"0".repeat(32)}-1200x800-680.jpg`)).toBeNull();
    await fsp.rm(path.join(mediaDir(), `${stored.hash}-1200x800-1200.jpg`));
    expect(await readMediaFile(`${stored.hash}-1200x800-1200.jpg`)).toBeNull();
    expect(await readMediaFile(`${stored.hash}-1200x800-680.jpg`)).toBeNull();
    expect(await readMediaFile(`${stored.hash}-1200x800-500.jpg`)).toBeNull();
    expect(await readMediaFile("../secret.txt")).toBeNull();
    expect((await fsp.readdir(mediaDir())).filter((f) => f.includes("-680.jpg"))).toEqual([]);
  });

  it("refuses SVG", async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const error = await refusal(saveImage({ buffer: svg }));
    expect(error.status).toBe(415);
    expect(error.message).toBe(
      "Les images SVG ne sont pas acceptées. Formats acceptés : JPEG, PNG, WebP, GIF, AVIF et HEIC.",
    );
  });

  it("refuses a text file named .jpg", async () => {
    const file = path.join(os.tmpdir(), `potager-fake-${process.pid}.jpg`);
    await fsp.writeFile(file, "Ceci n'est pas une image, seulement du texte.\n".repeat(20));
    const error = await refusal(saveImage({ path: file }));
    await fsp.rm(file);
    expect(error.status).toBe(415);
    expect(error.message).toMatch(/^Ce fichier n'est pas une image acceptée/);
  });

  it("refuses other image formats sharp could read (TIFF)", async () => {
    const tiff = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#fff" } })
      .tiff()
      .toBuffer();
    expect((await refusal(saveImage({ buffer: tiff }))).status).toBe(415);
  });

  it("refuses more than 10 MB with the spec's message", async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 1);
    const error = await refusal(saveImage({ buffer: big }));
    expect(error.status).toBe(413);
    expect(error.message).toBe("L'image est trop volumineuse (max 10MB). Veuillez la compresser.");
    const numbered = await refusal(saveImage({ buffer: big }, { index: 2 }));
    expect(numbered.message).toBe("L'image 2 est trop volumineuse (max 10MB). Veuillez la compresser.");
  });

  it("refuses more than 40 megapixels from the header alone", async () => {
    const bomb = pngHeaderOnly(10_000, 4_001);
    expect(bomb.length).toBeLessThan(200);
    const start = performance.now();
    const error = await refusal(saveImage({ buffer: bomb }));
    expect(performance.now() - start).toBeLessThan(500);
    expect(error.status).toBe(422);
    expect(error.message).toBe("L'image est trop grande (40 mégapixels maximum). Veuillez la réduire.");
    expect(await fsp.readdir(mediaDir())).toEqual([]);
  });

  it("refuses a damaged image without storing anything", async () => {
    const jpeg = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#3a7" } })
      .composite([{ input: await makeImage(300, 200, "png"), left: 10, top: 10 }])
      .jpeg()
      .toBuffer();
    const error = await refusal(saveImage({ buffer: jpeg.subarray(0, Math.floor(jpeg.length / 2)) }));
    expect(error.status).toBe(422);
    expect(error.message).toBe("L'image est endommagée et ne peut pas être lue.");
    expect(await getDb().select().from(media)).toHaveLength(0);
  });
});
