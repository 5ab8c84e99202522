import { integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { timestamptz } from "../../db/columns";

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
