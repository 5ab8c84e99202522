import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { annonces, outbox } from "~/db/schema";
import { setMediaDir } from "~/modules/media/media.server";
import { describeEachDatabase } from "../../../tests/db";
import { adForm, insertAd } from "../../../tests/factories";
import { makeImage } from "../../../tests/fakes/images";
import { answered, multipartPost, routeArgs } from "../../../tests/routes";
import { action, loader } from "./ads";

type Result = { status: string; errors?: Record<string, string>; values?: Record<string, string>; message?: string };

let dir: string;
beforeAll(async () => {
  dir = await fsp.mkdtemp(path.join(os.tmpdir(), "potager-ads-route-"));
  setMediaDir(dir);
});
afterAll(async () => {
  setMediaDir(undefined);
  await fsp.rm(dir, { recursive: true, force: true });
});

function form(fields: Record<string, string>, files: Record<string, Buffer> = {}) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const [name, bytes] of Object.entries(files))
    body.append(name, new File([new Uint8Array(bytes)], `${name}.jpg`, { type: "image/jpeg" }));
  return body;
}
const post = async (body: FormData) => answered<Result>(await action(routeArgs(multipartPost("/annonces", body))));

describeEachDatabase("POST /annonces", () => {
  it("stores the ad en_attente with its photos and tells the association; a photo that is no image stays empty", async () => {
    const { value, status } = await post(
      form(adForm(), { photo1: await makeImage(1000, 750, "jpeg"), photo2: Buffer.from("pas une image") }),
    );
    expect([status, value]).toEqual([200, { status: "sent" }]);
    const [ad] = await getDb().select().from(annonces);
    expect(ad).toMatchObject({
      nom: "Jean Dupont",
      type: "donne",
      statut: "en_attente",
      isValidated: false,
      photo2: null,
    });
    expect(ad.photo1).toMatch(/^\/media\/[0-9a-f]{32}-1000x750-1200\.jpg$/);
    expect(await getDb().select({ subject: outbox.subject }).from(outbox)).toEqual([
      { subject: "Nouvelle annonce à valider : Jean Dupont" },
    ]);
  });

  it("takes its photos from the files sent only, never from an address in a text field", async () => {
    await post(form({ ...adForm(), photo1: "https://ailleurs.example/image.jpg" }));
    const [ad] = await getDb().select().from(annonces);
    expect(ad.photo1).toBeNull();
  });

  it("asks for nom, téléphone and type with the spec's message, and checks the captcha without case", async () => {
    const { value, status } = await post(form(adForm({ nom: "", telephone: " ", type: "", captcha: "POTAGER" })));
    expect(status).toBe(400);
    expect(value.errors).toEqual({
      nom: "Les champs obligatoires (*) doivent être remplis.",
      telephone: "Les champs obligatoires (*) doivent être remplis.",
      type: "Les champs obligatoires (*) doivent être remplis.",
    });
    const type = await post(form(adForm({ type: "troc" })));
    expect(type.value.errors).toEqual({ type: "Type d'annonce invalide." });
    const captcha = await post(form(adForm({ captcha: "tomate" })));
    expect(captcha.value.errors).toEqual({ captcha: "Captcha incorrect. Veuillez écrire : potager" });
    expect(captcha.value.values).toMatchObject({ nom: "Jean Dupont", contenu: "Je donne des plants de tomates." });
    expect(await getDb().select().from(annonces)).toEqual([]);
  });

  it("refuses a photo over 10 MB with its message, and gives back what was typed", async () => {
    const { value, status } = await post(
      form(adForm({ contenu: "Grelinette à vendre" }), { photo1: Buffer.alloc(10 * 1024 * 1024 + 1, 1) }),
    );
    expect(status).toBe(413);
    expect(value).toMatchObject({
      status: "failed",
      message: "L'image 1 est trop volumineuse (max 10MB). Veuillez la compresser.",
    });
    expect(value.values).toMatchObject({ nom: "Jean Dupont", contenu: "Grelinette à vendre" });
    expect(await getDb().select().from(annonces)).toEqual([]);
  });
});

describeEachDatabase("GET /annonces", () => {
  it("lists validated ads only, newest first, of one type when asked", async () => {
    await insertAd({ nom: "Ancienne", type: "vend", statut: "validé", createdAt: new Date("2026-10-01T10:00:00Z") });
    await insertAd({ nom: "Récente", type: "donne", statut: "validé", createdAt: new Date("2026-11-01T10:00:00Z") });
    await insertAd({ nom: "En attente", type: "vend", statut: "en_attente" });
    const list = async (query = "") =>
      (await loader(routeArgs(new Request(`http://localhost:3000/annonces${query}`)))).ads.map((ad) => ad.nom);
    expect(await list()).toEqual(["Récente", "Ancienne"]);
    expect(await list("?type=vend")).toEqual(["Ancienne"]);
    expect(await list("?type=%C3%A9change")).toEqual([]);
    // An unknown type is no filter.
    expect(await list("?type=autre")).toEqual(["Récente", "Ancienne"]);
  });
});
