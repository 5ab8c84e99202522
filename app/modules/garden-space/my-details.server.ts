import { and, eq, sql } from "drizzle-orm";
import { data } from "react-router";
import { getDb } from "~/db/client.server";
import { gardenerLinks } from "~/modules/garden-space/garden-space.tables";
import { mailAssociation } from "~/modules/content/content.server";
import { doneForm, parseAdminForm, refusedForm } from "~/modules/forms/admin-form.server";
import { gardenerActor } from "~/modules/history/my-garden-history.server";
import { recordHistory, withHistory } from "~/modules/history/history.server";
import { enqueueMail } from "~/modules/mail/outbox.server";
import { associationName, siteUrl } from "~/modules/mail/mail-templates.server";
import {
  isSubscribed,
  moveSubscription,
  subscribeConfirmed,
  unsubscribeAddress,
} from "~/modules/newsletter/member-subscription.server";
import { consentWording } from "~/modules/newsletter/newsletter.messages";
import { describeCounts, findPersonalData } from "~/modules/personal-data/personal-data.server";
import { releaseHits, reserveHit } from "~/modules/rate-limits/rate-limits.server";
import {
  changeOwnEmail,
  contactDetailsOf,
  emailUsedByAnother,
  setOwnLettersOptOut,
  updateContactDetails,
  type ContactDetails,
} from "~/modules/register/gardener-self.server";
import { keyedHash } from "~/server/server-secret.server";
import {
  closeGardenerSessions,
  consumeGardenerLink,
  createGardenerLink,
  openGardenerSession,
  peekGardenerLink,
  type SignedInGardener,
} from "./gardener-auth.server";
import { emailChangeLinkMail, emailChangeNoticeMail } from "./my-details.mail.server";
import { EMAIL_TAKEN } from "./my-details.messages";
import { emailChangeSchema, myDetailsSchema } from "./my-details.schema";

/** Where the consent to the newsletter was given, as the subscribers' list and an export show it. */
const MY_GARDEN_SOURCE = "Mon jardin";
const DETAILS_SAVED = "Vos coordonnées ont été enregistrées.";
const EMAIL_SAME = "C'est déjà l'adresse de votre espace.";
const EMAIL_LIMITED =
  "Trop de demandes de changement d'adresse en une heure : réessayez plus tard, ou écrivez au bureau.";

/** Links to confirm a new address: per address typed (no flooding a stranger's mailbox) and per gardener. */
export const EMAIL_CHANGE_LIMITS = { perRecipient: 3, perGardener: 5, windowMs: 60 * 60 * 1000 } as const;

const FIELD_NAMES: Record<keyof ContactDetails, string> = {
  mobile: "téléphone portable",
  landline: "téléphone fixe",
  address: "adresse postale",
};

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The consent the box « Recevoir la lettre d'information » stands for, as the page shows it under the box. */
async function newsletterConsent() {
  const association = await mailAssociation();
  return consentWording(association?.nomAssociation?.trim() || "l'association");
}

/** What « Mes coordonnées » shows: the record's details, the two boxes, the consent's wording. */
export async function myDetailsScreen(gardener: SignedInGardener) {
  const [details, subscribed, consent, association] = await Promise.all([
    contactDetailsOf(gardener.id),
    gardener.email.trim() ? isSubscribed(gardener.email) : false,
    newsletterConsent(),
    mailAssociation(),
  ]);
  return {
    email: gardener.email,
    association: associationName(association),
    values: {
      mobile: details?.mobile ?? "",
      landline: details?.landline ?? "",
      address: details?.address ?? "",
      newsletter: subscribed ? "on" : "",
      letters: details?.lettersOptedOut ? "" : "on",
    },
    consent,
  };
}

/**
 * Saves « Mes coordonnées » in one transaction: the phones and postal address, the newsletter (subscribed with its
 * consent, or unsubscribed as the one-click link does) and the information letters to gardeners. One history entry
 * per change, naming the fields, never their values.
 */
export async function saveMyDetails(gardener: SignedInGardener, form: FormData) {
  const { data: fields, refusal } = parseAdminForm(
    myDetailsSchema,
    form,
    "Vos coordonnées n'ont pas été enregistrées : corrigez le champ indiqué.",
  );
  if (refusal) return refusal;
  const actor = gardenerActor(gardener.id);
  const target = actor.username;
  const wording = await newsletterConsent();
  await getDb().transaction(async (tx) => {
    const { mobile, landline, address } = fields;
    const changed = await updateContactDetails(gardener.id, { mobile, landline, address }, tx);
    if (changed.length > 0)
      await recordHistory(tx, actor, {
        kind: "jardin.coordonnees",
        target,
        detail: changed.map((key) => FIELD_NAMES[key]).join(", "),
      });
    if (gardener.email.trim()) {
      const subscribed = await isSubscribed(gardener.email, tx);
      if (fields.newsletter && !subscribed) {
        await subscribeConfirmed(tx, gardener.email, { source: MY_GARDEN_SOURCE, wording });
        await recordHistory(tx, actor, {
          kind: "jardin.lettre",
          target,
          detail: "inscription à la lettre d'information",
        });
      } else if (!fields.newsletter && subscribed && (await unsubscribeAddress(tx, gardener.email))) {
        await recordHistory(tx, actor, {
          kind: "jardin.lettre",
          target,
          detail: "désinscription de la lettre d'information",
        });
      }
    }
    if (await setOwnLettersOptOut(gardener.id, !fields.letters, tx))
      await recordHistory(tx, actor, {
        kind: "jardin.lettres-jardiniers",
        target,
        detail: fields.letters
          ? "reçoit de nouveau les e-mails d'information aux jardiniers"
          : "ne reçoit plus les e-mails d'information aux jardiniers",
      });
  });
  return doneForm("details", DETAILS_SAVED);
}

