import { integer, jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";
import type { ImageAlts } from "~/lib/image-alt";
import { timestamptz } from "../../db/columns";

/** product §3: the single record of site-wide content; lower-case columns mapped to camelCase. */
export const associationContent = pgTable("association_content", {
  id: serial("id").primaryKey(),
  titreAccueil: text("titreaccueil"),
  texteIntro: text("texteintro"),
  texteFooter: text("textefooter"),
  titreAssociation: text("titreassociation"),
  contentAssociation: text("contentassociation"),
  imageAccueil: text("imageaccueil"),
  headerIcon: text("headericon"),
  imagesAssociation: jsonb("imagesassociation").$type<(string | null)[]>(),
  /** The text alternatives of the images above, by address; "" for a decorative one, none when unwritten. */
  imageAlts: jsonb("image_alts").$type<ImageAlts>().notNull().default({}),
  adresse: text("adresse"),
  telephone: text("telephone"),
  email: text("email"),
  horaires: text("horaires"),
  parcellesOccupees: integer("parcellesoccupees").notNull().default(0),
  parcellesTotal: integer("parcellestotal").notNull().default(0),
  // Beyond product §3: the association's name and tagline (header, titles, feeds, e-mails), and the charter and the
  // rules an applicant commits to; empty ones show the defaults of content.defaults.ts.
  nomAssociation: text("nomassociation"),
  slogan: text("slogan"),
  charte: text("charte"),
  reglement: text("reglement"),
  // The legal notice's facts (LCEN): publisher, publication director, host, competent court.
  editeurNom: text("editeurnom"),
  editeurAdresse: text("editeuradresse"),
  editeurNumero: text("editeurnumero"),
  directeurPublication: text("directeurpublication"),
  hebergeurNom: text("hebergeurnom"),
  hebergeurAdresse: text("hebergeuradresse"),
  hebergeurTelephone: text("hebergeurtelephone"),
  tribunal: text("tribunal"),
  // How long personal data is kept (RGPD), applied by the server and stated on /mentions-legales.
  retentionArchivedApplicationsMonths: integer("retention_archived_applications_months").notNull().default(24),
  retentionContactMessagesMonths: integer("retention_contact_messages_months").notNull().default(12),
  retentionPendingAdsDays: integer("retention_pending_ads_days").notNull().default(60),
  retentionValidatedAdsMonths: integer("retention_validated_ads_months").notNull().default(6),
  retentionHistoryMonths: integer("retention_history_months").notNull().default(24),
  retentionSentMailDays: integer("retention_sent_mail_days").notNull().default(30),
  retentionEventRegistrationsMonths: integer("retention_event_registrations_months").notNull().default(3),
  /** A former gardener's record, and payment records for the accounts (anonymised when the person is erased). */
  retentionGardenersYears: integer("retention_gardeners_years").notNull().default(3),
  retentionPaymentsYears: integer("retention_payments_years").notNull().default(10),
  /**
   * The plots' e-mails, with placeholders ({nom}, {parcelle}, {jardin}…): to a new gardener, after a warning at an
   * inspection, and the payment instructions of a fee call (IBAN, HelloAsso link, permanences). Empty: the defaults.
   */
  plotAllotmentMail: text("plot_allotment_mail"),
  plotWarningMail: text("plot_warning_mail"),
  feePaymentInstructions: text("fee_payment_instructions"),
  /** What the fee call's payment means need: IBAN and BIC for a transfer, the HelloAsso page, the cheques' payee. */
  feeIban: text("fee_iban"),
  feeBic: text("fee_bic"),
  feeHelloassoUrl: text("fee_helloasso_url"),
  feeChequeOrder: text("fee_cheque_order"),
  /** The automatic digest letter: « jamais » (the default), « semaine » or « mois »; and when the last one went. */
  digestFrequency: text("digest_frequency").notNull().default("jamais"),
  digestLastAt: timestamptz("digest_last_at"),
  /** When the content last changed (the sitemap's lastmod). */
  updatedAt: timestamptz("updated_at").notNull().defaultNow(),
});
