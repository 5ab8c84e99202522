import { registerCounts } from "~/modules/register/plots.server";
import { data } from "react-router";
import type { z } from "zod";
import { MAX_ASSOCIATION_IMAGES } from "~/lib/constants";
import { cleanImageList } from "~/lib/text";
import { logger } from "~/server/logger.server";
import { APPLICATION_FORM_DEFAULT_LABELS, APPLICATION_FIELDS } from "~/modules/applications/applications.schema";
import { applicationLabelsFormSchema, labelRows } from "~/modules/applications/form-fields.schema";
import { applicationFormLabels, replaceFormFields } from "~/modules/applications/form-fields.server";
import type { SubmittedForm, UploadedFile } from "~/modules/forms/multipart.server";
import { altOf } from "~/lib/image-alt";
import { altFromForm } from "~/modules/forms/image-alt-field";
import { mediaMessages } from "~/modules/media/media.schema";
import { MediaError, saveImage } from "~/modules/media/media.server";
import { LEGAL_FIELDS } from "~/modules/content/content.defaults";
import {
  associationPageFormSchema,
  contactInfoFormSchema,
  headerIconFormSchema,
  homeImageFormSchema,
  homeTextsFormSchema,
  identityFormSchema,
  retentionFormSchema,
  plotsFormSchema,
  plotMailsFormSchema,
  type ContentFields,
} from "~/modules/content/content.schema";
import { withHistory, type Actor } from "~/modules/history/history.server";
import { RETENTION_DEFAULTS } from "~/modules/retention/retention.server";
import { RETENTION_FIELDS } from "./settings";

const RETENTION_DEFAULTS_BY_FIELD = {
  retentionArchivedApplicationsMonths: RETENTION_DEFAULTS.archivedApplicationsMonths,
  retentionContactMessagesMonths: RETENTION_DEFAULTS.contactMessagesMonths,
  retentionPendingAdsDays: RETENTION_DEFAULTS.pendingAdsDays,
  retentionValidatedAdsMonths: RETENTION_DEFAULTS.validatedAdsMonths,
  retentionHistoryMonths: RETENTION_DEFAULTS.historyMonths,
  retentionSentMailDays: RETENTION_DEFAULTS.sentMailDays,
  retentionEventRegistrationsMonths: RETENTION_DEFAULTS.eventRegistrationsMonths,
  retentionGardenersYears: RETENTION_DEFAULTS.gardenersYears,
  retentionPaymentsYears: RETENTION_DEFAULTS.paymentsYears,
};
import { ensureContentRow, getContent, updateContent } from "~/modules/content/content.server";
import { SETTINGS_INTENTS, type SettingsIntent, type SettingsResult } from "./settings";

const SAVED: Record<SettingsIntent, string> = {
  homeImage: "Image d’accueil enregistrée.",
  headerIcon: "Icône de header enregistrée.",
  homeTexts: "Tous les contenus ont été enregistrés.",
  plots: "Données de parcelles enregistrées.",
  plotMails: "E-mails aux jardiniers enregistrés.",
  association: "Tous les contenus ont été enregistrés.",
  contact: "Informations de contact enregistrées.",
  identity: "Identité de l'association enregistrée.",
  applicationLabels: "Libellés du formulaire de candidature enregistrés.",
  retention: "Durées de conservation enregistrées.",
};

/** File inputs of the image forms; without JavaScript the association page adds an image through the last one. */
export const SETTINGS_FILE_FIELDS = ["imageAccueil", "headerIcon", "nouvelleImageAssociation"] as const;

const PLOT_MAIL_FIELDS = [
  "plotAllotmentMail",
  "plotWarningMail",
  "feePaymentInstructions",
  "feeIban",
  "feeBic",
  "feeHelloassoUrl",
  "feeChequeOrder",
] as const;
const IDENTITY_TEXTS = ["nomAssociation", "slogan", "charte", "reglement", ...LEGAL_FIELDS] as const;

