import { sql } from "drizzle-orm";
import { boolean, index, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { timestamptz } from "../../db/columns";

export const applications = pgTable(
  "applications",
  {
    id: serial("id").primaryKey(),
    nom: text("nom").notNull(),
    email: text("email").notNull(),
    adresse: text("adresse").notNull(),
    ville: text("ville").notNull().default(""),
    telephonePortable: text("telephoneportable").notNull(),
    telephoneFixe: text("telephonefixe"),
    tailleJardin: text("taillejardin").notNull(),
    experience: text("experience").notNull(),
    budgetConnu: boolean("budgetconnu").notNull(),
    tempsDisponible: text("tempsdisponible").notNull(),
    inspectionConnu: boolean("inspectionconnu").notNull(),
    engagementCharte: boolean("engagementcharte").notNull(),
    engagementReglement: boolean("engagementreglement").notNull(),
    engagementLieuPublic: boolean("engagementlieupublic").notNull(),
    motivations: text("motivations").notNull(),
    /** Versions of the charter and the rules shown to the applicant, and when they accepted the commitments. */
    charteVersion: text("charte_version"),
    reglementVersion: text("reglement_version"),
    engagementsAcceptesLe: timestamptz("engagements_acceptes_le"),
    date: timestamptz("date").notNull().defaultNow(),
    processed: boolean("processed").notNull().default(false),
    archived: boolean("archived"),
    archivedDate: timestamptz("archived_date"),
    /** The applicant's private link (/ma-demande/…), stored as an HMAC; valid while the application exists. */
    accessTokenHash: text("access_token_hash"),
    /** Demo content, which the dashboard offers to remove until an administrator edits it. */
    isDemo: boolean("is_demo").notNull().default(false),
  },
  (t) => [
    uniqueIndex("applications_access_token_idx").on(t.accessTokenHash),
    index("applications_date_idx").on(t.date.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("applications_archived_date_idx").on(t.archivedDate.desc().nullsFirst()),
    index("applications_unprocessed_idx")
      .on(t.id)
      .where(sql`${t.processed} = false and coalesce(${t.archived}, false) = false`),
  ],
);

export const formFields = pgTable(
  "form_fields",
  {
    id: serial("id").primaryKey(),
    label: text("label").notNull(),
    /** The application form field the label is for (nom, email…); rows without one are shown to no form. */
    name: text("name"),
  },
  (t) => [index("form_fields_label_idx").on(t.label), uniqueIndex("form_fields_name_idx").on(t.name)],
);
