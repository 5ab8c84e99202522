import { mailFrom, publicUrl } from "~/db/association.server";
import { env } from "~/server/env.server";
import { z } from "zod";
import { DEFAULT_ASSOCIATION_NAME } from "~/lib/constants";
import { escapeHtml } from "~/lib/html";
import type { MailMessage } from "./mail.schema";

// The building blocks every e-mail of the site is made of: the greeting, the signature, where answers go,
// the HTML frame. Each module writes its own messages with them (`<module>.mail.server.ts`).

/** Visitor text placed in a subject: any run of spaces or line breaks becomes one space. */
export function inline(value: string) {
  return value.replace(/\s+/g, " ").trim();
}

/** Names quoted to an address nobody confirmed are cut to this length. */
export const GREETING_NAME_MAX = 40;

/**
 * A visitor's name as mail to an address nobody has confirmed may quote it: anyone can type someone else's address
 * in a public form, so the name must not carry a message or a link to them. Letters, spaces, hyphens and apostrophes
 * only (nothing a mail client could turn into a link), at most GREETING_NAME_MAX characters, cut between words.
 */
export function greetingName(value: string): string {
  const letters = inline(value.normalize("NFC").replace(/[^\p{L}\p{M}'’ -]+/gu, " "));
  if (letters.length <= GREETING_NAME_MAX) return letters;
  const cut = letters.slice(0, GREETING_NAME_MAX + 1);
  return (cut.includes(" ") ? cut.slice(0, cut.lastIndexOf(" ")) : cut.slice(0, GREETING_NAME_MAX)).trim();
}

/** "Bonjour Karim Benali," or "Bonjour," when nothing of the name is left. */
export function greeting(name: string) {
  const quoted = greetingName(name);
  return `Bonjour${quoted ? ` ${quoted}` : ""},`;
}

function addressOf(mailbox: string) {
  return /<([^<>]+)>/.exec(mailbox)?.[1] ?? mailbox.trim();
}

/**
 * The association's address: CONTACT_TO when set, else the one given by the caller (the content's
 * e-mail), else the sender address, so a notification is never dropped for want of a recipient.
 */
export function associationAddress(to?: string | null) {
  return env.CONTACT_TO || to?.trim() || addressOf(mailFrom());
}

/** What an e-mail needs of the site content: the association's name (its signature) and contact address. */
export interface MailAssociation {
  nomAssociation?: string | null;
  email?: string | null;
}

/** The association's name as its e-mails give it: the content's, else the site's default name. */
export function associationName(association?: MailAssociation | null) {
  return inline(association?.nomAssociation ?? "") || DEFAULT_ASSOCIATION_NAME;
}

/** How every e-mail to a person ends, the same everywhere: the association's name and its site. */
export function signature(association?: MailAssociation | null) {
  return `Bien cordialement,\n${associationName(association)}\n${new URL("/", publicUrl()).toString()}`;
}

/**
 * Where a person's answer goes: the association's contact address (CONTACT_TO, else the content's e-mail), not the
 * sender's, which may be a mailbox nobody reads; undefined when neither is set.
 */
export function associationReplyTo(association?: MailAssociation | null) {
  return env.CONTACT_TO || replyAddress(association?.email);
}

/** A text part as it should read: no spaces at the ends of lines, never more than one blank line in a row. */
export function tidyText(text: string) {
  return `${text
    .replace(/[ \t]+$/gm, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim()}\n`;
}

/** An address of the site (a page, an admin screen, a stored image) as a link in an e-mail: absolute. */
export function siteUrl(path: string) {
  return new URL(path, publicUrl()).toString();
}

/** A visitor's address as Reply-To only when it is a valid one: a typo must not block the notification. */
export function replyAddress(value: string | null | undefined) {
  const address = value?.trim();
  return address && z.email().safeParse(address).success ? address : undefined;
}

/** A labelled value of a notification's summary, as a line of its text and a row of its HTML table. */
export type Row = [label: string, value: string];

export function textRows(rows: Row[]) {
  return rows.map(([label, value]) => `${label} : ${value}`).join("\n");
}

export function htmlRows(rows: Row[]) {
  return `<table cellpadding="4" style="border-collapse:collapse">${rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="top">${escapeHtml(label)}</th><td>${escapeHtml(value).replaceAll("\n", "<br>")}</td></tr>`,
    )
    .join("")}</table>`;
}

export function htmlParagraphs(text: string) {
  return text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replaceAll("\n", "<br>")}</p>`)
    .join("");
}

export function htmlLink(url: string, label: string) {
  return `<p><a href="${escapeHtml(url)}">${escapeHtml(label)}</a></p>`;
}

export function wrap(body: string) {
  return `<!doctype html><html lang="fr"><body style="font-family:sans-serif;color:#14532d">${body}</body></html>`;
}

/**
 * An e-mail whose point is one link of the site (a sign-in, a confirmation): what it is for, the link, what to do when
 * one asked for nothing, and the signature, alike in text and HTML, with the association's Reply-To.
 */
export function linkMail(
  to: string,
  association: MailAssociation | null | undefined,
  mail: { subject: string; intro: string; link: string; linkLabel: string; after: string },
): MailMessage {
  const closing = signature(association);
  return {
    to,
    replyTo: associationReplyTo(association),
    subject: mail.subject,
    text: `${mail.intro}\n${mail.link}\n\n${mail.after}\n\n${closing}\n`,
    html: wrap(
      `${htmlParagraphs(mail.intro)}${htmlLink(mail.link, mail.linkLabel)}${htmlParagraphs(mail.after)}${htmlParagraphs(closing)}`,
    ),
  };
}
