import crypto from "node:crypto";
import { publicUrl } from "~/db/association.server";
import { env } from "~/server/env.server";
import { keyedHash } from "~/server/server-secret.server";

/** The outbox row a message comes from: what its Message-ID and its envelope sender are made of. */
interface SentRow {
  id: number;
  createdAt: Date;
}

/** A claim, read in a bounce, that it is about outbox row `id`; `signature` says whether this server made it. */
export interface BounceTrace {
  id: number;
  signature: string;
}

const SIGNATURE_LENGTH = 20;

/**
 * The row's signature: an HMAC with the server's secret of its number and creation time, in lower-case hex (a
 * mail system may lower-case an address). 80 bits: a bounce cannot be forged for a row whose message one never got,
 * and a restored or new database's row of the same number is not taken for an old one.
 */
export function bounceSignature(row: SentRow): string {
  const mac = keyedHash(`retour:${row.id}:${row.createdAt.getTime()}`);
  return Buffer.from(mac, "base64url").toString("hex").slice(0, SIGNATURE_LENGTH);
}

/** Whether `trace` was made by this server for `row`. */
export function signedFor(row: SentRow, trace: BounceTrace): boolean {
  const expected = Buffer.from(bounceSignature(row));
  const given = Buffer.from(trace.signature.toLowerCase());
  return row.id === trace.id && given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/**
 * What a message of `row` carries so that its bounce leads back to it: a Message-ID fixed by the row (stable across
 * retries, so a receiving server can recognise a message it already has) and signed, which bounces quote; and with
 * BOUNCE_ADDRESS, an envelope sender of its own (VERP), where the bounce itself is sent.
 */
export function traceable(row: SentRow & { to: string }, bounceAddress = env.BOUNCE_ADDRESS) {
  const created = row.createdAt.getTime().toString(36);
  const signature = bounceSignature(row);
  const messageId = `<outbox-${row.id}-${created}-${signature}@${new URL(publicUrl()).hostname}>`;
  if (!bounceAddress) return { messageId };
  const at = bounceAddress.lastIndexOf("@");
  const from = `${bounceAddress.slice(0, at)}+${row.id}-${signature}${bounceAddress.slice(at)}`;
  return { messageId, envelope: { from, to: row.to } };
}

const IN_ADDRESS = /\+(\d{1,10})-([0-9a-f]{20})@/gi;
const IN_MESSAGE_ID = /^<?outbox-(\d{1,10})-[0-9a-z]+-([0-9a-f]{20})@[^>]*>?$/i;

/** The traces in addresses a bounce was sent to (the envelope sender of the message it returns). */
export function tracesInAddresses(addresses: string[]): BounceTrace[] {
  return addresses.flatMap((address) =>
    [...address.matchAll(IN_ADDRESS)].map((match) => ({ id: Number(match[1]), signature: match[2]! })),
  );
}

/** The trace in the Message-ID of a returned message, if it is one of ours. */
export function traceInMessageId(messageId: string | undefined): BounceTrace | undefined {
  const match = messageId ? IN_MESSAGE_ID.exec(messageId.trim()) : null;
  return match ? { id: Number(match[1]), signature: match[2]! } : undefined;
}
