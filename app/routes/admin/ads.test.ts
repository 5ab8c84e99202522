import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { annonces, history, outbox } from "~/db/schema";
import { describeEachDatabase } from "../../../tests/db";
import { insertAd } from "../../../tests/factories";
import { answered, formPost, routeArgs } from "../../../tests/routes";
import { formatDate } from "~/lib/dates";
import { listPublicAds } from "~/modules/ads/ads.server";
import { action, loader } from "./ads";

const marie = { id: null as unknown as number, username: "marie" };
const post = (fields: Record<string, string>) =>
  action(routeArgs(formPost("/admin/annonces", fields), { admin: marie }));
const rows = () => getDb().select().from(annonces).orderBy(annonces.id);
const entries = async () =>
  (await getDb().select().from(history).orderBy(history.id)).map((e) => [e.kind, e.target, e.detail]);
const edit = {
  nom: "Paul Girard",
  email: "",
  telephone: "06 11 22 33 44",
  type: "échange",
  contenu: "Graines de tomates contre courges.",
};

describeEachDatabase("/admin/annonces action", () => {
  it("validates a waiting ad once, and tells its author by e-mail in the same transaction", async () => {
    const ad = await insertAd({ nom: "Rose Fabre", email: "rose.fabre@example.fr" });
    expect(await post({ intent: "validate", id: String(ad.id) })).toEqual({
      ok: true,
      message: "Annonce validée : elle est maintenant visible sur le site.",
    });
    expect((await rows())[0]).toMatchObject({ statut: "validé", isValidated: true });
    const mails = await getDb().select().from(outbox);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      ["rose.fabre@example.fr", "Votre petite annonce est en ligne"],
    ]);
    expect(mails[0].text).toContain(`/annonces#annonce-${ad.id}`);
    expect(answered(await post({ intent: "validate", id: String(ad.id) })).status).toBe(409);
    expect(await getDb().select().from(outbox)).toHaveLength(1);
    expect(await entries()).toEqual([["annonce.validation", `annonce n° ${ad.id}`, null]]);
  });

  it("shows an expired ad apart, with the day it left the site, and republishes it once, with its history entry", async () => {
    const expired = await insertAd({
      nom: "Rose Fabre",
      statut: "validé",
      isValidated: true,
      validatedAt: new Date("2026-01-15T10:00:00Z"),
    });
    const online = await insertAd({ nom: "Paul Girard", statut: "validé", isValidated: true });
    const listed = async () =>
      (await loader(routeArgs(new Request("http://localhost/admin/annonces")))).ads.map((ad) => [
        ad.nom,
        ad.statut,
        ad.expired,
      ]);
    expect(await listed()).toEqual([
      ["Paul Girard", "validé", false],
      ["Rose Fabre", "validé", true],
    ]);
    expect(
      formatDate((await loader(routeArgs(new Request("http://localhost/admin/annonces")))).ads[1].publicUntil!),
    ).toBe("15 juillet 2026");

    expect(answered(await post({ intent: "republish", id: String(online.id) })).status).toBe(409);
    const before = Date.now();
    expect(await post({ intent: "republish", id: String(expired.id) })).toEqual({
      ok: true,
      message: "Annonce republiée : elle est de nouveau visible sur le site.",
    });
    const [row] = (await rows()).filter((ad) => ad.id === expired.id);
    expect(row.validatedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await listPublicAds()).map((ad) => ad.nom).sort()).toEqual(["Paul Girard", "Rose Fabre"]);
    expect(await listed()).toEqual([
      ["Paul Girard", "validé", false],
      ["Rose Fabre", "validé", false],
    ]);
    expect(answered(await post({ intent: "republish", id: String(expired.id) })).status).toBe(409);
    expect(answered(await post({ intent: "republish", id: "999999" })).status).toBe(404);
    expect(await entries()).toEqual([["annonce.republication", `annonce n° ${expired.id}`, null]]);
  });

  it("validates an ad without an address without any e-mail", async () => {
    const ad = await insertAd({ email: null });
    await post({ intent: "validate", id: String(ad.id) });
    expect(await getDb().select().from(outbox)).toEqual([]);
  });

  it("edits with the public form's rules: a refusal gives back what was typed, on its field", async () => {
    const ad = await insertAd();
    const refused = answered<{ message: string; editing: { id: string; values: typeof edit; field: string } }>(
      await post({ intent: "update", id: String(ad.id), ...edit, telephone: " " }),
    );
    expect(refused.status).toBe(400);
    expect(refused.value.message).toBe("Les champs obligatoires (*) doivent être remplis.");
    expect(refused.value.editing).toEqual({
      id: String(ad.id),
      values: { ...edit, telephone: " " },
      field: "telephone",
    });
    expect(answered(await post({ intent: "update", id: String(ad.id), ...edit, email: "paul@" })).value).toMatchObject({
      message: "Format d'email invalide",
    });
    expect(answered(await post({ intent: "update", id: String(ad.id), ...edit, type: "loue" })).value).toMatchObject({
      message: "Type d'annonce invalide.",
    });
    expect(await rows()).toEqual([ad]);
    expect(await post({ intent: "update", id: String(ad.id), ...edit })).toEqual({
      ok: true,
      message: "Annonce mise à jour.",
    });
    expect((await rows())[0]).toMatchObject({
      nom: "Paul Girard",
      email: null,
      type: "échange",
      contenu: "Graines de tomates contre courges.",
      statut: "en_attente",
    });
  });

  it("removes one photo, deletes, and refuses with a reason kept in the history", async () => {
    const withPhotos = await insertAd({ photo1: "/media/a-640x480.webp", photo2: "/media/b-640x480.webp" });
    const spam = await insertAd();
    expect(await post({ intent: "deletePhoto", id: String(withPhotos.id), photo: "photo2" })).toEqual({
      ok: true,
      message: "Image supprimée.",
    });
    expect((await rows())[0]).toMatchObject({ photo1: "/media/a-640x480.webp", photo2: null });
    expect(answered(await post({ intent: "deletePhoto", id: String(withPhotos.id), photo: "photo2" })).status).toBe(
      409,
    );
    expect(answered(await post({ intent: "refuse", id: String(spam.id), reason: "  " })).value).toMatchObject({
      message: "Indiquez la raison du refus.",
    });
    expect(await post({ intent: "refuse", id: String(spam.id), reason: "Publicité" })).toEqual({
      ok: true,
      message: "Annonce refusée et supprimée.",
    });
    expect(await post({ intent: "delete", id: String(withPhotos.id) })).toEqual({
      ok: true,
      message: "Annonce supprimée.",
    });
    expect(await rows()).toEqual([]);
    expect(await entries()).toEqual([
      ["annonce.image-suppression", `annonce n° ${withPhotos.id}`, null],
      ["annonce.refus", `annonce n° ${spam.id}`, "Publicité"],
      ["annonce.suppression", `annonce n° ${withPhotos.id}`, null],
    ]);
  });

  it.each([
    ["an unknown intent", { intent: "publish", id: "ID" }, 400],
    ["no intent", { id: "ID" }, 400],
    ["an unknown id", { intent: "validate", id: "999999" }, 404],
    ["an unknown id to edit", { intent: "update", id: "999999", ...edit }, 404],
    ["an unknown id to delete", { intent: "delete", id: "999999" }, 404],
    ["an unknown photo field", { intent: "deletePhoto", id: "ID", photo: "photo3" }, 400],
    ["a malformed id", { intent: "delete", id: "-1" }, 404],
  ])("refuses %s with a 4xx and writes nothing", async (_case, fields, status) => {
    const before = await insertAd({ photo1: "/media/a-640x480.webp" });
    const form = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.replace("ID", String(before.id))]));
    expect(answered(await post(form)).status).toBe(status);
    expect(await rows()).toEqual([before]);
    expect(await entries()).toEqual([]);
    expect(await getDb().select().from(outbox)).toEqual([]);
  });
});
