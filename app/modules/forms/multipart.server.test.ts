import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FormError, parseMultipartForm, readSubmittedForm, type MultipartOptions } from "./multipart.server";

// A private temporary directory for this file, so leftovers can be counted.
const realTmp = os.tmpdir();
let tmp: string;
beforeAll(async () => {
  tmp = await fsp.mkdtemp(path.join(realTmp, "potager-multipart-test-"));
  process.env.TMPDIR = tmp;
});
afterAll(async () => {
  process.env.TMPDIR = realTmp;
  await fsp.rm(tmp, { recursive: true, force: true });
});

function post(form: FormData, headers: Record<string, string> = {}) {
  return new Request("http://localhost/annonces", { method: "POST", body: form, headers });
}

function file(bytes: number, name = "photo.jpg") {
  return new File([new Uint8Array(bytes).fill(7)], name, { type: "image/jpeg" });
}

async function refusal(request: Request, options?: MultipartOptions) {
  const error = await parseMultipartForm(request, options).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FormError);
  expect(await fsp.readdir(tmp)).toEqual([]);
  return error as FormError;
}

describe("parseMultipartForm", () => {
  it("returns text fields and streams files to temporary files", async () => {
    const form = new FormData();
    form.append("nom", "Lucie Martin");
    form.append("type", "donne");
    form.append("photo1", file(3000, "tomates.jpg"));
    form.append("photo2", file(1200, "courges.png"));
    const parsed = await parseMultipartForm(post(form), { maxFiles: 2, fileFields: ["photo1", "photo2"] });
    expect(parsed.fields).toEqual({ nom: "Lucie Martin", type: "donne" });
    expect(parsed.files.map((f) => [f.field, f.filename, f.size, f.index])).toEqual([
      ["photo1", "tomates.jpg", 3000, 1],
      ["photo2", "courges.png", 1200, 2],
    ]);
    expect(fs.statSync(parsed.file("photo1")!.path).size).toBe(3000);
    await parsed.cleanup();
    expect(fs.existsSync(parsed.file("photo1")!.path)).toBe(false);
    expect(await fsp.readdir(tmp)).toEqual([]);
  });

  it("leaves out empty file inputs and files of unexpected names", async () => {
    const form = new FormData();
    form.append("photo1", new File([], ""));
    form.append("photo2", file(10));
    form.append("autre", file(10));
    await using parsed = await parseMultipartForm(post(form), { maxFiles: 3, fileFields: ["photo1", "photo2"] });
    expect(parsed.files.map((f) => [f.field, f.index])).toEqual([["photo2", 2]]);
  });

  it("refuses a file over the size limit, naming its position", async () => {
    const form = new FormData();
    form.append("photo1", file(10));
    form.append("photo2", file(2001));
    const error = await refusal(post(form), { maxFiles: 2, maxFileSize: 2000 });
    expect(error.status).toBe(413);
    expect(error.message).toBe("L'image 2 est trop volumineuse (max 10MB). Veuillez la compresser.");
  });

  it("refuses more than 10 MB by default", async () => {
    const form = new FormData();
    form.append("file", file(10 * 1024 * 1024 + 1));
    const error = await refusal(post(form));
    expect(error.message).toBe("L'image 1 est trop volumineuse (max 10MB). Veuillez la compresser.");
  });

  it("refuses too many files", async () => {
    const form = new FormData();
    for (let i = 0; i < 3; i++) form.append(`photo${i}`, file(10));
    const error = await refusal(post(form), { maxFiles: 2 });
    expect([error.status, error.message]).toEqual([413, "Trop de fichiers envoyés."]);
  });

  it("refuses too many fields and too long a field", async () => {
    const many = new FormData();
    for (let i = 0; i < 5; i++) many.append(`f${i}`, "x");
    expect((await refusal(post(many), { maxFields: 4 })).status).toBe(413);

    const long = new FormData();
    long.append("contenu", "x".repeat(101));
    expect((await refusal(post(long), { maxFieldSize: 100 })).status).toBe(413);
  });

  it("refuses a body announced or streamed over the total limit", async () => {
    const form = new FormData();
    form.append("file", file(5000));
    const announced = await refusal(post(form, { "content-length": "999999999" }), { maxBodySize: 4000 });
    expect(announced.status).toBe(413);
    const streamed = await refusal(post(form), { maxBodySize: 4000, maxFileSize: 10_000 });
    expect([streamed.status, streamed.message]).toEqual([413, "Le formulaire envoyé est trop volumineux."]);
  });

  it("refuses what is not a multipart form, or a broken one", async () => {
    const json = new Request("http://localhost/", {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json" },
    });
    expect((await refusal(json)).status).toBe(400);
    const broken = new Request("http://localhost/", {
      method: "POST",
      body: '--b\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nabc',
      headers: { "content-type": "multipart/form-data; boundary=b" },
    });
    expect((await refusal(broken)).status).toBe(400);
  });
});

