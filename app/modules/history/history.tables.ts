import { index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { timestamptz } from "../../db/columns";
import { admins } from "../auth/auth.tables";

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
