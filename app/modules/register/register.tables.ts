import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { timestamptz } from "../../db/columns";
import { PAYMENT_KINDS } from "./fees.labels";
import { INSPECTION_RESULTS } from "./inspections.schema";
import { PLOT_KINDS, PLOT_STATES } from "./plots.labels";
import { applications } from "../applications/applications.tables";

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

export const plotKindEnum = pgEnum("plot_kind", PLOT_KINDS);

export const plotStateEnum = pgEnum("plot_state", PLOT_STATES);

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

export const paymentKindEnum = pgEnum("payment_kind", PAYMENT_KINDS);

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

export const inspectionResultEnum = pgEnum("inspection_result", INSPECTION_RESULTS);

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
