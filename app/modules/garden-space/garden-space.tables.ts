import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { timestamptz } from "../../db/columns";
import { gardeners } from "../register/register.tables";

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
