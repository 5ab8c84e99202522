import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { ImageAlts } from "~/lib/image-alt";

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** product §3: the single record of site-wide content; lower-case columns mapped to camelCase. */
export const associationContent = pgTable("association_content", {
  id: serial("id").primaryKey(),
  titreAccueil: text("titreaccueil"),
  texteIntro: text("texteintro"),
  texteFooter: text("textefooter"),
  titreAssociation: text("titreassociation"),
  contentAssociation: text("contentassociation"),
  imageAccueil: text("imageaccueil"),
  headerIcon: text("headericon"),
  imagesAssociation: jsonb("imagesassociation").$type<(string | null)[]>(),
  /** The text alternatives of the images above, by address; "" for a decorative one, none when unwritten. */
  imageAlts: jsonb("image_alts").$type<ImageAlts>().notNull().default({}),
  adresse: text("adresse"),
  telephone: text("telephone"),
  email: text("email"),
  horaires: text("horaires"),
  parcellesOccupees: integer("parcellesoccupees").notNull().default(0),
  parcellesTotal: integer("parcellestotal").notNull().default(0),
  // Beyond product §3: the association's name and tagline (header, titles, feeds, e-mails), and the charter and the
  // rules an applicant commits to; empty ones show the defaults of content.defaults.ts.
  nomAssociation: text("nomassociation"),
  slogan: text("slogan"),
  charte: text("charte"),
  reglement: text("reglement"),
  // The legal notice's facts (LCEN): publisher, publication director, host, competent court.
  editeurNom: text("editeurnom"),
  editeurAdresse: text("editeuradresse"),
  editeurNumero: text("editeurnumero"),
  directeurPublication: text("directeurpublication"),
  hebergeurNom: text("hebergeurnom"),
  hebergeurAdresse: text("hebergeuradresse"),
  hebergeurTelephone: text("hebergeurtelephone"),
  tribunal: text("tribunal"),
  // How long personal data is kept (RGPD), applied by the server and stated on /mentions-legales.
  retentionArchivedApplicationsMonths: integer("retention_archived_applications_months").notNull().default(24),
  retentionContactMessagesMonths: integer("retention_contact_messages_months").notNull().default(12),
  retentionPendingAdsDays: integer("retention_pending_ads_days").notNull().default(60),
  retentionValidatedAdsMonths: integer("retention_validated_ads_months").notNull().default(6),
  retentionHistoryMonths: integer("retention_history_months").notNull().default(24),
  retentionSentMailDays: integer("retention_sent_mail_days").notNull().default(30),
  retentionEventRegistrationsMonths: integer("retention_event_registrations_months").notNull().default(3),
  /** A former gardener's record, and payment records for the accounts (anonymised when the person is erased). */
  retentionGardenersYears: integer("retention_gardeners_years").notNull().default(3),
  retentionPaymentsYears: integer("retention_payments_years").notNull().default(10),
  /**
   * The plots' e-mails, with placeholders ({nom}, {parcelle}, {jardin}…): to a new gardener, after a warning at an
   * inspection, and the payment instructions of a fee call (IBAN, HelloAsso link, permanences). Empty: the defaults.
   */
  plotAllotmentMail: text("plot_allotment_mail"),
  plotWarningMail: text("plot_warning_mail"),
  feePaymentInstructions: text("fee_payment_instructions"),
  /** What the fee call's payment means need: IBAN and BIC for a transfer, the HelloAsso page, the cheques' payee. */
  feeIban: text("fee_iban"),
  feeBic: text("fee_bic"),
  feeHelloassoUrl: text("fee_helloasso_url"),
  feeChequeOrder: text("fee_cheque_order"),
  /** The automatic digest letter: « jamais » (the default), « semaine » or « mois »; and when the last one went. */
  digestFrequency: text("digest_frequency").notNull().default("jamais"),
  digestLastAt: timestamptz("digest_last_at"),
  /** When the content last changed (the sitemap's lastmod). */
  updatedAt: timestamptz("updated_at").notNull().defaultNow(),
});

/**
 * Where an article or an event stands: a draft (may be incomplete), scheduled (goes public by itself at
 * `publish_at`), or published. Only published ones are seen by visitors, anywhere.
 */
export const publicationStateEnum = pgEnum("publication_state", ["brouillon", "programme", "publie"]);

/**
 * What articles and events share beyond the spec's fields. `search_text` and `search_vector` (the folded text and
 * the French text-search vector search reads) are kept by a trigger of migration 0012 and left out of this model, so
 * that no query reads them by accident.
 */
const publicationColumns = () => ({
  state: publicationStateEnum("state").notNull().default("publie"),
  /** When a scheduled item goes public (Paris time chosen in the editor). */
  publishAt: timestamptz("publish_at"),
  /** When it first went public: the public order and the date shown. */
  publishedAt: timestamptz("published_at"),
  /** The images' text alternatives by address (cover and annexes); "" for a decorative one, none when unwritten. */
  imageAlts: jsonb("image_alts").$type<ImageAlts>().notNull().default({}),
  /** The last save, and who made it (a display name): the current version in « Versions ». */
  updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  updatedBy: text("updated_by"),
});

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    content: text("content").notNull(),
    /** The visible text of `content`, written with it: what search reads. */
    plainText: text("plain_text").notNull().default(""),
    excerpt: text("excerpt").notNull().default(""),
    image: text("image"),
    imagesAnnexes: jsonb("imagesannexes").$type<string[]>().notNull().default([]),
    author: text("author").notNull().default("Admin"),
    /** Demo content, which the dashboard offers to remove until an administrator edits it. */
    isDemo: boolean("is_demo").notNull().default(false),
    date: timestamptz("date").notNull().defaultNow(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    ...publicationColumns(),
  },
  (t) => [
    index("blog_posts_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("blog_posts_published_idx")
      .on(t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.state} = 'publie'`),
    index("blog_posts_scheduled_idx")
      .on(t.publishAt)
      .where(sql`${t.state} = 'programme'`),
    check("blog_posts_public_has_date", sql`${t.state} <> 'publie' or ${t.publishedAt} is not null`),
    check("blog_posts_scheduled_has_time", sql`${t.state} <> 'programme' or ${t.publishAt} is not null`),
  ],
);

export const events = pgTable(
  "events",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    location: text("location").notNull().default(""),
    /** Start, end and their Paris date: a draft may have none yet; a scheduled or published event has them all. */
    start: timestamptz("start"),
    endDate: timestamptz("enddate"),
    content: text("content").notNull(),
    /** The visible text of `content`, written with it (feeds, descriptions). */
    plainText: text("plain_text").notNull().default(""),
    image: text("image"),
    imagesAnnexes: jsonb("imagesannexes").$type<string[]>().notNull().default([]),
    date: date("date", { mode: "string" }),
    author: text("author").notNull().default("admin"),
    /** Demo content, which the dashboard offers to remove until an administrator edits it. */
    isDemo: boolean("is_demo").notNull().default(false),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    ...publicationColumns(),
    /** Sign-ups (workshops, the general assembly): open or not, places (null: no limit), until when, a question. */
    signupsOpen: boolean("signups_open").notNull().default(false),
    signupCapacity: integer("signup_capacity"),
    signupClosesAt: timestamptz("signup_closes_at"),
    signupQuestion: text("signup_question"),
    signupMaxPeople: integer("signup_max_people").notNull().default(4),
    /** When the reminders of the day before were queued: once per event. */
    remindersQueuedAt: timestamptz("reminders_queued_at"),
  },
  (t) => [
    index("events_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("events_start_idx").on(t.start.desc().nullsFirst()),
    index("events_published_idx")
      .on(t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.state} = 'publie'`),
    index("events_published_start_idx")
      .on(t.start, t.id)
      .where(sql`${t.state} = 'publie'`),
    index("events_scheduled_idx")
      .on(t.publishAt)
      .where(sql`${t.state} = 'programme'`),
    check(
      "events_dated_unless_draft",
      sql`${t.state} = 'brouillon' or (${t.start} is not null and ${t.endDate} is not null and ${t.date} is not null)`,
    ),
    check("events_public_has_date", sql`${t.state} <> 'publie' or ${t.publishedAt} is not null`),
    check("events_scheduled_has_time", sql`${t.state} <> 'programme' or ${t.publishAt} is not null`),
  ],
);

