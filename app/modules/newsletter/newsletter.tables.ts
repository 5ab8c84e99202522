import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { timestamptz } from "../../db/columns";
import { GARDENER_GROUPS, LETTER_NATURES } from "./letters.schema";
import { events } from "../events/events.tables";
import { gardeners } from "../register/register.tables";

export const letterStatusEnum = pgEnum("letter_status", ["brouillon", "envoi", "envoyee"]);

export const letterAudienceEnum = pgEnum("letter_audience", ["abonnes", "inscrits", "jardiniers"]);

export const letterSourceEnum = pgEnum("letter_source", ["article", "evenement", "libre", "resume"]);

/** Which gardeners a letter to gardeners goes to. */
export const letterGardenersEnum = pgEnum("letter_gardeners", GARDENER_GROUPS);

/** A letter to gardeners: general information (each may stop them) or a membership's service message (decision 029). */
export const letterNatureEnum = pgEnum("letter_nature", LETTER_NATURES);

/**
 * A letter: to the newsletter's subscribers, to the people signed up for an event, or to gardeners. A draft keeps
 * what the administrator wrote; sending freezes its body (`html`, `text`) and queues one outbox message per
 * recipient, and the counts follow each message's outcome (they outlive the outbox rows, which the retention deletes).
 */
export const newsletterLetters = pgTable(
  "newsletter_letters",
  {
    id: serial("id").primaryKey(),
    audience: letterAudienceEnum("audience").notNull().default("abonnes"),
    source: letterSourceEnum("source").notNull().default("libre"),
    /** The article or event the letter presents (source « article » or « evenement »). */
    sourceId: integer("source_id"),
    /** The event whose sign-ups receive the letter (audience « inscrits »). */
    eventId: integer("event_id").references(() => events.id, { onDelete: "set null" }),
    subject: text("subject").notNull(),
    /** What the administrator wrote (sanitised rich text): the whole of a free message, the words before an article. */
    message: text("message").notNull().default(""),
    html: text("html"),
    text: text("text"),
    status: letterStatusEnum("status").notNull().default("brouillon"),
    createdBy: text("created_by").notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
    queuedAt: timestamptz("queued_at"),
    finishedAt: timestamptz("finished_at"),
    total: integer("total").notNull().default(0),
    sent: integer("sent").notNull().default(0),
    bounced: integer("bounced").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    skipped: integer("skipped").notNull().default(0),
    interrupted: integer("interrupted").notNull().default(0),
    /**
     * Audience « jardiniers »: all current gardeners, those holding a plot on `site_ids`, those whose fee of
     * `fee_year` is not settled, or the holders of `plot_ids`; resolved when the letter is queued.
     */
    gardeners: letterGardenersEnum("gardeners"),
    siteIds: integer("site_ids")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    plotIds: integer("plot_ids")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    feeYear: smallint("fee_year"),
    nature: letterNatureEnum("nature").notNull().default("information"),
    /** Whom it went to, in words, frozen when queued (a site renamed later does not change it). */
    audienceLabel: text("audience_label"),
    /** When queued: the gardeners of the audience, those without an address (on paper), those who opted out. */
    gardenerCount: integer("gardener_count").notNull().default(0),
    withoutEmail: integer("without_email").notNull().default(0),
    optedOut: integer("opted_out").notNull().default(0),
    /** Demo content, removed with the rest of the demo. */
    isDemo: boolean("is_demo").notNull().default(false),
  },
  (t) => [index("newsletter_letters_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

export const subscriberStatusEnum = pgEnum("subscriber_status", ["en_attente", "abonne", "desabonne"]);

/**
 * The newsletter's addresses (« Recevoir les nouvelles du jardin »), with the consent given: when, from which form
 * and the wording shown. An address is written only once confirmed by the link of the confirmation e-mail
 * (double opt-in); until then nothing but that e-mail is sent to it, and it is deleted after 7 days.
 */
export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: serial("id").primaryKey(),
    /** Lower-cased and trimmed: one row per address. */
    email: text("email").notNull(),
    status: subscriberStatusEnum("status").notNull().default("en_attente"),
    /** The confirmation link's token, as an HMAC, and until when it is valid (48 hours). */
    confirmTokenHash: text("confirm_token_hash"),
    confirmBefore: timestamptz("confirm_before"),
    /** Secret part of this address's unsubscribe token (see newsletter.server.ts): a new one revokes the old links. */
    unsubscribeKey: text("unsubscribe_key").notNull(),
    unsubscribeTokenHash: text("unsubscribe_token_hash").notNull(),
    /** The consent: when it was asked, from which form (« pied de page », « article n° 12 »…) and what it said. */
    consentAt: timestamptz("consent_at").notNull(),
    consentSource: text("consent_source").notNull(),
    consentWording: text("consent_wording").notNull(),
    confirmedAt: timestamptz("confirmed_at"),
    unsubscribedAt: timestamptz("unsubscribed_at"),
    /** Letters refused for good by the recipient's server (5xx); at 2 the address counts as bouncing. */
    bounces: integer("bounces").notNull().default(0),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("newsletter_subscribers_email_idx").on(t.email),
    uniqueIndex("newsletter_subscribers_confirm_idx").on(t.confirmTokenHash),
    uniqueIndex("newsletter_subscribers_unsubscribe_idx").on(t.unsubscribeTokenHash),
    index("newsletter_subscribers_status_idx").on(t.status, t.createdAt.desc().nullsFirst()),
  ],
);

/**
 * A letter to gardeners on paper: who had no e-mail address when it was queued (the snapshot « Lettres à imprimer »
 * prints). Goes with the letter, and with the gardener's record when it is erased.
 */
export const letterPaperRecipients = pgTable(
  "letter_paper_recipients",
  {
    letterId: integer("letter_id")
      .notNull()
      .references(() => newsletterLetters.id, { onDelete: "cascade" }),
    gardenerId: integer("gardener_id")
      .notNull()
      .references(() => gardeners.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.letterId, t.gardenerId] }),
    index("letter_paper_recipients_gardener_idx").on(t.gardenerId),
  ],
);
