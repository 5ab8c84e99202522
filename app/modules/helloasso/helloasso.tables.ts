import { sql } from "drizzle-orm";
import { check, index, integer, pgEnum, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { timestamptz } from "../../db/columns";
import { gardenerFees, gardenerPayments, gardeners } from "../register/register.tables";

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