/**
 * The earlier states of an article or an event: each save keeps the state it replaces (the last 25 per item), so
 * that an unlucky « Mettre à jour » can be undone. Deleted with their item.
 */
export const contentVersions = pgTable(
  "content_versions",
  {
    id: serial("id").primaryKey(),
    itemKind: text("item_kind").$type<"article" | "evenement">().notNull(),
    itemId: integer("item_id").notNull(),
    /** When that state was saved, and by whom (a display name, or « publication programmée »). */
    savedAt: timestamptz("saved_at").notNull(),
    savedBy: text("saved_by"),
    /** The item's fields as they were (see modules/publishing/versions.server.ts). */
    snapshot: jsonb("snapshot").$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    index("content_versions_item_idx").on(
      t.itemKind,
      t.itemId,
      t.savedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/**
 * What an administrator was typing in an editor, saved every 30 seconds and replaced each time: one per item and
 * person (`item_id` 0 for an item not saved yet). It changes nothing public, and goes when the item is saved.
 */
export const autosaves = pgTable(
  "autosaves",
  {
    id: serial("id").primaryKey(),
    itemKind: text("item_kind").$type<"article" | "evenement">().notNull(),
    itemId: integer("item_id").notNull().default(0),
    adminId: integer("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    savedAt: timestamptz("saved_at").notNull().defaultNow(),
    /** The form's fields as typed. */
    fields: jsonb("fields").$type<Record<string, unknown>>().notNull(),
  },
  (t) => [uniqueIndex("autosaves_item_admin_idx").on(t.itemKind, t.itemId, t.adminId)],
);

export const applications = pgTable(
  "applications",
  {
    id: serial("id").primaryKey(),
    nom: text("nom").notNull(),
    email: text("email").notNull(),
    adresse: text("adresse").notNull(),
    ville: text("ville").notNull().default(""),
    telephonePortable: text("telephoneportable").notNull(),
    telephoneFixe: text("telephonefixe"),
    tailleJardin: text("taillejardin").notNull(),
    experience: text("experience").notNull(),
    budgetConnu: boolean("budgetconnu").notNull(),
    tempsDisponible: text("tempsdisponible").notNull(),
    inspectionConnu: boolean("inspectionconnu").notNull(),
    engagementCharte: boolean("engagementcharte").notNull(),
    engagementReglement: boolean("engagementreglement").notNull(),
    engagementLieuPublic: boolean("engagementlieupublic").notNull(),
    motivations: text("motivations").notNull(),
    /** Versions of the charter and the rules shown to the applicant, and when they accepted the commitments. */
    charteVersion: text("charte_version"),
    reglementVersion: text("reglement_version"),
    engagementsAcceptesLe: timestamptz("engagements_acceptes_le"),
    date: timestamptz("date").notNull().defaultNow(),
    processed: boolean("processed").notNull().default(false),
    archived: boolean("archived"),
    archivedDate: timestamptz("archived_date"),
    /** The applicant's private link (/ma-demande/…), stored as an HMAC; valid while the application exists. */
    accessTokenHash: text("access_token_hash"),
    /** Demo content, which the dashboard offers to remove until an administrator edits it. */
    isDemo: boolean("is_demo").notNull().default(false),
  },
  (t) => [
    uniqueIndex("applications_access_token_idx").on(t.accessTokenHash),
    index("applications_date_idx").on(t.date.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("applications_archived_date_idx").on(t.archivedDate.desc().nullsFirst()),
    index("applications_unprocessed_idx")
      .on(t.id)
      .where(sql`${t.processed} = false and coalesce(${t.archived}, false) = false`),
  ],
);

export const formFields = pgTable(
  "form_fields",
  {
    id: serial("id").primaryKey(),
    label: text("label").notNull(),
    /** The application form field the label is for (nom, email…); rows without one are shown to no form. */
    name: text("name"),
  },
  (t) => [index("form_fields_label_idx").on(t.label), uniqueIndex("form_fields_name_idx").on(t.name)],
);

export const adTypeEnum = pgEnum("ad_type", ["recherche", "vend", "donne", "échange"]);
export const adStatusEnum = pgEnum("ad_status", ["en_attente", "validé"]);

export const annonces = pgTable(
  "annonces",
  {
    id: serial("id").primaryKey(),
    nom: text("nom").notNull(),
    email: text("email"),
    telephone: text("telephone").notNull(),
    type: adTypeEnum("type").notNull(),
    contenu: text("contenu"),
    photo1: text("photo1"),
    photo2: text("photo2"),
    statut: adStatusEnum("statut").notNull().default("en_attente"),
    isValidated: boolean("isvalidated").notNull().default(false),
    /** When it went public: a validated ad expires some months later (the retention settings). */
    validatedAt: timestamptz("validated_at"),
    /** Demo content, which the dashboard offers to remove until an administrator edits it. */
    isDemo: boolean("is_demo").notNull().default(false),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("annonces_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("annonces_statut_created_at_idx").on(t.statut, t.createdAt.desc().nullsFirst()),
  ],
);

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [index("contact_messages_created_at_idx").on(t.createdAt.desc().nullsFirst())],
);

export const admins = pgTable(
  "admins",
  {
    id: serial("id").primaryKey(),
    username: text("username").notNull(),
    /** How the site names this administrator (an article's author); the username when empty. */
    displayName: text("display_name"),
    passwordHash: text("password_hash").notNull(),
    /** Where the site writes to this administrator (an invitation, a test e-mail); optional. */
    email: text("email"),
    /** The TOTP secret (base32) once the second factor is confirmed; null while it is off. */
    totpSecret: text("totp_secret"),
    /** A secret being enrolled, not yet confirmed by a code. */
    totpPendingSecret: text("totp_pending_secret"),
    /** The 30 s step of the last code accepted: a code is accepted once (RFC 6238 §5.2). */
    totpLastStep: integer("totp_last_step"),
    /** What the account may open: see `app/modules/auth/roles.ts` (a site's referent also has `admin_sites`). */
    role: text("role").notNull().default("administrateur"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("admins_username_idx").on(t.username),
    check("admins_role_known", sql`${t.role} in ('administrateur', 'tresorier', 'referent', 'redacteur')`),
  ],
);

/** The sites a « Référent de jardin » looks after; a site's removal drops it from their list. */
export const adminSites = pgTable(
  "admin_sites",
  {
    adminId: integer("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    siteId: integer("site_id")
      .notNull()
      .references(() => gardenSites.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.adminId, t.siteId] }), index("admin_sites_site_idx").on(t.siteId)],
);

/** One-time recovery codes of the second factor, stored hashed; a used one keeps its row with `usedAt`. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: serial("id").primaryKey(),
    adminId: integer("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamptz("used_at"),
  },
  (t) => [index("recovery_codes_admin_idx").on(t.adminId)],
);

/** An invitation to become an administrator: a link valid 48 h to choose one's password, stored hashed. */
export const adminInvitations = pgTable(
  "admin_invitations",
  {
    tokenHash: text("token_hash").primaryKey(),
    username: text("username").notNull(),
    email: text("email"),
    invitedBy: integer("invited_by").references(() => admins.id, { onDelete: "set null" }),
    /** The role the account will have, chosen by whoever invited; a referent's sites (checked again on acceptance). */
    role: text("role").notNull().default("administrateur"),
    siteIds: integer("site_ids")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    expiresAt: timestamptz("expires_at").notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("admin_invitations_username_idx").on(t.username)],
);

/**
 * What administrators did, written in the same transaction as the change. Names the record ("demande n° 12"), never
 * a person's details; `actor` keeps the username after the account is gone.
 */
export const history = pgTable(
  "history",
  {
    id: serial("id").primaryKey(),
    at: timestamptz("at").notNull().defaultNow(),
    adminId: integer("admin_id").references(() => admins.id, { onDelete: "set null" }),
    actor: text("actor").notNull(),
    kind: text("kind").notNull(),
    target: text("target"),
    detail: text("detail"),
    /** How many times it happened: refused sign-ins with unknown identifiers are one entry an hour, counted. */
    occurrences: integer("occurrences").notNull().default(1),
  },
  (t) => [
    index("history_at_idx").on(t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("history_kind_at_idx").on(t.kind, t.at.desc().nullsFirst()),
    index("history_actor_at_idx").on(t.actor, t.at.desc().nullsFirst()),
  ],
);

/** Server-side sessions: the cookie carries a random token, the table only its hash. */
export const sessions = pgTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    adminId: integer("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    lastSeenAt: timestamptz("last_seen_at").notNull().defaultNow(),
    /** Password given, second-factor code still to come: such a session opens nothing but the code form. */
    awaitingSecondFactor: boolean("awaiting_second_factor").notNull().default(false),
  },
  (t) => [index("sessions_admin_idx").on(t.adminId)],
);

/**
 * Every event an abuse limit counts (a failed sign-in, a form sent), by key — "connexion:marie:1.2.3.4",
 * "contact:tentative:1.2.3.4" — kept in the database so limits hold across instances and restarts.
 */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    id: serial("id").primaryKey(),
    key: text("key").notNull(),
    at: timestamptz("at").notNull().defaultNow(),
  },
  (t) => [index("rate_limit_hits_key_at_idx").on(t.key, t.at)],
);

export const media = pgTable(
  "media",
  {
    id: serial("id").primaryKey(),
    hash: text("hash").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: integer("bytes").notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("media_hash_idx").on(t.hash)],
);

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

export const letterStatusEnum = pgEnum("letter_status", ["brouillon", "envoi", "envoyee"]);
export const letterAudienceEnum = pgEnum("letter_audience", ["abonnes", "inscrits", "jardiniers"]);
export const letterSourceEnum = pgEnum("letter_source", ["article", "evenement", "libre", "resume"]);
/** Which gardeners a letter to gardeners goes to. */
export const letterGardenersEnum = pgEnum("letter_gardeners", ["actuels", "jardins", "cotisation", "parcelles"]);
/** A letter to gardeners: general information (each may stop them) or a membership's service message (decision 029). */
export const letterNatureEnum = pgEnum("letter_nature", ["information", "service"]);

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

/**
 * What `npm run import` brought in from the association's previous site, by source table and the row's id there
 * (or a hash of the row when it has none): a row is imported once, however often the command runs.
 */
export const importedRecords = pgTable(
  "imported_records",
  {
    sourceTable: text("source_table").notNull(),
    sourceKey: text("source_key").notNull(),
    /** The id the row got here. */
    recordId: integer("record_id").notNull(),
    importedAt: timestamptz("imported_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sourceTable, t.sourceKey] })],
);

/**
 * A counter the database moves on at every write to what public pages show (association_content, blog_posts, events,
 * annonces, form_fields: statement triggers, migration 0010), whoever writes: the site, another instance, a command.
 * The cache of rendered pages compares it (server/page-cache.ts).
 */
export const siteVersion = pgTable("site_version", {
  id: integer("id").primaryKey().default(1),
  version: integer("version").notNull().default(0),
  changedAt: timestamptz("changed_at").notNull().defaultNow(),
});

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

export const registrationStatusEnum = pgEnum("registration_status", ["inscrit", "attente", "annule"]);

/**
 * A sign-up for an event: present (« inscrit »), on the waiting list, or cancelled. Places are counted in people;
 * the event's row is locked while one is given, so two sign-ups never take the same place.
 */
export const eventRegistrations = pgTable(
  "event_registrations",
  {
    id: serial("id").primaryKey(),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Lower-cased and trimmed. */
    email: text("email").notNull(),
    people: integer("people").notNull().default(1),
    answer: text("answer").notNull().default(""),
    status: registrationStatusEnum("status").notNull(),
    /** Secret part of the cancel link's token (see registrations.server.ts); the table keeps only its HMAC. */
    cancelKey: text("cancel_key").notNull(),
    cancelTokenHash: text("cancel_token_hash").notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    promotedAt: timestamptz("promoted_at"),
    cancelledAt: timestamptz("cancelled_at"),
  },
  (t) => [
    index("event_registrations_event_idx").on(t.eventId, t.status, t.createdAt, t.id),
    uniqueIndex("event_registrations_cancel_idx").on(t.cancelTokenHash),
    index("event_registrations_email_idx").on(t.email),
  ],
);

/** A garden site: « Jardin des Brosses », Villeurbanne. Its town is one of the application form's (VILLES). */
export const gardenSites = pgTable(
  "garden_sites",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    town: text("town").notNull(),
    address: text("address").notNull().default(""),
    accessNotes: text("access_notes").notNull().default(""),
    /** Demo content, which the dashboard offers to remove until an administrator edits it. */
    isDemo: boolean("is_demo").notNull().default(false),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("garden_sites_name_idx").on(t.name)],
);

export const plotKindEnum = pgEnum("plot_kind", ["familiale", "partagee"]);
export const plotStateEnum = pgEnum("plot_state", ["libre", "attribuee", "reservee", "remise_en_etat"]);

/**
 * A plot of a site, numbered within it. Its size class (product §9: petite < 150 m², moyenne 150–200, grande > 200) is
 * derived from the area. `cabin_value`: null without a cabin, else its takeover value in euros (at most 300).
 * « attribuee » goes with exactly one current holding (plot_holdings), written in the same transaction.
 */
export const plots = pgTable(
  "plots",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => gardenSites.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    area: integer("area").notNull(),
    kind: plotKindEnum("kind").notNull().default("familiale"),
    cabinValue: integer("cabin_value"),
    state: plotStateEnum("state").notNull().default("libre"),
    notes: text("notes").notNull().default(""),
    /** Demo content, which the dashboard offers to remove until an administrator edits it. */
    isDemo: boolean("is_demo").notNull().default(false),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("plots_site_number_idx").on(t.siteId, t.number),
    index("plots_state_idx").on(t.state),
    check("plots_area_positive", sql`${t.area} > 0`),
    check("plots_cabin_value", sql`${t.cabinValue} is null or ${t.cabinValue} between 0 and 300`),
  ],
);

/**
 * A gardener: who holds (or held) plots. Made from an application at the allotment (`application_id`), or typed.
 * `end_date` set: a former gardener, kept for the retention period after it.
 */
export const gardeners = pgTable(
  "gardeners",
  {
    id: serial("id").primaryKey(),
    /** As written: « Camille Roux ». */
    name: text("name").notNull(),
    /** « Roux » and « Camille », guessed from the name (splitName) and corrected by the bureau: lists sort by them. */
    familyName: text("family_name").notNull().default(""),
    givenNames: text("given_names").notNull().default(""),
    /** « madame », « monsieur » or '' (not given): the texts that name them agree (« présente », « jardinière »). */
    civility: text("civility").notNull().default(""),
    email: text("email").notNull().default(""),
    mobile: text("mobile").notNull().default(""),
    landline: text("landline").notNull().default(""),
    address: text("address").notNull().default(""),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }),
    notes: text("notes").notNull().default(""),
    applicationId: integer("application_id").references(() => applications.id, { onDelete: "set null" }),
    /**
     * Since when, and how (« lien d'une lettre », « en un clic depuis sa messagerie », « par le bureau (marie) »), the
     * gardener no longer receives the information letters to gardeners; null: they do (decision 029).
     */
    lettersOptOutAt: timestamptz("letters_opt_out_at"),
    lettersOptOutHow: text("letters_opt_out_how").notNull().default(""),
    isDemo: boolean("is_demo").notNull().default(false),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("gardeners_name_idx").on(t.name, t.id),
    index("gardeners_email_idx").on(t.email),
    uniqueIndex("gardeners_application_idx").on(t.applicationId),
  ],
);

/**
 * Who held a plot, from when to when (`end_date` null: holds it now). The partial unique index is the last guard
 * against one plot allotted twice. The gardener is null once their record is erased: the plot's history stays.
 */
export const plotHoldings = pgTable(
  "plot_holdings",
  {
    id: serial("id").primaryKey(),
    plotId: integer("plot_id")
      .notNull()
      .references(() => plots.id, { onDelete: "cascade" }),
    gardenerId: integer("gardener_id").references(() => gardeners.id, { onDelete: "set null" }),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }),
  },
  (t) => [
    uniqueIndex("plot_holdings_current_idx")
      .on(t.plotId)
      .where(sql`${t.endDate} is null`),
    index("plot_holdings_gardener_idx").on(t.gardenerId),
    index("plot_holdings_plot_idx").on(t.plotId, t.startDate),
  ],
);

