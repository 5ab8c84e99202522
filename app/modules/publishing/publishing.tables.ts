import { index, integer, jsonb, pgEnum, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import type { ImageAlts } from "~/lib/image-alt";
import { timestamptz } from "../../db/columns";
import { admins } from "../auth/auth.tables";

/**
 * Where an article or an event stands: a draft (may be incomplete), scheduled (goes public by itself at
 * `publish_at`), or published. Only published ones are seen by visitors, anywhere.
 */
export const publicationStateEnum = pgEnum("publication_state", ["brouillon", "programme", "publie"]);

/**
 * What articles and events share beyond the spec's fields. `search_text` and `search_vector` (the folded text and
 * the French text-search vector search reads) are kept by a trigger of migration 0012 and left out of this model, so
 * that no query reads them by accident.
 */
export const publicationColumns = () => ({
  state: publicationStateEnum("state").notNull().default("publie"),
  /** When a scheduled item goes public (Paris time chosen in the editor). */
  publishAt: timestamptz("publish_at"),
  /** When it first went public: the public order and the date shown. */
  publishedAt: timestamptz("published_at"),
  /** The images' text alternatives by address (cover and annexes); "" for a decorative one, none when unwritten. */
  imageAlts: jsonb("image_alts").$type<ImageAlts>().notNull().default({}),
  /** The last save, and who made it (a display name): the current version in « Versions ». */
  updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  updatedBy: text("updated_by"),
});

/**
 * The earlier states of an article or an event: each save keeps the state it replaces (the last 25 per item), so
 * that an unlucky « Mettre à jour » can be undone. Deleted with their item.
 */
export const contentVersions = pgTable(
  "content_versions",
  {
    id: serial("id").primaryKey(),
    itemKind: text("item_kind").$type<"article" | "evenement">().notNull(),
    itemId: integer("item_id").notNull(),
    /** When that state was saved, and by whom (a display name, or « publication programmée »). */
    savedAt: timestamptz("saved_at").notNull(),
    savedBy: text("saved_by"),
    /** The item's fields as they were (see modules/publishing/versions.server.ts). */
    snapshot: jsonb("snapshot").$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    index("content_versions_item_idx").on(
      t.itemKind,
      t.itemId,
      t.savedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/**
 * What an administrator was typing in an editor, saved every 30 seconds and replaced each time: one per item and
 * person (`item_id` 0 for an item not saved yet). It changes nothing public, and goes when the item is saved.
 */
export const autosaves = pgTable(
  "autosaves",
  {
    id: serial("id").primaryKey(),
    itemKind: text("item_kind").$type<"article" | "evenement">().notNull(),
    itemId: integer("item_id").notNull().default(0),
    adminId: integer("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    savedAt: timestamptz("saved_at").notNull().defaultNow(),
    /** The form's fields as typed. */
    fields: jsonb("fields").$type<Record<string, unknown>>().notNull(),
  },
  (t) => [uniqueIndex("autosaves_item_admin_idx").on(t.itemKind, t.itemId, t.adminId)],
);
