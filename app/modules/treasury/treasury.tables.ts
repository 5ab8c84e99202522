import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
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
import { ACCOUNT_KINDS, TREASURY_DIRECTIONS, TREASURY_MEANS } from "./treasury.labels";
import { documentFormatEnum } from "../documents/documents.tables";
import { gardenerFees, gardenerPayments, gardeners, paymentKindEnum } from "../register/register.tables";

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

// The treasurer's book (decision 031): cash accounting, receipts and expenses, in cents.

export const treasuryAccountKindEnum = pgEnum("treasury_account_kind", ACCOUNT_KINDS);

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

export const treasuryDirectionEnum = pgEnum("treasury_direction", TREASURY_DIRECTIONS);

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

export const treasuryMeansEnum = pgEnum("treasury_means", TREASURY_MEANS);

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