/**
 * An allotment decided now for a later day (decision 036): the plot stays free until then but is offered to no one
 * else; on its day the daily job makes it a holding (`plot_holdings`), from the application (the gardener made then)
 * or for a gardener already in the register. `problem`: why it could not be made on its day, for the bureau.
 */
export const plannedAllotments = pgTable(
  "planned_allotments",
  {
    id: serial("id").primaryKey(),
    plotId: integer("plot_id")
      .notNull()
      .references(() => plots.id, { onDelete: "cascade" }),
    applicationId: integer("application_id").references(() => applications.id, { onDelete: "cascade" }),
    gardenerId: integer("gardener_id").references(() => gardeners.id, { onDelete: "cascade" }),
    startDate: date("start_date", { mode: "string" }).notNull(),
    /** The welcome e-mail, when the bureau chose to send it before the day. */
    welcomeSentAt: timestamptz("welcome_sent_at"),
    problem: text("problem").notNull().default(""),
    createdBy: text("created_by").notNull().default(""),
    isDemo: boolean("is_demo").notNull().default(false),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("planned_allotments_plot_idx").on(t.plotId),
    uniqueIndex("planned_allotments_application_idx")
      .on(t.applicationId)
      .where(sql`${t.applicationId} is not null`),
    index("planned_allotments_gardener_idx").on(t.gardenerId),
    index("planned_allotments_start_idx").on(t.startDate),
    check("planned_allotments_who", sql`(${t.applicationId} is null) <> (${t.gardenerId} is null)`),
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

export const paymentKindEnum = pgEnum("payment_kind", ["cotisation", "droit_entree", "reprise_cabane"]);

/**
 * Money a gardener owes or paid, as the bureau records it (no payment is processed here): a year's fee (due once
 * called, `paid_on` when paid), the entry budget, a cabin takeover. Amounts in cents. Kept for the accounts after the
 * person's record is erased, without them (`gardener_id` null).
 */
export const gardenerPayments = pgTable(
  "gardener_payments",
  {
    id: serial("id").primaryKey(),
    gardenerId: integer("gardener_id").references(() => gardeners.id, { onDelete: "set null" }),
    kind: paymentKindEnum("kind").notNull(),
    year: smallint("year").notNull(),
    amountCents: integer("amount_cents").notNull(),
    paidOn: date("paid_on", { mode: "string" }),
    /** chèque, virement, espèces, HelloAsso, autre. */
    means: text("means"),
    /** The fee a `cotisation` payment settles (any number of payments per fee). */
    feeId: integer("fee_id").references(() => gardenerFees.id, { onDelete: "cascade" }),
    /** The payment's own reference where it has one: « HelloAsso, commande n° 120345 ». */
    reference: text("reference").notNull().default(""),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("gardener_payments_year_idx").on(t.kind, t.year),
    index("gardener_payments_fee_idx").on(t.feeId),
    check("gardener_payments_amount", sql`${t.amountCents} >= 0`),
  ],
);

/**
 * A cheque the bank returned unpaid after its deposit. Its payment is removed (the fee owed again, its receipt cancelled),
 * its deposited entry stays as the bank credited it, and `reversal_entry_id` takes it back out of the account on the day
 * the bank debited it: the deposit and the statement stay true. What the payment was is kept here for the record.
 */
export const bouncedCheques = pgTable(
  "bounced_cheques",
  {
    id: serial("id").primaryKey(),
    gardenerId: integer("gardener_id").references(() => gardeners.id, { onDelete: "set null" }),
    feeId: integer("fee_id").references(() => gardenerFees.id, { onDelete: "set null" }),
    kind: paymentKindEnum("kind").notNull(),
    year: smallint("year").notNull(),
    amountCents: integer("amount_cents").notNull(),
    paidOn: date("paid_on", { mode: "string" }).notNull(),
    chequeNumber: text("cheque_number").notNull().default(""),
    depositedOn: date("deposited_on", { mode: "string" }).notNull(),
    bouncedOn: date("bounced_on", { mode: "string" }).notNull(),
    reason: text("reason").notNull().default(""),
    /** The receipt cancelled with it, « 2026-0012 »; empty: none had been made. */
    receiptNumber: text("receipt_number").notNull().default(""),
    entryId: integer("entry_id").references(() => treasuryEntries.id, { onDelete: "set null" }),
    reversalEntryId: integer("reversal_entry_id").references(() => treasuryEntries.id, { onDelete: "set null" }),
    recordedBy: text("recorded_by").notNull().default(""),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("bounced_cheques_gardener_idx").on(t.gardenerId),
    index("bounced_cheques_fee_idx").on(t.feeId),
    check("bounced_cheques_amount", sql`${t.amountCents} > 0`),
    check("bounced_cheques_dates", sql`${t.bouncedOn} >= ${t.depositedOn}`),
  ],
);

/** A fee is open (owed), waived (in part or whole: `waived_cents`) or cancelled (nothing owed), with the reason. */
export const feeStatusEnum = pgEnum("fee_status", ["open", "waived", "cancelled"]);

/**
 * A gardener's fee of a year: what was called (cents), by which rate, due when; paid when its payments reach what is
 * owed (called less waived). Kept for the accounts after the person's record is erased (`gardener_id` null).
 */
export const gardenerFees = pgTable(
  "gardener_fees",
  {
    id: serial("id").primaryKey(),
    gardenerId: integer("gardener_id").references(() => gardeners.id, { onDelete: "set null" }),
    year: smallint("year").notNull(),
    amountCents: integer("amount_cents").notNull(),
    waivedCents: integer("waived_cents").notNull().default(0),
    dueOn: date("due_on", { mode: "string" }).notNull(),
    status: feeStatusEnum("status").notNull().default("open"),
    reason: text("reason").notNull().default(""),
    /** How the amount was reached: « moyenne parcelle », « tarif de la fiche : … ». */
    rate: text("rate").notNull().default(""),
    calledAt: timestamptz("called_at"),
    remindedAt: timestamptz("reminded_at"),
    /**
     * A payment HelloAsso received for this fee that awaits the bureau (an « anomalie »), with why; empty: none. Not
     * late, not reminded meanwhile: the gardener paid something.
     */
    onlineAnomaly: text("online_anomaly").notNull().default(""),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("gardener_fees_gardener_year_idx")
      .on(t.gardenerId, t.year)
      .where(sql`${t.gardenerId} is not null`),
    index("gardener_fees_year_idx").on(t.year, t.status),
    check("gardener_fees_amount", sql`${t.amountCents} >= 0 and ${t.waivedCents} between 0 and ${t.amountCents}`),
  ],
);

/** A particular rate, a gardener's (reduced rate) or a plot's (shared plot), that the call uses instead of the size's. */
export const feeRates = pgTable(
  "fee_rates",
  {
    id: serial("id").primaryKey(),
    gardenerId: integer("gardener_id").references(() => gardeners.id, { onDelete: "cascade" }),
    plotId: integer("plot_id").references(() => plots.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    reason: text("reason").notNull().default(""),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("fee_rates_gardener_idx")
      .on(t.gardenerId)
      .where(sql`${t.gardenerId} is not null`),
    uniqueIndex("fee_rates_plot_idx")
      .on(t.plotId)
      .where(sql`${t.plotId} is not null`),
    check("fee_rates_one", sql`(${t.gardenerId} is null) <> (${t.plotId} is null) and ${t.amountCents} >= 0`),
  ],
);

/** A year's « Appel à cotisation »: the amounts by plot size (cents), and when it went. */
export const feeCalls = pgTable("fee_calls", {
  year: smallint("year").primaryKey(),
  smallCents: integer("small_cents").notNull(),
  mediumCents: integer("medium_cents").notNull(),
  largeCents: integer("large_cents").notNull(),
  calledAt: timestamptz("called_at").notNull().defaultNow(),
  calledBy: text("called_by").notNull(),
  /** « à régler avant le … »: late, and reminded, only after it. */
  dueOn: date("due_on", { mode: "string" }),
  /** A call of the demo, removed with it once no fee of its year is left. */
  isDemo: boolean("is_demo").notNull().default(false),
});

/** A monthly inspection round of a site: its date and inspector, and a mark per attributed plot; one a day per site. */
export const inspectionRounds = pgTable(
  "inspection_rounds",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => gardenSites.id, { onDelete: "cascade" }),
    date: date("date", { mode: "string" }).notNull(),
    inspector: text("inspector").notNull(),
    /**
     * The one-time token of the round's forms (see inspections.server.ts): each change replaces it, so a form sent
     * twice, or from a page shown before another administrator's change, is refused instead of applied again.
     */
    formToken: text("form_token")
      .notNull()
      .default(sql`gen_random_uuid()::text`),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("inspection_rounds_site_date_idx").on(t.siteId, t.date.desc().nullsFirst())],
);

export const inspectionResultEnum = pgEnum("inspection_result", ["conforme", "avertissement"]);

export const inspectionMarks = pgTable(
  "inspection_marks",
  {
    id: serial("id").primaryKey(),
    roundId: integer("round_id")
      .notNull()
      .references(() => inspectionRounds.id, { onDelete: "cascade" }),
    plotId: integer("plot_id")
      .notNull()
      .references(() => plots.id, { onDelete: "cascade" }),
    /** The holder at the time of the round (null once their record is erased). */
    gardenerId: integer("gardener_id").references(() => gardeners.id, { onDelete: "set null" }),
    result: inspectionResultEnum("result").notNull(),
    note: text("note").notNull().default(""),
    mailQueuedAt: timestamptz("mail_queued_at"),
    /**
     * A warning withdrawn stays, marked: when, by whom, why (the gardener reads it if the warning was e-mailed). It no
     * longer counts toward « exclusion possible ».
     */
    withdrawnAt: timestamptz("withdrawn_at"),
    withdrawnBy: text("withdrawn_by"),
    withdrawalReason: text("withdrawal_reason"),
  },
  (t) => [
    uniqueIndex("inspection_marks_round_plot_idx").on(t.roundId, t.plotId),
    index("inspection_marks_gardener_idx").on(t.gardenerId, t.result),
    index("inspection_marks_plot_idx").on(t.plotId),
  ],
);

/**
 * The jobs that run once across instances (`Job.once` in app/server/jobs.server.ts): who may run each now. A claim
 * is a lease: an instance killed during a run lets another take the job once it has passed.
 */
export const jobRuns = pgTable("job_runs", {
  name: text("name").primaryKey(),
  startedAt: timestamptz("started_at").notNull(),
  leaseUntil: timestamptz("lease_until").notNull(),
  finishedAt: timestamptz("finished_at"),
});

/** The association's documents (decision 028); the same lists as `app/modules/documents/documents.schema.ts`. */
export const documentKindEnum = pgEnum("document_kind", [
  "statuts",
  "reglement_interieur",
  "proces_verbal",
  "rapport",
  "convention_occupation",
  "autre",
]);
export const documentVisibilityEnum = pgEnum("document_visibility", ["public", "membres"]);
export const documentFormatEnum = pgEnum("document_format", ["pdf", "jpeg"]);

/**
 * A document of the association: statutes, rules, minutes… Its file and date are its versions' (the newest is
 * current); `public` lists it on /association, `membres` serves it only through a member's personal link.
 */
export const documents = pgTable(
  "documents",
  {
    id: serial("id").primaryKey(),
    kind: documentKindEnum("kind").notNull(),
    title: text("title").notNull(),
    visibility: documentVisibilityEnum("visibility").notNull().default("public"),
    /** Demo content, which the dashboard offers to remove until an administrator edits it. */
    isDemo: boolean("is_demo").notNull().default(false),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [index("documents_kind_idx").on(t.kind)],
);

/**
 * One file of a document, kept when a newer one replaces it. The file is `DATA_DIR/documents/<hash>.<pdf|jpg>`, named
 * by the SHA-256 of its bytes: two versions with the same bytes share it.
 */
export const documentVersions = pgTable(
  "document_versions",
  {
    id: serial("id").primaryKey(),
    documentId: integer("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    hash: text("hash").notNull(),
    format: documentFormatEnum("format").notNull(),
    bytes: integer("bytes").notNull(),
    /** A PDF's page count; null for an image. */
    pages: integer("pages"),
    /** The date the document bears (adopted, held, signed), as the bureau gives it. */
    date: date("date", { mode: "string" }).notNull(),
    /** The name the file had on the sender's computer, as a reminder only (never used to read it). */
    originalName: text("original_name").notNull().default(""),
    addedBy: text("added_by").notNull().default(""),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("document_versions_document_idx").on(t.documentId, t.id.desc()),
    index("document_versions_hash_idx").on(t.hash),
    check("document_versions_hash", sql`${t.hash} ~ '^[0-9a-f]{32}$'`),
    check("document_versions_bytes", sql`${t.bytes} > 0`),
  ],
);

/** The association's general assembly (decision 030): ordinary or extraordinary. */
export const assemblyKindEnum = pgEnum("assembly_kind", ["ordinaire", "extraordinaire"]);
/** One voice per member, or one per plot held, as the statutes say. */
export const assemblyVoiceEnum = pgEnum("assembly_voice", ["membre", "parcelle"]);
/** `simple`: more for than against; `absolue`: more than half the voices present and represented; `deux_tiers`. */
export const assemblyMajorityEnum = pgEnum("assembly_majority", ["simple", "absolue", "deux_tiers"]);
export const assemblyAnswerEnum = pgEnum("assembly_answer", ["present", "pouvoir", "absent"]);
/** Who the statutes make a member: every current gardener, or those whose fee of a year is settled (decision 030). */
export const assemblyMembershipEnum = pgEnum("assembly_membership", ["jardiniers", "cotisation"]);

/**
 * An event marked as the general assembly, with the statutes' rules it is held under (copied from the previous
 * assembly when marked), its convocation and its minutes.
 */
export const assemblies = pgTable(
  "assemblies",
  {
    id: serial("id").primaryKey(),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    kind: assemblyKindEnum("kind").notNull().default("ordinaire"),
    convocationDays: integer("convocation_days").notNull().default(15),
    voiceBasis: assemblyVoiceEnum("voice_basis").notNull().default("membre"),
    maxProxies: integer("max_proxies").notNull().default(2),
    /** The share of voices present or represented needed to deliberate, in percent (0: none). */
    quorumPercent: integer("quorum_percent").notNull().default(25),
    majority: assemblyMajorityEnum("majority").notNull().default("simple"),
    membership: assemblyMembershipEnum("membership").notNull().default("jardiniers"),
    /** With `cotisation`: the year whose fee a gardener must have settled to be a member. */
    membershipFeeYear: smallint("membership_fee_year"),
    /** When the convocation was sent: the members are fixed from then. */
    convokedAt: timestamptz("convoked_at"),
    /** When the personal links were deleted, once the assembly ended. */
    linksDeletedAt: timestamptz("links_deleted_at"),
    /** The association's documents joined to the convocation (reports, accounts, budget), in their order. */
    documentIds: integer("document_ids")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** The minutes as edited (sanitised HTML); empty until drafted. */
    minutes: text("minutes").notNull().default(""),
    /** Who chaired the meeting and who took its minutes (« président de séance », « secrétaire de séance »). */
    chair: text("chair").notNull().default(""),
    secretary: text("secretary").notNull().default(""),
    /** When the meeting closed, « 21:40 » (Paris); empty until known. */
    closedTime: text("closed_time").notNull().default(""),
    minutesDocumentId: integer("minutes_document_id").references(() => documents.id, { onDelete: "set null" }),
    isDemo: boolean("is_demo").notNull().default(false),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("assemblies_event_idx").on(t.eventId),
    check("assemblies_max_proxies", sql`${t.maxProxies} >= 0`),
    check("assemblies_quorum", sql`${t.quorumPercent} between 0 and 100`),
    check("assemblies_convocation_days", sql`${t.convocationDays} between 0 and 365`),
    check("assemblies_membership_year", sql`${t.membership} <> 'cotisation' or ${t.membershipFeeYear} is not null`),
  ],
);

/** The agenda: ordered items, each possibly a resolution, with its counts once voted. */
export const assemblyItems = pgTable(
  "assembly_items",
  {
    id: serial("id").primaryKey(),
    assemblyId: integer("assembly_id")
      .notNull()
      .references(() => assemblies.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    title: text("title").notNull(),
    isResolution: boolean("is_resolution").notNull().default(false),
    /** An election of the bureau: candidates per office, voices per candidate (`assembly_candidates`), not for/against. */
    isElection: boolean("is_election").notNull().default(false),
    votesFor: integer("votes_for"),
    votesAgainst: integer("votes_against"),
    abstentions: integer("abstentions"),
  },
  (t) => [index("assembly_items_assembly_idx").on(t.assemblyId, t.position, t.id)],
);

/**
 * A member of the association who holds no plot, added by the bureau (an approved volunteer, in the demo's statutes,
 * art. 4): convened to the assemblies while `end_date` is null. Their rows of past assemblies keep their name.
 */
export const volunteerMembers = pgTable(
  "volunteer_members",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    familyName: text("family_name").notNull().default(""),
    givenNames: text("given_names").notNull().default(""),
    /** « madame », « monsieur » or '' (not given): the texts that name them agree (« présente », « jardinière »). */
    civility: text("civility").notNull().default(""),
    email: text("email").notNull().default(""),
    address: text("address").notNull().default(""),
    /** The day the bureau approved them. */
    startDate: date("start_date", { mode: "string" }).notNull(),
    /** The day they stopped being a member: no longer convened, nor counted, from then. */
    endDate: date("end_date", { mode: "string" }),
    note: text("note").notNull().default(""),
    isDemo: boolean("is_demo").notNull().default(false),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [index("volunteer_members_name_idx").on(t.familyName, t.id)],
);

/**
 * A member convened to an assembly: a current gardener (or a member added by hand) when the convocation went, named as then. The personal link's
 * token is derived from `link_key` with the server's secret and only its HMAC is kept; both go when the assembly
 * ends. A proxy points to the member who holds it; the answer and the presence are kept with the minutes.
 */
export const assemblyMembers = pgTable(
  "assembly_members",
  {
    id: serial("id").primaryKey(),
    assemblyId: integer("assembly_id")
      .notNull()
      .references(() => assemblies.id, { onDelete: "cascade" }),
    gardenerId: integer("gardener_id").references(() => gardeners.id, { onDelete: "set null" }),
    volunteerId: integer("volunteer_id").references(() => volunteerMembers.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    familyName: text("family_name").notNull().default(""),
    givenNames: text("given_names").notNull().default(""),
    /** As their record said when they were convened: the texts addressed to them agree. */
    civility: text("civility").notNull().default(""),
    voices: integer("voices").notNull().default(1),
    /** Why they are a member, as the convocation found it: « Jardinier actuel », « Cotisation 2026 réglée »… */
    reason: text("reason").notNull().default(""),
    linkKey: text("link_key"),
    linkHash: text("link_hash"),
    answer: assemblyAnswerEnum("answer"),
    proxyHolderId: integer("proxy_holder_id").references((): AnyPgColumn => assemblyMembers.id, {
      onDelete: "set null",
    }),
    answeredAt: timestamptz("answered_at"),
    /** The answer came on paper (the reply slip, a signed proxy) and the bureau recorded it. */
    answeredOnPaper: boolean("answered_on_paper").notNull().default(false),
    present: boolean("present").notNull().default(false),
  },
  (t) => [
    index("assembly_members_assembly_idx").on(t.assemblyId, t.id),
    uniqueIndex("assembly_members_gardener_idx").on(t.assemblyId, t.gardenerId),
    uniqueIndex("assembly_members_volunteer_idx")
      .on(t.assemblyId, t.volunteerId)
      .where(sql`${t.volunteerId} is not null`),
    uniqueIndex("assembly_members_link_idx").on(t.linkHash),
    index("assembly_members_holder_idx").on(t.proxyHolderId),
    check("assembly_members_voices", sql`${t.voices} >= 0`),
    check("assembly_members_not_own_proxy", sql`${t.proxyHolderId} is null or ${t.proxyHolderId} <> ${t.id}`),
    check("assembly_members_proxy_answer", sql`${t.proxyHolderId} is null or ${t.answer} = 'pouvoir'`),
  ],
);

/** The offices the statutes name (the demo's, art. 9): the bureau elected by the general assembly. */
export const officeEnum = pgEnum("office", ["presidence", "tresorerie", "secretariat"]);

/** A candidate to an office at an election of the agenda, with the voices counted for them. */
export const assemblyCandidates = pgTable(
  "assembly_candidates",
  {
    id: serial("id").primaryKey(),
    itemId: integer("item_id")
      .notNull()
      .references(() => assemblyItems.id, { onDelete: "cascade" }),
    office: officeEnum("office").notNull(),
    name: text("name").notNull(),
    votes: integer("votes"),
  },
  (t) => [
    index("assembly_candidates_item_idx").on(t.itemId, t.office, t.id),
    check("assembly_candidates_votes", sql`${t.votes} is null or ${t.votes} >= 0`),
  ],
);

/**
 * Who holds each office, from when: the elected of an assembly (its id kept), or typed by the bureau. The current
 * holder of an office is its latest row.
 */
export const associationOfficers = pgTable(
  "association_officers",
  {
    id: serial("id").primaryKey(),
    office: officeEnum("office").notNull(),
    name: text("name").notNull(),
    since: date("since", { mode: "string" }).notNull(),
    assemblyId: integer("assembly_id").references(() => assemblies.id, { onDelete: "set null" }),
    isDemo: boolean("is_demo").notNull().default(false),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("association_officers_office_idx").on(t.office, t.since, t.id),
    uniqueIndex("association_officers_assembly_idx")
      .on(t.assemblyId, t.office)
      .where(sql`${t.assemblyId} is not null`),
  ],
);

// The treasurer's book (decision 031): cash accounting, receipts and expenses, in cents.

export const treasuryAccountKindEnum = pgEnum("treasury_account_kind", ["banque", "caisse", "epargne", "helloasso"]);

/**
 * An account the association holds money in, named by the bureau, with its chart number (512 bank, 530 cash box, 5171
 * savings, 4671 « HelloAsso à recevoir »: what HelloAsso received and has not paid out yet) and its balance on 1 January of `opening_year`, the first year kept here; later years' openings are
 * computed from the entries.
 */
export const treasuryAccounts = pgTable(
  "treasury_accounts",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    kind: treasuryAccountKindEnum("kind").notNull(),
    code: text("code").notNull(),
    openingCents: integer("opening_cents").notNull().default(0),
    openingYear: smallint("opening_year").notNull(),
    /** A bank account's IBAN, printed on its cheque deposit slips; empty when not given. */
    iban: text("iban").notNull().default(""),
    position: integer("position").notNull().default(0),
    isDemo: boolean("is_demo").notNull().default(false),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("treasury_accounts_name_idx").on(t.name)],
);

export const treasuryDirectionEnum = pgEnum("treasury_direction", ["recette", "depense", "virement"]);

/**
 * A category of the association chart of accounts (ANC regulation 2018-06): its number (« 606 », « 6061 »), its
 * plain-French label and whether it takes income or expenses. Built-in ones are the chart's; the bureau adds
 * sub-categories under them (`parent_id`), numbered under their parent's number.
 */
export const treasuryCategories = pgTable(
  "treasury_categories",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull(),
    label: text("label").notNull(),
    direction: treasuryDirectionEnum("direction").notNull(),
    parentId: integer("parent_id").references((): AnyPgColumn => treasuryCategories.id, { onDelete: "restrict" }),
    builtIn: boolean("built_in").notNull().default(false),
  },
  (t) => [
    uniqueIndex("treasury_categories_code_idx").on(t.code),
    check("treasury_categories_code", sql`${t.code} ~ '^[0-9]{2,8}$'`),
    check("treasury_categories_direction", sql`${t.direction} <> 'virement'`),
  ],
);

export const treasuryMeansEnum = pgEnum("treasury_means", [
  "cheque",
  "virement",
  "especes",
  "carte",
  "helloasso",
  "prelevement",
  "autre",
]);

/** A cheque deposit: the cheques it took (`treasury_entries.deposit_id`), into which account, on which date. */
export const treasuryDeposits = pgTable(
  "treasury_deposits",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => treasuryAccounts.id, { onDelete: "restrict" }),
    depositedOn: date("deposited_on", { mode: "string" }).notNull(),
    createdBy: text("created_by").notNull().default(""),
    isDemo: boolean("is_demo").notNull().default(false),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [index("treasury_deposits_account_idx").on(t.accountId, t.depositedOn)],
);

/**
 * A bank statement being reconciled: up to its date, the ticked entries (`treasury_entries.statement_id`) must add up to
 * its balance. `closed_at` once the difference is zero and the treasurer confirmed it.
 */
export const treasuryStatements = pgTable(
  "treasury_statements",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => treasuryAccounts.id, { onDelete: "restrict" }),
    statementDate: date("statement_date", { mode: "string" }).notNull(),
    balanceCents: integer("balance_cents").notNull(),
    closedAt: timestamptz("closed_at"),
    createdBy: text("created_by").notNull().default(""),
    isDemo: boolean("is_demo").notNull().default(false),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [index("treasury_statements_account_idx").on(t.accountId, t.statementDate)],
);

/**
 * An entry of the book: money in (`recette`), out (`depense`) or moved between two accounts (`virement`, counted in
 * neither). A payment of the register makes its own entry (`payment_id`, one at most), corrected with it. `year` is
 * the financial year (the calendar year of `date`); a closed year's entries are read-only. The third party (`payer`) and
 * the gardener go when the person's record is erased; the amounts stay.
 */
export const treasuryEntries = pgTable(
  "treasury_entries",
  {
    id: serial("id").primaryKey(),
    year: smallint("year").notNull(),
    date: date("date", { mode: "string" }).notNull(),
    label: text("label").notNull(),
    amountCents: integer("amount_cents").notNull(),
    direction: treasuryDirectionEnum("direction").notNull(),
    accountId: integer("account_id")
      .notNull()
      .references(() => treasuryAccounts.id, { onDelete: "restrict" }),
    /** A transfer's destination. */
    toAccountId: integer("to_account_id").references(() => treasuryAccounts.id, { onDelete: "restrict" }),
    /** Null only for a transfer. */
    categoryId: integer("category_id").references(() => treasuryCategories.id, { onDelete: "restrict" }),
    means: treasuryMeansEnum("means").notNull(),
    chequeNumber: text("cheque_number").notNull().default(""),
    chequeBank: text("cheque_bank").notNull().default(""),
    /** Who paid or was paid (« tiers »): a supplier, a donor, the drawer of a cheque. */
    payer: text("payer").notNull().default(""),
    reference: text("reference").notNull().default(""),
    /** The invoice or proof, kept in the documents' store under its hash. */
    attachmentHash: text("attachment_hash"),
    attachmentFormat: documentFormatEnum("attachment_format"),
    paymentId: integer("payment_id").references(() => gardenerPayments.id, { onDelete: "set null" }),
    gardenerId: integer("gardener_id").references(() => gardeners.id, { onDelete: "set null" }),
    depositId: integer("deposit_id").references(() => treasuryDeposits.id, { onDelete: "set null" }),
    /** The statement of `account_id` it is ticked on. */
    statementId: integer("statement_id").references(() => treasuryStatements.id, { onDelete: "set null" }),
    /** A transfer's tick on a statement of its destination, `to_account_id`: each side is reconciled on its own. */
    toStatementId: integer("to_statement_id").references(() => treasuryStatements.id, { onDelete: "set null" }),
    /**
     * A HelloAsso payment (or the fees HelloAsso kept) paid out to the bank by that transfer: one line on the bank's
     * statement for many payments.
     */
    payoutId: integer("payout_id").references((): AnyPgColumn => treasuryEntries.id, { onDelete: "set null" }),
    /** The day the bank returned this cheque unpaid (an expense beside it takes it back out): no receipt for it. */
    bouncedOn: date("bounced_on", { mode: "string" }),
    enteredBy: text("entered_by").notNull().default(""),
    isDemo: boolean("is_demo").notNull().default(false),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("treasury_entries_year_idx").on(t.year, t.date, t.id),
    index("treasury_entries_account_idx").on(t.accountId, t.date),
    index("treasury_entries_to_account_idx").on(t.toAccountId),
    index("treasury_entries_category_idx").on(t.categoryId, t.year),
    uniqueIndex("treasury_entries_payment_idx").on(t.paymentId),
    index("treasury_entries_gardener_idx").on(t.gardenerId),
    index("treasury_entries_deposit_idx").on(t.depositId),
    index("treasury_entries_statement_idx").on(t.statementId),
    index("treasury_entries_to_statement_idx").on(t.toStatementId),
    index("treasury_entries_payout_idx").on(t.payoutId),
    index("treasury_entries_attachment_idx").on(t.attachmentHash),
    check("treasury_entries_amount", sql`${t.amountCents} > 0`),
    check("treasury_entries_year", sql`${t.year} = extract(year from ${t.date})`),
    check(
      "treasury_entries_transfer",
      sql`(${t.direction} = 'virement') = (${t.toAccountId} is not null and ${t.categoryId} is null)`,
    ),
    check("treasury_entries_transfer_accounts", sql`${t.toAccountId} is null or ${t.toAccountId} <> ${t.accountId}`),
  ],
);

/**
 * A receipt: numbered in a sequence per year that never changes nor repeats (`treasury_receipt_numbers`), made once as
 * a PDF kept in the documents' store (`hash`), so a reprint is the same file. It outlives its entry (`entry_id` null,
 * the payment undone: the number stays used). The payer's name and the file go when the person's record is erased.
 */
export const treasuryReceipts = pgTable(
  "treasury_receipts",
  {
    id: serial("id").primaryKey(),
    year: smallint("year").notNull(),
    number: integer("number").notNull(),
    entryId: integer("entry_id").references(() => treasuryEntries.id, { onDelete: "set null" }),
    gardenerId: integer("gardener_id").references(() => gardeners.id, { onDelete: "set null" }),
    payerName: text("payer_name").notNull().default(""),
    amountCents: integer("amount_cents").notNull(),
    hash: text("hash"),
    bytes: integer("bytes").notNull().default(0),
    createdBy: text("created_by").notNull().default(""),
    isDemo: boolean("is_demo").notNull().default(false),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    sentAt: timestamptz("sent_at"),
    /**
     * When its entry was deleted or its payment cancelled: the receipt keeps its number (the sequence has no gap) and
     * its PDF is made again marked « ANNULÉ », with why.
     */
    cancelledAt: timestamptz("cancelled_at"),
    cancelReason: text("cancel_reason").notNull().default(""),
  },
  (t) => [
    uniqueIndex("treasury_receipts_number_idx").on(t.year, t.number),
    uniqueIndex("treasury_receipts_entry_idx").on(t.entryId),
    index("treasury_receipts_gardener_idx").on(t.gardenerId),
    index("treasury_receipts_hash_idx").on(t.hash),
  ],
);

/** The last receipt number given in a year: one row per year, incremented under its row lock. */
export const treasuryReceiptNumbers = pgTable("treasury_receipt_numbers", {
  year: smallint("year").primaryKey(),
  last: integer("last").notNull(),
});

/**
 * A financial year's state: closed (after the assembly approved its accounts; its entries are then read-only), and
 * the volunteer hours the bureau values as « contributions volontaires en nature » (optional).
 */
export const treasuryYears = pgTable("treasury_years", {
  year: smallint("year").primaryKey(),
  closedAt: timestamptz("closed_at"),
  closedBy: text("closed_by").notNull().default(""),
  /** The day the general assembly approved the year's accounts, as the closing records it. */
  approvedOn: date("approved_on", { mode: "string" }),
  volunteerHours: integer("volunteer_hours").notNull().default(0),
  volunteerHourCents: integer("volunteer_hour_cents").notNull().default(0),
  /** The demo's year: its hours, budget and closing go with the demo. */
  isDemo: boolean("is_demo").notNull().default(false),
});

/** The year's budget (« budget prévisionnel »): an amount per category, entered by the treasurer, voted at the assembly. */
export const treasuryBudgetLines = pgTable(
  "treasury_budget_lines",
  {
    year: smallint("year").notNull(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => treasuryCategories.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    isDemo: boolean("is_demo").notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.year, t.categoryId] }),
    check("treasury_budget_lines_amount", sql`${t.amountCents} >= 0`),
  ],
);

