import { index, integer, pgEnum, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { timestamptz } from "../../db/columns";
import { events } from "../events/events.tables";

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
