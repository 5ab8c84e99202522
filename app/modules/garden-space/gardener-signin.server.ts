import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { gardeners } from "~/modules/register/register.tables";
import { logger } from "~/server/logger.server";
import { keyedHash } from "~/server/server-secret.server";
import { THROTTLE_MAX_FAILURES, THROTTLE_WINDOW_MS } from "~/modules/auth/auth.server";
import { mailAssociation } from "~/modules/content/content.server";
import { HONEYPOT_FIELD } from "~/modules/forms/public-form";
import { gardenerTarget, recordHistory } from "~/modules/history/history.server";
import { gardenerActor } from "~/modules/history/my-garden-history.server";
import { siteUrl } from "~/modules/mail/mail-templates.server";
import { enqueueMail } from "~/modules/mail/outbox.server";
import {
  allowFormAttempt,
  limitAddress,
  releaseHits,
  reserveFormSubmission,
  reserveHit,
} from "~/modules/rate-limits/rate-limits.server";
import {
  closeGardenerSession,
  closeGardenerSessions,
  consumeGardenerLink,
  createGardenerLink,
  currentGardenerByEmail,
  gardenerOfSession,
  openGardenerSession,
} from "./gardener-auth.server";
import { gardenerSignInMail } from "./gardener-signin.mail.server";
import {
  SIGN_IN_LINK_FAILED_MESSAGE,
  SIGN_IN_LINK_LIMITED_MESSAGE,
  SIGN_IN_LINK_SENT_MESSAGE,
  signInLinkSchema,
  type SignInLinkAnswer,
} from "./gardener-signin.schema";

/** The sign-in form's name in the per-client-address limits of the public forms (30 tries, 5 links in 10 minutes). */
const SIGN_IN_FORM = "mon-jardin";

/**
 * Links asked for one address typed, whoever it is: more than the public forms' 3 e-mails a day (decision 023), which
 * a gardener signing in on a phone and a computer would reach, but not enough to flood a mailbox.
 */
export const LINK_RECIPIENT_LIMITS = { perHour: 5, windowMs: 60 * 60 * 1000 } as const;

// A keyed hash: the rate limits' table never holds the address typed.
const recipientKey = (email: string) => `jardin-lien:${keyedHash(`jardin-lien:${email.trim().toLowerCase()}`)}`;
// Failed uses of a link from one client address, as the administrators' sign-in counts wrong passwords.
const linkUseKey = (ip: string) => `jardin-connexion:adresse:${limitAddress(ip)}`;

const gardenerSignInPath = (token: string) => `/mon-jardin/connexion/${token}`;

/**
 * The least time the answer « un lien vient d'y être envoyé » takes, a gardener's address or not. Preparing a link and
 * its e-mail took 1.3–1.7 ms more than finding no one (median of 30, PGlite and PostgreSQL): small beside a network's
 * jitter and the 5 tries an hour per address, but nothing to measure is better.
 */
export const SIGN_IN_ANSWER_FLOOR_MS = 250;

/**
 * The sign-in form's action: one answer for every valid address, a gardener's or not (the link goes only to a current
 * gardener's), limited per client address and per address typed with the same 429 for both. The address typed is
 * always given back for the field.
 */
