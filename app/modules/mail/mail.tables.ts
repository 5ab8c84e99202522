import { sql } from "drizzle-orm";
import { index, integer, pgEnum, pgTable, serial, smallint, text, uniqueIndex } from "drizzle-orm/pg-core";
import { timestamptz } from "../../db/columns";
import { newsletterLetters } from "../newsletter/newsletter.tables";

/**
 * What became of a message: sent; failed after its retries; bounced (refused for good by the recipient's server, a
 * letter is not retried); interrupted (a letter's message was being sent when the process died: it may have arrived,
 * and a letter is never sent twice, so it is not sent again); skipped (a letter's recipient unsubscribed, bounced or
 * cancelled before their turn came).
 */
export const outboxStatusEnum = pgEnum("outbox_status", [
  "pending",
  "sent",
  "failed",
  "bounced",
  "interrupted",
  "skipped",
]);

/**
 * Every e-mail is written here first, in the same transaction as its cause, then sent by the worker. A letter's
 * messages (priority 1) carry no body: the worker renders each from the letter and its recipient when its turn comes,
 * behind every transactional message (priority 0) and at the rate the mailbox allows.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: serial("id").primaryKey(),
    to: text("to").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    status: outboxStatusEnum("status").notNull().default("pending"),
    /** 0: transactional (acknowledgements, contact, invitations); 1: a letter's message, sent after them. */
    priority: smallint("priority").notNull().default(0),
    letterId: integer("letter_id").references(() => newsletterLetters.id),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamptz("next_attempt_at").notNull().defaultNow(),
    /** Set while an instance is sending the message; cleared when the attempt's outcome is written. */
    claimedAt: timestamptz("claimed_at"),
    lastError: text("last_error"),
    /**
     * A file joined to the message (a receipt): named by its hash in the documents store, read by the worker when it
     * sends, never copied here; cleared with the body once sent.
     */
    attachmentHash: text("attachment_hash"),
    attachmentFormat: text("attachment_format").$type<"pdf" | "jpeg">(),
    attachmentName: text("attachment_name"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    sentAt: timestamptz("sent_at"),
  },
  (t) => [
    index("outbox_due_idx").on(t.status, t.priority, t.nextAttemptAt),
    // One message per letter and address, whatever happens to the queueing.
    uniqueIndex("outbox_letter_recipient_idx")
      .on(t.letterId, t.to)
      .where(sql`${t.letterId} is not null`),
    index("outbox_sent_at_idx")
      .on(t.sentAt)
      .where(sql`${t.sentAt} is not null`),
  ],
);