const recipientKey = (email: string) => `jardin-adresse:${keyedHash(`jardin-adresse:${email.trim().toLowerCase()}`)}`;

/**
 * « Changer d'adresse »: a link to the new address (the only way to prove it is theirs) and a short notice to the
 * one in use, queued together; the address changes only when the link is opened. A new request replaces the link of
 * an earlier one. Refused: the address in use, another current gardener's, or too many requests in the hour.
 */
export async function askEmailChange(gardener: SignedInGardener, form: FormData) {
  const refusedAs = "L'adresse n'a pas été changée.";
  const { data: fields, refusal } = parseAdminForm(emailChangeSchema, form, refusedAs);
  if (refusal) return refusal;
  const email = fields.newEmail;
  if (sameAddress(email, gardener.email)) return refusedForm(form, refusedAs, { newEmail: EMAIL_SAME });
  if (await emailUsedByAnother(gardener.id, email)) return refusedForm(form, refusedAs, { newEmail: EMAIL_TAKEN }, 409);
  const { perRecipient, perGardener, windowMs } = EMAIL_CHANGE_LIMITS;
  const recipientHit = await reserveHit(recipientKey(email), perRecipient, windowMs);
  const gardenerHit =
    recipientHit && (await reserveHit(`jardin-adresse:jardinier:${gardener.id}`, perGardener, windowMs));
  if (!recipientHit || !gardenerHit) {
    await releaseHits([recipientHit, gardenerHit || null]);
    return refusedForm(form, refusedAs, { newEmail: EMAIL_LIMITED }, 429);
  }
  const association = await mailAssociation();
  await getDb().transaction(async (tx) => {
    await tx
      .delete(gardenerLinks)
      .where(and(eq(gardenerLinks.gardenerId, gardener.id), eq(gardenerLinks.purpose, "adresse")));
    const token = await createGardenerLink(tx, gardener.id, "adresse", { newEmail: email });
    await enqueueMail(tx, emailChangeLinkMail(gardener, email, association, siteUrl(`/mon-jardin/adresse/${token}`)));
    if (gardener.email.trim()) await enqueueMail(tx, emailChangeNoticeMail(gardener, association));
  });
  return doneForm(
    "email",
    `Un lien de confirmation a été envoyé à ${email} : l'adresse changera quand vous l'aurez ouvert.`,
  );
}

/** The confirmation page's GET: the address the link would confirm while it is valid; uses nothing. */
export async function emailChangePage(token: string) {
  const link = await peekGardenerLink(token, "adresse");
  return link ? { valid: true as const, newEmail: link.newEmail } : { valid: false as const };
}

/**
 * The confirmation's POST, in one transaction: uses the link, checks again that no other current gardener took the
 * address meanwhile, changes it, writes the history, and ends every session of the gardener (one opened with the old
 * address must not outlive it) before opening one in this browser, which has just proved the new address is theirs.
 */
export async function confirmEmailChange(token: string) {
  return getDb().transaction(async (tx) => {
    const link = await consumeGardenerLink(tx, token, "adresse");
    if (!link) return { status: "gone" as const };
    // Two gardeners confirming one address at the same moment: one after the other.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`jardinier-adresse:${link.newEmail.trim().toLowerCase()}`}, 0))`,
    );
    if (await emailUsedByAnother(link.gardenerId, link.newEmail, tx)) return { status: "taken" as const };
    const changed = await changeOwnEmail(link.gardenerId, link.newEmail, tx);
    if (!changed) return { status: "gone" as const };
    // The letter follows the person to the address they have just proved is theirs.
    const letterMoved = changed.previousEmail.trim()
      ? await moveSubscription(tx, changed.previousEmail, changed.email)
      : false;
    const actor = gardenerActor(changed.id);
    await recordHistory(tx, actor, {
      kind: "jardin.adresse",
      target: actor.username,
      detail: letterMoved ? "adresse e-mail, et celle de la lettre d'information" : "adresse e-mail",
    });
    await closeGardenerSessions(tx, changed.id);
    const session = await openGardenerSession(tx, changed.id);
    return { status: "changed" as const, email: changed.email, letterMoved, session };
  });
}

/**
 * « Télécharger mes données »: what the bureau's « Données d'une personne » exports for the gardener's address, with
 * a history entry under their number. Without an address on the record there is nothing to look up by: 409.
 */
export async function exportMyData(gardener: SignedInGardener) {
  const email = gardener.email.trim();
  if (!email)
    throw data("Votre fiche n'a pas d'adresse e-mail : demandez vos données au bureau de l'association.", {
      status: 409,
    });
  const actor = gardenerActor(gardener.id);
  return withHistory(
    actor,
    async (tx) => ({ email, exportedAt: new Date().toISOString(), ...(await findPersonalData(email, tx)) }),
    (exported) => ({ kind: "jardin.export", target: actor.username, detail: describeCounts(exported) }),
  );
}