export async function askSignInLink(
  form: FormData,
  ip: string,
  now = new Date(),
  answerFloorMs = SIGN_IN_ANSWER_FLOOR_MS,
): Promise<{ answer: SignInLinkAnswer; status: number }> {
  const started = performance.now();
  const typed = String(form.get("email") ?? "").slice(0, 300);
  const sent = { answer: { status: "sent", message: SIGN_IN_LINK_SENT_MESSAGE, email: typed }, status: 200 } as const;
  const limited = {
    answer: { status: "limited", message: SIGN_IN_LINK_LIMITED_MESSAGE, email: typed },
    status: 429,
  } as const;
  if (!(await allowFormAttempt(SIGN_IN_FORM, ip, now))) return limited;
  const answerSent = async () => {
    // A timer may fire a millisecond early by this clock (Node counts its timers in whole milliseconds): wait again.
    for (
      let left = started + answerFloorMs - performance.now();
      left > 0;
      left = started + answerFloorMs - performance.now()
    )
      await sleep(Math.ceil(left));
    return sent;
  };
  // A robot filled the hidden field: answered as anyone, nothing sent.
  if (form.get(HONEYPOT_FIELD)) return answerSent();
  const parsed = signInLinkSchema.safeParse({ intent: form.get("intent"), email: form.get("email") ?? "" });
  if (!parsed.success) {
    return { answer: { status: "invalid", message: parsed.error.issues[0].message, email: typed }, status: 400 };
  }
  // Reserved before anything is sent, so a burst is held to the limits however it is timed.
  const addressHit = await reserveFormSubmission(SIGN_IN_FORM, ip, now);
  if (addressHit === null) return limited;
  const recipientHit = await reserveHit(
    recipientKey(parsed.data.email),
    LINK_RECIPIENT_LIMITS.perHour,
    LINK_RECIPIENT_LIMITS.windowMs,
    now,
  );
  if (recipientHit === null) {
    await releaseHits([addressHit]);
    return limited;
  }
  try {
    await getDb().transaction(async (tx) => {
      const gardener = await currentGardenerByEmail(parsed.data.email, tx);
      if (!gardener?.email) return;
      const token = await createGardenerLink(tx, gardener.id, "connexion", { now });
      await enqueueMail(
        tx,
        gardenerSignInMail(
          { name: gardener.name, email: gardener.email },
          await mailAssociation(tx),
          siteUrl(gardenerSignInPath(token)),
        ),
      );
    });
  } catch (error) {
    await releaseHits([addressHit, recipientHit]).catch(() => undefined);
    logger.error({ err: error }, "lien de connexion à Mon jardin impossible à préparer");
    return { answer: { status: "failed", message: SIGN_IN_LINK_FAILED_MESSAGE, email: typed }, status: 503 };
  }
  return answerSent();
}

type LinkSignIn = { ok: true; token: string } | { ok: false; reason: "invalid" | "throttled" };

/**
 * The button of the link's page: uses the link and opens a session, in one transaction, for a gardener still current.
 * Each try is counted per client address before the link is looked at (5 failures in 15 minutes, as a wrong
 * password); a success gives its count back.
 */
export async function signInWithLink(linkToken: string, ip: string, now = new Date()): Promise<LinkSignIn> {
  const hit = await reserveHit(linkUseKey(ip), THROTTLE_MAX_FAILURES, THROTTLE_WINDOW_MS, now);
  if (hit === null) return { ok: false, reason: "throttled" };
  const token = await getDb().transaction(async (tx) => {
    const link = await consumeGardenerLink(tx, linkToken, "connexion", now);
    if (!link) return null;
    const [gardener] = await tx
      .select({ id: gardeners.id })
      .from(gardeners)
      .where(and(eq(gardeners.id, link.gardenerId), isNull(gardeners.endDate)));
    if (!gardener) return null;
    const session = await openGardenerSession(tx, gardener.id, now);
    await releaseHits([hit], tx);
    await recordHistory(
      tx,
      gardenerActor(gardener.id),
      { kind: "jardin.connexion", target: gardenerTarget(gardener.id) },
      now,
    );
    return session;
  });
  return token ? { ok: true, token } : { ok: false, reason: "invalid" };
}

/**
 * « Se déconnecter » ends this browser's session; « Se déconnecter partout » every session of the gardener, with a
 * history entry.
 */
export async function signOutGardener(sessionToken: string | undefined, everywhere: boolean, now = new Date()) {
  const gardener = everywhere ? await gardenerOfSession(sessionToken, now) : null;
  if (!gardener) {
    await closeGardenerSession(sessionToken);
    return;
  }
  await getDb().transaction(async (tx) => {
    await closeGardenerSessions(tx, gardener.id);
    await recordHistory(
      tx,
      gardenerActor(gardener.id),
      { kind: "jardin.deconnexion-partout", target: gardenerTarget(gardener.id) },
      now,
    );
  });
}
