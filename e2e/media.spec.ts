import sharp from "sharp";
import { openAdmin } from "./admin";
import { SITE, expect, test } from "./fixtures";

const ORIGIN = SITE;

async function photo() {
  // A 2000×1500 PNG: stored at 1200 px at most.
  return sharp({ create: { width: 2000, height: 1500, channels: 3, background: { r: 60, g: 140, b: 70 } } })
    .png()
    .toBuffer();
}

test("an administrator uploads an image and it is served in every size with long caching", async ({ page }) => {
  await openAdmin(page, "/admin", "Tableau de bord");
  const response = await page.request.post("/admin/media", {
    headers: { Origin: ORIGIN },
    multipart: { file: { name: "jardin.png", mimeType: "image/png", buffer: await photo() } },
  });
  expect(response.status()).toBe(201);
  const body = await response.json();
  expect(body).toMatchObject({ width: 1200, height: 900 });
  expect(body.secure_url).toBe(body.url);
  expect(body.url).toMatch(/^\/media\/[0-9a-f]+-1200x900-1200\.jpg$/);

  for (const url of [body.url, body.url.replace("-1200.jpg", "-400.webp")]) {
    const image = await page.request.get(url);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe(url.endsWith(".webp") ? "image/webp" : "image/jpeg");
    expect(image.headers()["x-content-type-options"]).toBe("nosniff");
    expect(image.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  }
});

test("a file that is not an image is refused with a French message, whatever its name", async ({ page }) => {
  await openAdmin(page, "/admin", "Tableau de bord");
  const response = await page.request.post("/admin/media", {
    headers: { Origin: ORIGIN },
    multipart: { file: { name: "photo.jpg", mimeType: "image/jpeg", buffer: Buffer.from("ceci n'est pas une image") } },
  });
  expect(response.status()).toBe(415);
  expect((await response.json()).error).toMatch(/image/i);

  const svg = await page.request.post("/admin/media", {
    headers: { Origin: ORIGIN },
    multipart: {
      file: {
        name: "logo.png",
        mimeType: "image/png",
        buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      },
    },
  });
  expect(svg.status()).toBe(415);
});

test("an upload from another site is refused even with a session", async ({ page }) => {
  await openAdmin(page, "/admin", "Tableau de bord");
  const response = await page.request.post("/admin/media", {
    headers: { Origin: "https://malveillant.example" },
    multipart: { file: { name: "jardin.png", mimeType: "image/png", buffer: await photo() } },
  });
  expect(response.status()).toBe(403);
});

test("unknown or malformed media names are 404, never a file outside the media folder", async ({ request }) => {
  for (const name of ["inconnu.jpg", "..%2F..%2Fpackage.json", "%2e%2e%2fserver.ts"]) {
    expect((await request.get(`/media/${name}`)).status()).toBe(404);
  }
});