/** What the settings screen shows: the stored texts (empty where the default applies) and the form's labels. */
export async function settingsData() {
  const [content, labels, register] = await Promise.all([getContent(), applicationFormLabels(), registerCounts()]);
  const text = (value: string | null | undefined) => value ?? "";
  return {
    titreAccueil: text(content?.titreAccueil),
    texteIntro: text(content?.texteIntro),
    texteFooter: text(content?.texteFooter),
    imageAccueil: content?.imageAccueil ?? null,
    headerIcon: content?.headerIcon ?? null,
    parcellesOccupees: content?.parcellesOccupees ?? 0,
    parcellesTotal: content?.parcellesTotal ?? 0,
    /** The register's count, which the home page shows instead of the numbers above once it has plots. */
    plotRegister: register,
    ...(Object.fromEntries(PLOT_MAIL_FIELDS.map((field) => [field, text(content?.[field])])) as Record<
      (typeof PLOT_MAIL_FIELDS)[number],
      string
    >),
    titreAssociation: text(content?.titreAssociation),
    contentAssociation: text(content?.contentAssociation),
    imagesAssociation: cleanImageList(content?.imagesAssociation, MAX_ASSOCIATION_IMAGES),
    imageAlts: content?.imageAlts ?? {},
    adresse: text(content?.adresse),
    telephone: text(content?.telephone),
    email: text(content?.email),
    horaires: text(content?.horaires),
    retention: Object.fromEntries(
      RETENTION_FIELDS.map((field) => [field, content?.[field] ?? RETENTION_DEFAULTS_BY_FIELD[field]]),
    ) as Record<(typeof RETENTION_FIELDS)[number], number>,
    ...(Object.fromEntries(IDENTITY_TEXTS.map((field) => [field, text(content?.[field])])) as Record<
      (typeof IDENTITY_TEXTS)[number],
      string
    >),
    // A label equal to the default is shown empty: the field says "default" by its placeholder.
    applicationLabels: Object.fromEntries(
      APPLICATION_FIELDS.map((field) => [
        field,
        labels[field] === APPLICATION_FORM_DEFAULT_LABELS[field] ? "" : labels[field],
      ]),
    ) as Record<(typeof APPLICATION_FIELDS)[number], string>,
  };
}

function refused(
  intent: SettingsIntent | null,
  message: string,
  status = 400,
  field?: string,
  values?: Record<string, string>,
) {
  return data<SettingsResult>({ intent, ok: false, message, field, values }, { status });
}