/** What a receipt names that the identity settings do not: the SIRET, the treasurer who signs, the town it is made in. */
export const treasurySettings = pgTable(
  "treasury_settings",
  {
    id: integer("id").primaryKey().default(1),
    siret: text("siret").notNull().default(""),
    signatory: text("signatory").notNull().default(""),
    place: text("place").notNull().default(""),
  },
  (t) => [check("treasury_settings_single", sql`${t.id} = 1`)],
);

// « Mon jardin » (decision 032): each gardener's own space, signed in by a link sent to their address.

/**
 * A link e-mailed to a gardener: to sign in to « Mon jardin » (`connexion`), or to confirm a new address (`adresse`,
 * `new_email` the address typed). Only the link's HMAC is kept; used once, then deleted, as it is on expiry.
 */
export const gardenerLinks = pgTable(
  "gardener_links",
  {
    hash: text("hash").primaryKey(),
    gardenerId: integer("gardener_id")
      .notNull()
      .references(() => gardeners.id, { onDelete: "cascade" }),
    purpose: text("purpose").notNull(),
    newEmail: text("new_email").notNull().default(""),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    expiresAt: timestamptz("expires_at").notNull(),
  },
  (t) => [
    index("gardener_links_gardener_idx").on(t.gardenerId),
    index("gardener_links_expires_idx").on(t.expiresAt),
    check("gardener_links_purpose", sql`${t.purpose} in ('connexion', 'adresse')`),
  ],
);

