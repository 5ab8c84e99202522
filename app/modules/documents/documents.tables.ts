import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgEnum, pgTable, serial, text } from "drizzle-orm/pg-core";
import { timestamptz } from "../../db/columns";
import { DOCUMENT_KINDS, DOCUMENT_VISIBILITIES } from "./documents.schema";

/** The association's documents (decision 028): the lists of `documents.schema.ts`, which the forms check against. */
export const documentKindEnum = pgEnum("document_kind", DOCUMENT_KINDS);

export const documentVisibilityEnum = pgEnum("document_visibility", DOCUMENT_VISIBILITIES);

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
