import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { outbox } from "~/db/schema";
import { describeEachDatabase } from "../../../tests/db";
import { adForm, at, insertAd, insertContent } from "../../../tests/factories";
import { formatDate } from "~/lib/dates";
import { updateContent } from "~/modules/content/content.server";
import { adFormSchema } from "./ads.schema";
import {
  countPendingAds,
  countValidatedAds,
  createAd,
  deleteAd,
  getAd,
  latestValidatedAds,
  listAllAds,
  listModeratedAds,
  listPublicAds,
  republishAd,
  updateAd,
  validateAd,
  submitAd,
} from "./ads.server";

const form = () => adFormSchema("potager").parse(adForm({ photo1: "/media/p1.webp" }));

describeEachDatabase("ads module", () => {
  it("createAd stores the ad en_attente, not validated", async () => {
    const ad = await createAd(form());
    expect(ad).toMatchObject({
      nom: "Jean Dupont",
      email: "jean.dupont@example.fr",
      telephone: "0612345678",
      type: "donne",
      contenu: "Je donne des plants de tomates.",
      photo1: "/media/p1.webp",
      photo2: null,
      statut: "en_attente",
      isValidated: false,
    });
    expect(await getAd(ad.id)).toEqual(ad);
    expect(await listPublicAds()).toEqual([]);
  });

  it("createAd runs its hook in the same transaction", async () => {
    const ad = await createAd(form(), async (tx, created) => {
      await tx.insert(outbox).values({ to: "admin@potager.fr", subject: "Nouvelle annonce", text: created.nom });
    });
    expect(await getDb().select({ text: outbox.text }).from(outbox)).toEqual([{ text: ad.nom }]);
  });

  it("createAd stores nothing when its hook fails", async () => {
    await expect(
      createAd(form(), async () => {
        throw new Error("échec");
      }),
    ).rejects.toThrow("échec");
    expect(await listAllAds()).toEqual([]);
  });

  it("listPublicAds returns validated ads only, newest first", async () => {
    const a = await insertAd({ statut: "validé", isValidated: true, createdAt: at(10) });
    await insertAd({ createdAt: at(40) });
    const b = await insertAd({ statut: "validé", isValidated: true, createdAt: at(30) });
    const c = await insertAd({ statut: "validé", isValidated: true, createdAt: at(30) });
    expect((await listPublicAds()).map((ad) => ad.id)).toEqual([c.id, b.id, a.id]);
  });

  it("listAllAds returns every ad, newest first", async () => {
    const a = await insertAd({ statut: "validé", createdAt: at(10) });
    const b = await insertAd({ createdAt: at(40) });
    const c = await insertAd({ createdAt: at(20) });
    expect((await listAllAds()).map((ad) => ad.id)).toEqual([b.id, c.id, a.id]);
  });

  it("latestValidatedAds returns the n newest validated ads", async () => {
    await insertAd({ statut: "validé", createdAt: at(10) });
    const b = await insertAd({ statut: "validé", createdAt: at(30) });
    await insertAd({ createdAt: at(50) });
    const c = await insertAd({ statut: "validé", createdAt: at(20) });
    expect((await latestValidatedAds(2)).map((ad) => ad.id)).toEqual([b.id, c.id]);
  });

  it("updateAd writes only the edited fields", async () => {
    const ad = await insertAd({ nom: "Ancien", email: "a@b.fr", photo1: "/media/1.webp", photo2: "/media/2.webp" });
    const updated = await updateAd(ad.id, {
      nom: "Nouveau",
      type: "échange",
      contenu: "Échange de graines",
      email: undefined,
    });
    expect(updated).toMatchObject({
      id: ad.id,
      nom: "Nouveau",
      type: "échange",
      contenu: "Échange de graines",
      email: "a@b.fr",
      telephone: ad.telephone,
      photo1: "/media/1.webp",
      statut: "en_attente",
    });
    expect(await getAd(ad.id)).toEqual(updated);
  });

  it("updateAd removes a photo with null and ignores other keys", async () => {
    const ad = await insertAd({ photo1: "/media/1.webp", photo2: "/media/2.webp" });
    const updated = await updateAd(ad.id, { photo2: null, statut: "validé" } as never);
    expect(updated).toMatchObject({ photo1: "/media/1.webp", photo2: null, statut: "en_attente" });
  });

  it("updateAd returns undefined for an unknown ad and the ad for no change", async () => {
    const ad = await insertAd();
    expect(await updateAd(ad.id + 1, { nom: "X" })).toBeUndefined();
    expect(await updateAd(ad.id + 1, {})).toBeUndefined();
    expect(await updateAd(ad.id, {})).toEqual(ad);
  });

  it("validateAd publishes the ad", async () => {
    const ad = await insertAd();
    expect(await validateAd(ad.id)).toMatchObject({ id: ad.id, statut: "validé", isValidated: true });
    expect((await listPublicAds()).map((a) => a.id)).toEqual([ad.id]);
    expect(await validateAd(ad.id + 1)).toBeUndefined();
  });

  it("listModeratedAds tells an expired ad from a public one, with the day each leaves the site", async () => {
    const expired = await insertAd({
      statut: "validé",
      isValidated: true,
      validatedAt: new Date("2026-01-15T10:00:00Z"),
      createdAt: at(10),
    });
    const online = await insertAd({ statut: "validé", isValidated: true, createdAt: at(20) });
    const pending = await insertAd({ createdAt: at(30) });
    const rows = await listModeratedAds();
    expect(rows.map((ad) => [ad.id, ad.expired])).toEqual([
      [pending.id, false],
      [online.id, false],
      [expired.id, true],
    ]);
    expect(rows[0].publicUntil).toBeNull();
    expect(formatDate(rows[2].publicUntil!)).toBe("15 juillet 2026");
    expect(rows[1].publicUntil!.getTime()).toBeGreaterThan(Date.now() + 150 * 86_400_000);
    // The association's own period moves the day, and what counts as expired.
    await updateContent((await insertContent()).id, { retentionValidatedAdsMonths: 36 });
    const longer = await listModeratedAds();
    expect(longer[2]).toMatchObject({ id: expired.id, expired: false });
    expect(formatDate(longer[2].publicUntil!)).toBe("15 janvier 2029");
  });

  it("republishAd puts an expired ad back on the site for a whole period, and only an expired one", async () => {
    const expired = await insertAd({
      statut: "validé",
      isValidated: true,
      validatedAt: new Date("2026-01-15T10:00:00Z"),
    });
    const online = await insertAd({ statut: "validé", isValidated: true });
    const pending = await insertAd();
    expect(await listPublicAds()).toEqual([online]);
    const before = Date.now();
    const republished = await republishAd(expired.id);
    expect(republished).toMatchObject({ id: expired.id, statut: "validé", isValidated: true, nom: expired.nom });
    expect(republished!.validatedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await listPublicAds()).map((ad) => ad.id).sort()).toEqual([expired.id, online.id].sort());
    expect((await listModeratedAds()).every((ad) => !ad.expired)).toBe(true);
    expect(await republishAd(expired.id)).toBeUndefined();
    expect(await republishAd(online.id)).toBeUndefined();
    expect(await republishAd(pending.id)).toBeUndefined();
    expect(await republishAd(pending.id + 1)).toBeUndefined();
    expect((await getAd(pending.id))?.validatedAt).toBeNull();
  });

  it("deleteAd returns the deleted ad", async () => {
    const ad = await insertAd({ photo1: "/media/1.webp" });
    const kept = await insertAd();
    expect((await deleteAd(ad.id))?.photo1).toBe("/media/1.webp");
    expect(await deleteAd(ad.id)).toBeUndefined();
    expect((await listAllAds()).map((a) => a.id)).toEqual([kept.id]);
  });

  it("counts pending and validated ads", async () => {
    expect(await countPendingAds()).toBe(0);
    expect(await countValidatedAds()).toBe(0);
    const ad = await insertAd();
    await insertAd();
    await insertAd({ statut: "validé", isValidated: true });
    expect(await countPendingAds()).toBe(2);
    expect(await countValidatedAds()).toBe(1);
    await validateAd(ad.id);
    expect(await countPendingAds()).toBe(1);
    expect(await countValidatedAds()).toBe(2);
  });

  it("submitAd stores a pending ad and notifies the association with a link to the moderation page", async () => {
    await insertContent({ email: "bureau@jardins.example" });
    const ad = await submitAd(form());
    expect(ad.statut).toBe("en_attente");
    const [mail] = await getDb().select().from(outbox);
    expect(mail.to).toBe("bureau@jardins.example");
    expect(mail.text).toContain("/admin/annonces");
  });

  it("submitAd keeps no ad when its e-mail cannot be queued", async () => {
    await insertContent({ email: "pas-une-adresse" });
    await expect(submitAd(form())).rejects.toThrow(/invalid email/i);
    expect(await listAllAds()).toEqual([]);
  });
});