/** A gardener's session in « Mon jardin »: as an administrator's (`sessions`), in a table and a cookie of its own. */
export const gardenerSessions = pgTable(
  "gardener_sessions",
  {
    idHash: text("id_hash").primaryKey(),
    gardenerId: integer("gardener_id")
      .notNull()
      .references(() => gardeners.id, { onDelete: "cascade" }),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    lastSeenAt: timestamptz("last_seen_at").notNull().defaultNow(),
  },
  (t) => [index("gardener_sessions_gardener_idx").on(t.gardenerId)],
);

// Paying online through HelloAsso's Checkout API v5 (decision 032).

/**
 * The association's HelloAsso API client: its id, its secret sealed with the server's secret (never shown back), the
 * organization's slug, and which of HelloAsso's hosts: the sandbox to try, production to take real payments.
 */
export const helloassoSettings = pgTable(
  "helloasso_settings",
  {
    id: integer("id").primaryKey().default(1),
    environment: text("environment").notNull().default("sandbox"),
    organizationSlug: text("organization_slug").notNull().default(""),
    clientId: text("client_id").notNull().default(""),
    clientSecretSealed: text("client_secret_sealed").notNull().default(""),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
    updatedBy: text("updated_by").notNull().default(""),
  },
  (t) => [
    check("helloasso_settings_single", sql`${t.id} = 1`),
    check("helloasso_settings_environment", sql`${t.environment} in ('sandbox', 'production')`),
  ],
);

