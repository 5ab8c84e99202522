import { getContent } from "~/modules/content/content.server";
import { withHistory, type Actor } from "~/modules/history/history.server";
import { enqueueMail } from "~/modules/mail/outbox.server";
import { adPublishedMail } from "./ads.mail.server";
import { AD_GONE_MESSAGE, adActionSchema } from "./ads.schema";
import { deleteAd, getAd, republishAd, updateAd, validateAd } from "./ads.server";

export const AD_VALIDATED_MESSAGE = "Annonce validée : elle est maintenant visible sur le site.";
export const AD_REPUBLISHED_MESSAGE = "Annonce republiée : elle est de nouveau visible sur le site.";
export const AD_UPDATED_MESSAGE = "Annonce mise à jour.";
export const AD_DELETED_MESSAGE = "Annonce supprimée.";
export const AD_PHOTO_DELETED_MESSAGE = "Image supprimée.";
export const AD_REFUSED_MESSAGE = "Annonce refusée et supprimée.";
export const AD_ALREADY_VALIDATED_MESSAGE = "Cette annonce est déjà validée.";
export const AD_NOT_EXPIRED_MESSAGE = "Cette annonce n'est pas expirée : il n'y a rien à republier.";
export const AD_NO_PHOTO_MESSAGE = "Cette image n'est plus dans l'annonce.";
export const UNKNOWN_ACTION_MESSAGE = "Action inconnue.";

/** What the inline form had, given back with a refusal so that nothing typed is lost. */
export interface AdEditValues {
  nom: string;
  email: string;
  telephone: string;
  type: string;
  contenu: string;
}

export type AdActionResult =
  | { ok: true; message: string }
  | { ok: false; status: number; message: string; editing?: { id: string; values: AdEditValues; field?: string } };

const target = (adId: number) => `annonce n° ${adId}`;
const gone = { ok: false, status: 404, message: AD_GONE_MESSAGE } as const;

/** Runs one action of the moderation screen, its history entry (and any e-mail) in the same transaction. */
export async function runAdAction(fields: Record<string, string>, actor: Actor): Promise<AdActionResult> {
  const parsed = adActionSchema.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    if (issue.path[0] === "intent") return { ok: false, status: 400, message: UNKNOWN_ACTION_MESSAGE };
    if (fields.intent === "update" && issue.path[0] !== "id") {
      const values = {
        nom: fields.nom ?? "",
        email: fields.email ?? "",
        telephone: fields.telephone ?? "",
        type: fields.type ?? "",
        contenu: fields.contenu ?? "",
      };
      return {
        ok: false,
        status: 400,
        message: issue.message,
        editing: { id: fields.id ?? "", values, field: String(issue.path[0]) },
      };
    }
    return { ok: false, status: issue.path[0] === "id" ? 404 : 400, message: issue.message };
  }
  const action = parsed.data;
  switch (action.intent) {
    case "validate": {
      const content = await getContent();
      const validated = await withHistory(
        actor,
        async (tx) => {
          const ad = await validateAd(action.id, tx);
          const mail = ad && adPublishedMail(ad, content);
          if (mail) await enqueueMail(tx, mail);
          return ad;
        },
        (ad) => ad && { kind: "annonce.validation", target: target(action.id) },
      );
      if (validated) return { ok: true, message: AD_VALIDATED_MESSAGE };
      return (await getAd(action.id)) ? { ok: false, status: 409, message: AD_ALREADY_VALIDATED_MESSAGE } : gone;
    }
    case "republish": {
      const republished = await withHistory(
        actor,
        (tx) => republishAd(action.id, tx),
        (ad) => ad && { kind: "annonce.republication", target: target(action.id) },
      );
      if (republished) return { ok: true, message: AD_REPUBLISHED_MESSAGE };
      return (await getAd(action.id)) ? { ok: false, status: 409, message: AD_NOT_EXPIRED_MESSAGE } : gone;
    }
    case "update": {
      const { intent: _intent, id: adId, ...values } = action;
      const updated = await withHistory(
        actor,
        (tx) => updateAd(adId, { ...values, email: values.email ?? null, contenu: values.contenu ?? null }, tx),
        (ad) => ad && { kind: "annonce.modification", target: target(adId) },
      );
      return updated ? { ok: true, message: AD_UPDATED_MESSAGE } : gone;
    }
    case "deletePhoto": {
      const ad = await getAd(action.id);
      if (!ad) return gone;
      if (!ad[action.photo]) return { ok: false, status: 409, message: AD_NO_PHOTO_MESSAGE };
      // The file leaves storage with the next clean-up once no content uses it any more.
      await withHistory(
        actor,
        (tx) => updateAd(action.id, { [action.photo]: null }, tx),
        (row) => row && { kind: "annonce.image-suppression", target: target(action.id) },
      );
      return { ok: true, message: AD_PHOTO_DELETED_MESSAGE };
    }
    case "delete":
    case "refuse": {
      const refused = action.intent === "refuse";
      const deleted = await withHistory(
        actor,
        (tx) => deleteAd(action.id, tx),
        (ad) =>
          ad &&
          (refused
            ? { kind: "annonce.refus", target: target(action.id), detail: action.reason }
            : { kind: "annonce.suppression", target: target(action.id) }),
      );
      if (!deleted) return gone;
      return { ok: true, message: refused ? AD_REFUSED_MESSAGE : AD_DELETED_MESSAGE };
    }
  }
}
