import crypto from "node:crypto";
import { and, eq, ne } from "drizzle-orm";
import { getDb, type Executor } from "~/db/client.server";
import { newsletterSubscribers } from "~/modules/newsletter/newsletter.tables";
import { unsubscribeColumns } from "./newsletter.server";

/*
 * The newsletter as a signed-in gardener sets it from « Mon jardin » (decision 019's rules). Their address is the one
 * their sign-in link went to, so it is confirmed already: subscribing needs no second e-mail. The consent is recorded
 * as the public form records it (when, from where, the wording shown beside the box).
 */

const normalized = (email: string) => email.trim().toLowerCase();

/** Whether the address receives the letter now (confirmed); a subscription waiting for its link does not count. */
export async function isSubscribed(email: string, executor: Executor = getDb()) {
  const [row] = await executor
    .select({ status: newsletterSubscribers.status })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, normalized(email)));
  return row?.status === "abonne";
}

/**
 * Subscribes a confirmed address with its consent; true when it changed something. A new row, or one waiting or
 * unsubscribed, becomes « abonné » with this consent, and new unsubscribe links for a row that had left (as a
 * re-subscription by the form gets).
 */
export async function subscribeConfirmed(
  executor: Executor,
  email: string,
  consent: { source: string; wording: string },
  now = new Date(),
) {
  const address = normalized(email);
  const [existing] = await executor
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, address))
    .for("update");
  if (existing?.status === "abonne") return false;
  const subscribed = {
    status: "abonne" as const,
    confirmTokenHash: null,
    confirmBefore: null,
    consentAt: now,
    consentSource: consent.source,
    consentWording: consent.wording,
    confirmedAt: now,
    unsubscribedAt: null,
    bounces: 0,
  };
  const key = crypto.randomBytes(32).toString("base64url");
  if (existing)
    await executor
      .update(newsletterSubscribers)
      .set(existing.status === "desabonne" ? { ...subscribed, ...unsubscribeColumns(key) } : subscribed)
      .where(eq(newsletterSubscribers.id, existing.id));
  else
    await executor.insert(newsletterSubscribers).values({ email: address, ...subscribed, ...unsubscribeColumns(key) });
  return true;
}

/** Unsubscribes the address as a letter's one-click link does; true when it was subscribed or waiting. */
export async function unsubscribeAddress(executor: Executor, email: string, now = new Date()) {
  const [row] = await executor
    .update(newsletterSubscribers)
    .set({ status: "desabonne", unsubscribedAt: now, confirmTokenHash: null, confirmBefore: null })
    .where(and(eq(newsletterSubscribers.email, normalized(email)), ne(newsletterSubscribers.status, "desabonne")))
    .returning({ status: newsletterSubscribers.status });
  return Boolean(row);
}

/**
 * A gardener's new address, once confirmed, takes over the letter from the old one: the consent is the person's, the
 * address only where the letter goes. The old address's row moves to the new one, consent kept, with new unsubscribe
 * links (the old mailbox may no longer be theirs). When the new address has a row of its own, the old address is
 * unsubscribed and the new keeps its own choice, unless it was only waiting for its link: the change just proved the
 * address, so it is subscribed with the person's consent. True when the letter now goes to the new address.
 */
export async function moveSubscription(executor: Executor, from: string, to: string, now = new Date()) {
  const [old] = await executor
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, normalized(from)))
    .for("update");
  if (old?.status !== "abonne" || normalized(from) === normalized(to)) return false;
  const [own] = await executor
    .select({ status: newsletterSubscribers.status })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, normalized(to)))
    .for("update");
  if (!own) {
    await executor
      .update(newsletterSubscribers)
      .set({ email: normalized(to), bounces: 0, ...unsubscribeColumns(crypto.randomBytes(32).toString("base64url")) })
      .where(eq(newsletterSubscribers.id, old.id));
    return true;
  }
  await unsubscribeAddress(executor, from, now);
  if (own.status === "en_attente")
    await subscribeConfirmed(executor, to, { source: old.consentSource, wording: old.consentWording }, now);
  return own.status !== "desabonne";
}