describe("parseMultipartForm on a body cut short", () => {
  // A long text part refused for its size, then a file part, and no closing boundary: busboy then emits an error on
  // the file stream it hands over, which stopped the process when nothing listened to it.
  const cutShort = (fileField: string) =>
    new Request("http://localhost/admin/media", {
      method: "POST",
      body:
        `--b\r\nContent-Disposition: form-data; name="texte"\r\n\r\n${"a".repeat(350_000)}\r\n` +
        `--b\r\nContent-Disposition: form-data; name="${fileField}"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\nabc`,
      headers: { "content-type": "multipart/form-data; boundary=b" },
    });

  it.each(["file", "ignoree"])("refuses it, the file part %s included, without an unhandled error", async (field) => {
    const uncaught: unknown[] = [];
    const listener = (error: unknown) => uncaught.push(error);
    process.on("uncaughtException", listener);
    const error = await parseMultipartForm(cutShort(field), { fileFields: ["file"] }).catch((e: unknown) => e);
    // Busboy emits the stream's error on a later tick.
    await new Promise((resolve) => setTimeout(resolve, 50));
    process.off("uncaughtException", listener);
    expect(uncaught).toEqual([]);
    expect(error).toMatchObject({ status: 413, message: "Le formulaire envoyé est trop volumineux." });
    expect(await fsp.readdir(tmp)).toEqual([]);
  });
});

describe("readSubmittedForm", () => {
  it("reads a plain form and a multipart form the same way", async () => {
    const plain = await readSubmittedForm(
      new Request("http://localhost/x", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "intent=texts&tag=a&tag=b",
      }),
    );
    expect([plain.get("intent"), plain.getAll("tag"), plain.get("absent"), plain.file("photo")]).toEqual([
      "texts",
      ["a", "b"],
      undefined,
      undefined,
    ]);

    const body = new FormData();
    body.append("intent", "texts");
    body.append("tag", "a");
    body.append("tag", "b");
    body.append("photo", file(1000));
    const multipart = await readSubmittedForm(post(body));
    try {
      expect([multipart.get("intent"), multipart.getAll("tag")]).toEqual(["texts", ["a", "b"]]);
      expect(multipart.file("photo")?.size).toBe(1000);
    } finally {
      await multipart.cleanup();
    }
  });

  it("cleans control characters and lone surrogates out of names and values, multipart or not", async () => {
    const plain = await readSubmittedForm(
      new Request("http://localhost/x", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "nom%00=Jean%00Dupont&texte=ligne%0Bsuite%07&surrogate=%ED%A0%80",
      }),
    );
    expect([plain.get("nom"), plain.get("texte"), plain.get("surrogate")]).toEqual([
      "JeanDupont",
      "ligne\nsuite",
      "\uFFFD\uFFFD\uFFFD",
    ]);

    const body = new FormData();
    body.append("nom", "Jean\u0000Dupont\u001b");
    body.append("lone", "a\uD800b");
    const multipart = await readSubmittedForm(post(body));
    try {
      expect([multipart.get("nom"), multipart.get("lone")]).toEqual(["JeanDupont", "a\uFFFDb"]);
    } finally {
      await multipart.cleanup();
    }
  });

  it("streams a multipart form whatever the case of its type, as the size limits assume", async () => {
    const body = new FormData();
    body.append("photo", file(1000));
    const encoded = new Request("http://localhost/x", { method: "POST", body });
    const type = encoded.headers.get("Content-Type")!.replace("multipart/form-data", "Multipart/Form-Data");
    const form = await readSubmittedForm(
      new Request("http://localhost/x", {
        method: "POST",
        body: await encoded.arrayBuffer(),
        headers: { "Content-Type": type },
      }),
    );
    try {
      expect(form.file("photo")?.size).toBe(1000);
    } finally {
      await form.cleanup();
    }
  });
});
