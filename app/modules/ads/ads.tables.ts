import { boolean, index, pgEnum, pgTable, serial, text } from "drizzle-orm/pg-core";
import { timestamptz } from "../../db/columns";
import { AD_STATUTS, AD_TYPES } from "../../lib/constants";

export const adTypeEnum = pgEnum("ad_type", AD_TYPES);

export const adStatusEnum = pgEnum("ad_status", AD_STATUTS);

export const annonces = pgTable(
  "annonces",
  {
    id: serial("id").primaryKey(),
    nom: text("nom").notNull(),
    email: text("email"),
    telephone: text("telephone").notNull(),
    type: adTypeEnum("type").notNull(),
    contenu: text("contenu"),
    photo1: text("photo1"),
    photo2: text("photo2"),
    statut: adStatusEnum("statut").notNull().default("en_attente"),
    isValidated: boolean("isvalidated").notNull().default(false),
    /** When it went public: a validated ad expires some months later (the retention settings). */
    validatedAt: timestamptz("validated_at"),
    /** Demo content, which the dashboard offers to remove until an administrator edits it. */
    isDemo: boolean("is_demo").notNull().default(false),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("annonces_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("annonces_statut_created_at_idx").on(t.statut, t.createdAt.desc().nullsFirst()),
  ],
);
