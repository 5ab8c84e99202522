import crypto from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { getDb, type Executor } from "~/db/client.server";
import { associationContent } from "~/modules/content/content.tables";
import { DEFAULT_ASSOCIATION_NAME, MAX_ASSOCIATION_IMAGES } from "~/lib/constants";
import { sanitizeRichText } from "~/server/sanitize.server";
import { cleanImageList } from "~/lib/text";
import { withContentDefaults, type SiteContent } from "./content.defaults";
import type { AssociationContent, ContentFields } from "./content.schema";

const UPDATABLE_FIELDS = [
  "titreAccueil",
  "texteIntro",
  "texteFooter",
  "titreAssociation",
  "contentAssociation",
  "imageAccueil",
  "headerIcon",
  "imagesAssociation",
  "adresse",
  "telephone",
  "email",
  "horaires",
  "parcellesOccupees",
  "parcellesTotal",
  "nomAssociation",
  "slogan",
  "charte",
  "reglement",
  "editeurNom",
  "editeurAdresse",
  "editeurNumero",
  "directeurPublication",
  "hebergeurNom",
  "hebergeurAdresse",
  "hebergeurTelephone",
  "tribunal",
  "retentionArchivedApplicationsMonths",
  "retentionContactMessagesMonths",
  "retentionPendingAdsDays",
  "retentionValidatedAdsMonths",
  "retentionHistoryMonths",
  "retentionSentMailDays",
  "retentionEventRegistrationsMonths",
  "retentionGardenersYears",
  "retentionPaymentsYears",
  "plotAllotmentMail",
  "plotWarningMail",
  "feePaymentInstructions",
  "feeIban",
  "feeBic",
  "feeHelloassoUrl",
  "feeChequeOrder",
] as const satisfies readonly (keyof ContentFields)[];

/** The single content record, or null when none exists yet (read with `executor`: a transaction's, when in one). */
export async function getContent(executor: Executor = getDb()): Promise<AssociationContent | null> {
  const [row] = await executor.select().from(associationContent).orderBy(asc(associationContent.id)).limit(1);
  return row ?? null;
}

/** What e-mails need of the content, read with `executor`: the association's name (signature) and e-mail (Reply-To). */
export async function mailAssociation(executor: Executor = getDb()) {
  const [row] = await executor
    .select({ nomAssociation: associationContent.nomAssociation, email: associationContent.email })
    .from(associationContent)
    .orderBy(asc(associationContent.id))
    .limit(1);
  return row;
}

/**
 * The association as its documents name it at their head (receipts, minutes): its name, its seat's address and its
 * registration (« RNA : W691234567 », or a SIRET), read with `executor`.
 */
export async function legalIdentity(executor: Executor = getDb()) {
  const [content] = await executor
    .select({
      name: associationContent.nomAssociation,
      publisher: associationContent.editeurNom,
      address: associationContent.editeurAdresse,
      postal: associationContent.adresse,
      number: associationContent.editeurNumero,
      email: associationContent.email,
    })
    .from(associationContent)
    .orderBy(asc(associationContent.id))
    .limit(1);
  const number = (content?.number ?? "").replace(/\s+/g, "").toUpperCase();
  const rna = /^W\d{9}$/.test(number) ? number : "";
  const siret = /^\d{14}$/.test(number) ? number : "";
  return {
    name: content?.name?.trim() || content?.publisher?.trim() || DEFAULT_ASSOCIATION_NAME,
    address: content?.address?.trim() || content?.postal?.trim() || "",
    /** A SIRET typed in the legal notice's number (14 digits), or "". */
    siret,
    /** The lines a letterhead prints: « RNA : W691234567 » or « SIRET : … ». */
    identifiers: [rna ? `RNA : ${rna}` : "", siret ? `SIRET : ${siret}` : ""].filter(Boolean),
    email: content?.email ?? null,
  };
}

/** The content as pages display it: defaults over empty fields, rich text sanitised for rendering. */
export async function getSiteContent(): Promise<SiteContent> {
  const site = withContentDefaults(await getContent());
  return { ...site, contentAssociation: sanitizeRichText(site.contentAssociation) };
}

/** Creates the single content record when it is missing; returns the record. */
export async function ensureContentRow(): Promise<AssociationContent> {
  await getDb().execute(
    sql`insert into ${associationContent} (${sql.identifier(associationContent.parcellesOccupees.name)})
        select 0 where not exists (select 1 from ${associationContent})`,
  );
  const row = await getContent();
  if (!row) throw new Error("Le contenu du site n'a pas pu être créé.");
  return row;
}

/**
 * Writes only the fields present in `fields` (rich text sanitised, images cleaned) to the record `id`,
 * then re-reads it. Without an id nothing is touched; returns undefined then, or when the record is missing.
 */
export async function updateContent(
  id: number | null | undefined,
  fields: ContentFields,
  executor: Executor = getDb(),
): Promise<AssociationContent | undefined> {
  if (typeof id !== "number" || !Number.isInteger(id) || id <= 0) return undefined;
  // The descriptions given are set (null: removed); those of the other images are kept.
  for (const [url, alt] of Object.entries(fields.imageAlts ?? {})) {
    await executor
      .update(associationContent)
      .set({
        imageAlts:
          alt === null
            ? sql`${associationContent.imageAlts} - ${url}::text`
            : sql`${associationContent.imageAlts} || jsonb_build_object(${url}::text, ${alt}::text)`,
      })
      .where(eq(associationContent.id, id));
  }
  const values: Omit<ContentFields, "imageAlts"> = {};
  for (const key of UPDATABLE_FIELDS) {
    if (fields[key] !== undefined) (values as Record<string, unknown>)[key] = fields[key];
  }
  if (values.contentAssociation != null) values.contentAssociation = sanitizeRichText(values.contentAssociation);
  if (values.imagesAssociation != null) {
    values.imagesAssociation = cleanImageList(values.imagesAssociation, MAX_ASSOCIATION_IMAGES);
  }
  const db = executor;
  if (Object.keys(values).length > 0) {
    await db
      .update(associationContent)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(associationContent.id, id));
  }
  const [row] = await db.select().from(associationContent).where(eq(associationContent.id, id));
  return row;
}

/** A short fingerprint of a text: it changes as soon as one character of the text does. */
export function textVersion(text: string) {
  return crypto.createHash("sha256").update(text.normalize("NFC")).digest("hex").slice(0, 12);
}

/** The charter and the rules an applicant commits to, as shown on /apply, each with its version. */
export function commitmentTexts(site: Pick<SiteContent, "charte" | "reglement">) {
  return {
    charte: { text: site.charte, version: textVersion(site.charte) },
    reglement: { text: site.reglement, version: textVersion(site.reglement) },
  };
}