function invalid(intent: SettingsIntent, error: z.ZodError, values: Record<string, unknown>) {
  const issue = error.issues[0];
  const typed = Object.fromEntries(
    Object.entries(values).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  return refused(
    intent,
    issue?.message ?? "Formulaire invalide.",
    400,
    issue ? String(issue.path[0] ?? "") : undefined,
    typed,
  );
}

/** The named text fields of a form, as typed. */
const textsOf = (form: SubmittedForm, names: readonly string[]) =>
  Object.fromEntries(names.map((name) => [name, form.get(name)]));

/** How the history names each section of the screen. */
const SECTION_NAMES: Record<SettingsIntent, string> = {
  homeImage: "Image d'accueil",
  headerIcon: "Icône du site",
  homeTexts: "Textes de la page d'accueil",
  plots: "Parcelles",
  plotMails: "E-mails aux jardiniers",
  association: "Page notre association",
  contact: "Informations de contact",
  identity: "Identité et mentions légales",
  applicationLabels: "Libellés du formulaire de demande",
  retention: "Durées de conservation des données personnelles",
};

const savedEntry = (intent: SettingsIntent) =>
  ({ kind: "parametres.enregistrement", target: SECTION_NAMES[intent] }) as const;

async function save(intent: SettingsIntent, fields: ContentFields, actor: Actor, message = SAVED[intent]) {
  const { id } = await ensureContentRow();
  const saved = await withHistory(
    actor,
    (tx) => updateContent(id, fields, tx),
    (row) => row && savedEntry(intent),
  );
  // product §8: a failed save shows no message.
  if (!saved) return data<SettingsResult>({ intent, ok: false, message: null }, { status: 500 });
  return data<SettingsResult>({ intent, ok: true, message });
}

/** Stores an image sent with the form (no JavaScript); a refused file gives its French message. */
async function storeUpload(intent: SettingsIntent, field: string, upload: UploadedFile) {
  try {
    return { url: (await saveImage({ path: upload.path })).url };
  } catch (error) {
    if (error instanceof MediaError) return { refusal: refused(intent, error.message, error.status, field) };
    logger.error({ err: error }, "enregistrement d'image impossible");
    return { refusal: refused(intent, mediaMessages.uploadFailed, 500, field) };
  }
}

/**
 * The home image or the header icon, with its description: a new image is stored and described; without one, a
 * description changed for the current image is saved alone, and nothing at all gives the spec's message.
 */
async function saveSingleImage(intent: "homeImage" | "headerIcon", form: SubmittedForm, actor: Actor) {
  const schema = intent === "homeImage" ? homeImageFormSchema : headerIconFormSchema;
  const field = intent === "homeImage" ? "imageAccueil" : "headerIcon";
  const alt = altFromForm((name) => form.get(name), field);
  const upload = form.file(field);
  let url: string | undefined;
  if (upload) {
    const stored = await storeUpload(intent, field, upload);
    if (stored.refusal) return stored.refusal;
    url = stored.url;
  } else {
    const content = await getContent();
    const current = content?.[field];
    if (current && alt !== altOf(content.imageAlts, current))
      return save(intent, { imageAlts: { [current]: alt } }, actor, "Description de l'image enregistrée.");
  }
  const parsed = schema.safeParse({ [field]: url });
  if (!parsed.success) return invalid(intent, parsed.error, {});
  return save(intent, { ...parsed.data, imageAlts: { [url!]: alt } }, actor);
}

async function saveAssociation(form: SubmittedForm, actor: Actor) {
  const intent = "association";
  // Without JavaScript, images are removed with check boxes and added with a file input.
  const removed = new Set(form.getAll("retirerImageAssociation"));
  // Each place of the form (one per image, empty ones included) has its description.
  const alts = Object.fromEntries(
    form
      .getAll("imagesAssociation")
      .map((url, i) => [url, altFromForm((name) => form.get(name), `imageAssociation${i + 1}`)] as const)
      .filter(([url]) => url && !removed.has(url)),
  );
  const images = form.getAll("imagesAssociation").filter((url) => !removed.has(url));
  const added = form.file("nouvelleImageAssociation");
  if (added) {
    const stored = await storeUpload(intent, "imagesAssociation", added);
    if (stored.refusal) return stored.refusal;
    images.push(stored.url);
  }
  const texts = textsOf(form, ["titreAssociation", "contentAssociation"]);
  const parsed = associationPageFormSchema.safeParse({ ...texts, imagesAssociation: images });
  if (!parsed.success) return invalid(intent, parsed.error, texts);
  return save(intent, { ...parsed.data, imageAlts: alts }, actor);
}

async function saveApplicationLabels(form: SubmittedForm, actor: Actor) {
  const intent = "applicationLabels";
  const texts = textsOf(form, APPLICATION_FIELDS);
  const parsed = applicationLabelsFormSchema.safeParse(texts);
  if (!parsed.success) return invalid(intent, parsed.error, texts);
  try {
    await withHistory(
      actor,
      (tx) => replaceFormFields(labelRows(parsed.data), tx),
      () => savedEntry(intent),
    );
  } catch (error) {
    logger.error({ err: error }, "enregistrement des libellés impossible");
    return data<SettingsResult>({ intent, ok: false, message: null }, { status: 500 });
  }
  return data<SettingsResult>({ intent, ok: true, message: SAVED[intent] });
}

/** A form of the texts-only kind: parsed with its schema, saved to the content record. */
async function saveTexts(
  intent: SettingsIntent,
  form: SubmittedForm,
  names: readonly string[],
  schema: z.ZodType<ContentFields>,
  actor: Actor,
) {
  const texts = textsOf(form, names);
  const parsed = schema.safeParse(texts);
  return parsed.success ? save(intent, parsed.data, actor) : invalid(intent, parsed.error, texts);
}

/** One intent per form of the settings screen. */
export async function handleSettingsForm(form: SubmittedForm, actor: Actor) {
  const intent = SETTINGS_INTENTS.find((name) => name === form.get("intent"));
  switch (intent) {
    case "homeImage":
    case "headerIcon":
      return saveSingleImage(intent, form, actor);
    case "homeTexts":
      return saveTexts(intent, form, ["titreAccueil", "texteIntro", "texteFooter"], homeTextsFormSchema, actor);
    case "plots":
      return saveTexts(intent, form, ["parcellesOccupees", "parcellesTotal"], plotsFormSchema, actor);
    case "plotMails":
      return saveTexts(intent, form, PLOT_MAIL_FIELDS, plotMailsFormSchema, actor);
    case "association":
      return saveAssociation(form, actor);
    case "contact":
      return saveTexts(intent, form, ["adresse", "telephone", "email", "horaires"], contactInfoFormSchema, actor);
    case "identity":
      return saveTexts(intent, form, IDENTITY_TEXTS, identityFormSchema, actor);
    case "applicationLabels":
      return saveApplicationLabels(form, actor);
    case "retention":
      return saveTexts(intent, form, RETENTION_FIELDS, retentionFormSchema, actor);
    default:
      return refused(null, "Formulaire inconnu.");
  }
}

export { refused as settingsRefusal };
