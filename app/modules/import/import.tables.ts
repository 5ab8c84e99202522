import { integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { timestamptz } from "../../db/columns";

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