export const onlinePaymentStateEnum = pgEnum("online_payment_state", [
  "en_cours",
  "payee",
  "abandonnee",
  "refusee",
  "remboursee",
  "anomalie",
]);

/**
 * A payment started online: the checkout intent HelloAsso made for a fee's balance, and what became of it. `payment_id`
 * is the register's payment it recorded (one at most: the unique index is the last guard against a payment recorded
 * twice). Kept with the book (10 years); the fee and gardener go to null as they do in the register.
 */
export const onlinePayments = pgTable(
  "online_payments",
  {
    id: serial("id").primaryKey(),
    /** Null for the moment between the row and HelloAsso's answer: the row's id goes in the intent's return URLs. */
    checkoutIntentId: integer("checkout_intent_id"),
    environment: text("environment").notNull(),
    feeId: integer("fee_id").references(() => gardenerFees.id, { onDelete: "set null" }),
    gardenerId: integer("gardener_id").references(() => gardeners.id, { onDelete: "set null" }),
    amountCents: integer("amount_cents").notNull(),
    itemName: text("item_name").notNull(),
    state: onlinePaymentStateEnum("state").notNull().default("en_cours"),
    orderId: integer("order_id"),
    paymentId: integer("payment_id").references(() => gardenerPayments.id, { onDelete: "set null" }),
    /** Why it is an « anomalie », or what the refund changed: for the bureau, never the payer's card. */
    note: text("note").notNull().default(""),
    /** What HelloAsso received for an « anomalie » (cents), for the bureau to record. */
    receivedCents: integer("received_cents"),
    /** When, by whom and how the bureau treated an « anomalie » (« montant enregistré », « remboursée », « écartée : … »). */
    treatedAt: timestamptz("treated_at"),
    treatedBy: text("treated_by").notNull().default(""),
    treatment: text("treatment").notNull().default(""),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("online_payments_intent_idx").on(t.environment, t.checkoutIntentId),
    uniqueIndex("online_payments_payment_idx").on(t.paymentId),
    index("online_payments_fee_idx").on(t.feeId),
    index("online_payments_gardener_idx").on(t.gardenerId),
    index("online_payments_pending_idx").on(t.state, t.createdAt),
    check("online_payments_amount", sql`${t.amountCents} > 0`),
  ],
);

/**
 * Every notification HelloAsso sent, as a short record of what it claimed and what came of it (« paiement
 * enregistré », « déjà enregistré », « montant différent », « inconnue de HelloAsso »): never the payer's details.
 */
export const helloassoNotifications = pgTable(
  "helloasso_notifications",
  {
    id: serial("id").primaryKey(),
    receivedAt: timestamptz("received_at").notNull().defaultNow(),
    eventType: text("event_type").notNull().default(""),
    checkoutIntentId: integer("checkout_intent_id"),
    orderId: integer("order_id"),
    claimedCents: integer("claimed_cents"),
    onlinePaymentId: integer("online_payment_id").references(() => onlinePayments.id, { onDelete: "set null" }),
    outcome: text("outcome").notNull(),
  },
  (t) => [
    index("helloasso_notifications_at_idx").on(t.receivedAt),
    index("helloasso_notifications_payment_idx").on(t.onlinePaymentId),
  ],
);
