import { index, pgTable, serial, text } from "drizzle-orm/pg-core";
import { timestamptz } from "../../db/columns";

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
