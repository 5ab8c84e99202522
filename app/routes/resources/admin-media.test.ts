import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { IMAGE_VARIANTS } from "~/modules/media/media.schema";
import { setMediaDir } from "~/modules/media/media.server";
import { describeEachDatabase } from "../../../tests/db";
import { makeImage } from "../../../tests/fakes/images";
import { action, loader } from "./admin-media";
import type { Route } from "./+types/admin-media";

let dir: string;
beforeAll(async () => {
  dir = await fsp.mkdtemp(path.join(os.tmpdir(), "potager-admin-media-"));
  setMediaDir(dir);
});
afterAll(async () => {
  setMediaDir(undefined);
  await fsp.rm(dir, { recursive: true, force: true });
});

function upload(body: FormData, headers: Record<string, string> = { origin: "http://localhost:3000" }) {
  const request = new Request("http://localhost:3000/admin/media", { method: "POST", body, headers });
  return action({ request, params: {}, context: {} } as unknown as Route.ActionArgs);
}

async function imageForm(bytes?: Buffer) {
  const form = new FormData();
  form.append(
    "file",
    new File([new Uint8Array(bytes ?? (await makeImage(1600, 900, "jpeg")))], "photo.jpg", { type: "image/jpeg" }),
  );
  return form;
}

describeEachDatabase("POST /admin/media", () => {
  it("stores the image and answers 201 with the 1200-px URL", async () => {
    const response = await upload(await imageForm());
    expect(response.status).toBe(201);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toEqual({
      secure_url: expect.stringMatching(/^\/media\/[0-9a-f]{32}-1200x675-1200\.jpg$/),
      url: body.secure_url,
      width: 1200,
      height: 675,
    });
    expect(await fsp.readdir(dir)).toHaveLength(IMAGE_VARIANTS.length * 2);
  });

  it("accepts a same-origin fetch that sends Sec-Fetch-Site instead of Origin", async () => {
    const response = await upload(await imageForm(), { "sec-fetch-site": "same-origin" });
    expect(response.status).toBe(201);
  });

  it.each([[{ origin: "https://evil.example" }], [{ origin: "null" }], [{ "sec-fetch-site": "cross-site" }], [{}]])(
    "refuses a cross-origin or unidentified request (%j) with 403",
    async (headers) => {
      const response = await upload(await imageForm(), headers);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: expect.any(String) });
    },
  );

  it("answers 415 with the French message for an SVG", async () => {
    const form = new FormData();
    form.append("file", new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], "logo.svg", { type: "image/svg+xml" }));
    const response = await upload(form);
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({
      error: "Les images SVG ne sont pas acceptées. Formats acceptés : JPEG, PNG, WebP, GIF, AVIF et HEIC.",
    });
  });

  it("answers 413 for a file over 10 MB", async () => {
    const response = await upload(await imageForm(Buffer.alloc(10 * 1024 * 1024 + 10, 1)));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: "L'image 1 est trop volumineuse (max 10MB). Veuillez la compresser.",
    });
  });

  it("answers 400 without a file", async () => {
    const form = new FormData();
    form.append("upload_preset", "potager");
    const response = await upload(form);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Aucun fichier reçu." });
  });

  it("answers 405 to GET", async () => {
    expect(loader().status).toBe(405);
  });
});
