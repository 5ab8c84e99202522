import { useCallback, useState, type ReactNode } from "react";
import { data, Form, useNavigation } from "react-router";
import type { z } from "zod";
import type { Route } from "./+types/settings";
import { FeedbackPopup } from "~/components/FeedbackPopup";
import { Image } from "~/components/Image";
import { ImageField, UPLOAD_ERROR_MESSAGE } from "~/components/ImageField";
import { RichTextEditor } from "~/components/RichTextEditor";
import { MAX_ASSOCIATION_IMAGES } from "~/lib/constants";
import { adminMeta } from "~/lib/seo";
import { cleanImageList } from "~/lib/text";
import { logger } from "~/logger.server";
import { CONTENT_DEFAULTS } from "~/modules/content/content.defaults";
import {
  associationPageFormSchema,
  contactInfoFormSchema,
  headerIconFormSchema,
  homeImageFormSchema,
  homeTextsFormSchema,
  plotsFormSchema,
  CONTENT_TEXT_LIMITS as LIMITS,
  type ContentFields,
} from "~/modules/content/content.schema";
import { ensureContentRow, getContent, updateContent } from "~/modules/content/content.server";
import { MediaError, saveImage } from "~/modules/media/media.server";
import { readSubmittedForm, type SubmittedForm, type UploadedFile } from "~/modules/media/multipart.server";
import { FieldError } from "~/components/FieldError";
import { preventOverlongSubmit, TextField } from "~/components/TextField";

const INTENTS = ["homeImage", "headerIcon", "homeTexts", "plots", "association", "contact"] as const;
type Intent = (typeof INTENTS)[number];

const SAVED: Record<Intent, string> = {
  homeImage: "Image d’accueil enregistrée.",
  headerIcon: "Icône de header enregistrée.",
  homeTexts: "Tous les contenus ont été enregistrés.",
  plots: "Données de parcelles enregistrées.",
  association: "Tous les contenus ont été enregistrés.",
  contact: "Informations de contact enregistrées.",
};

/** File inputs of the image forms; without JavaScript the association page adds an image through the last one. */
const FILE_FIELDS = ["imageAccueil", "headerIcon", "nouvelleImageAssociation"] as const;

export function meta() {
  return adminMeta("Paramètres");
}

export async function loader() {
  const content = await getContent();
  return {
    titreAccueil: content?.titreAccueil ?? "",
    texteIntro: content?.texteIntro ?? "",
    texteFooter: content?.texteFooter ?? "",
    imageAccueil: content?.imageAccueil ?? null,
    headerIcon: content?.headerIcon ?? null,
    parcellesOccupees: content?.parcellesOccupees ?? 0,
    parcellesTotal: content?.parcellesTotal ?? 0,
    titreAssociation: content?.titreAssociation ?? "",
    contentAssociation: content?.contentAssociation ?? "",
    imagesAssociation: cleanImageList(content?.imagesAssociation, MAX_ASSOCIATION_IMAGES),
    adresse: content?.adresse ?? "",
    telephone: content?.telephone ?? "",
    email: content?.email ?? "",
    horaires: content?.horaires ?? "",
  };
}

// ---------------------------------------------------------------------------------------------------
// Action: one intent per form; parse with the form's schema, write with the content module.

interface ActionResult {
  intent: Intent | null;
  ok: boolean;
  message: string | null;
  /** The field a refusal is about, to mark it in the form. */
  field?: string;
  /** What was typed, given back with a refusal so that the form shows it again (without JavaScript too). */
  values?: Record<string, string>;
}


function refused(intent: Intent | null, message: string, status = 400, field?: string, values?: Record<string, string>) {
  return data<ActionResult>({ intent, ok: false, message, field, values }, { status });
}

function invalid(intent: Intent, error: z.ZodError, values: Record<string, string | undefined>) {
  const issue = error.issues[0];
  const typed = Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  return refused(intent, issue?.message ?? "Formulaire invalide.", 400, issue ? String(issue.path[0] ?? "") : undefined, typed);
}

/** The named text fields of a form, as typed. */
const textsOf = (form: SubmittedForm, names: readonly string[]) => Object.fromEntries(names.map((name) => [name, form.get(name)]));

async function save(intent: Intent, fields: ContentFields) {
  const { id } = await ensureContentRow();
  const saved = await updateContent(id, fields);
  // SPEC §8: a failed save shows no message.
  if (!saved) return data<ActionResult>({ intent, ok: false, message: null }, { status: 500 });
  return data<ActionResult>({ intent, ok: true, message: SAVED[intent] });
}

/** Stores an image sent with the form (no JavaScript); a refused file gives its French message. */
async function storeUpload(intent: Intent, field: string, upload: UploadedFile) {
  try {
    return { url: (await saveImage({ path: upload.path })).url };
  } catch (error) {
    if (error instanceof MediaError) return { refusal: refused(intent, error.message, error.status, field) };
    logger.error({ err: error }, "enregistrement d'image impossible");
    return { refusal: refused(intent, UPLOAD_ERROR_MESSAGE, 500, field) };
  }
}

async function saveSingleImage(intent: "homeImage" | "headerIcon", form: SubmittedForm) {
  const schema = intent === "homeImage" ? homeImageFormSchema : headerIconFormSchema;
  const field = intent === "homeImage" ? "imageAccueil" : "headerIcon";
  const upload = form.file(field);
  let url: string | undefined;
  if (upload) {
    const stored = await storeUpload(intent, field, upload);
    if (stored.refusal) return stored.refusal;
    url = stored.url;
  }
  const parsed = schema.safeParse({ [field]: url });
  if (!parsed.success) return invalid(intent, parsed.error, {});
  return save(intent, parsed.data);
}

async function saveAssociation(form: SubmittedForm) {
  const intent = "association";
  // Without JavaScript, images are removed with check boxes and added with a file input.
  const removed = new Set(form.getAll("retirerImageAssociation"));
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
  return save(intent, parsed.data);
}

export async function action({ request }: Route.ActionArgs) {
  let form: SubmittedForm;
  try {
    // Image forms are multipart (their files go with them when JavaScript is off); the others are not.
    form = await readSubmittedForm(request, { maxFiles: 1, maxFields: 20, maxFieldSize: 1024 * 1024, fileFields: FILE_FIELDS });
  } catch (error) {
    if (error instanceof MediaError) return refused(null, error.message, error.status);
    throw error;
  }
  try {
    const intent = INTENTS.find((name) => name === form.get("intent"));
    switch (intent) {
      case "homeImage":
      case "headerIcon":
        return await saveSingleImage(intent, form);
      case "homeTexts": {
        const texts = textsOf(form, ["titreAccueil", "texteIntro", "texteFooter"]);
        const parsed = homeTextsFormSchema.safeParse(texts);
        return parsed.success ? await save(intent, parsed.data) : invalid(intent, parsed.error, texts);
      }
      case "plots": {
        const texts = textsOf(form, ["parcellesOccupees", "parcellesTotal"]);
        const parsed = plotsFormSchema.safeParse(texts);
        return parsed.success ? await save(intent, parsed.data) : invalid(intent, parsed.error, texts);
      }
      case "association":
        return await saveAssociation(form);
      case "contact": {
        const texts = textsOf(form, ["adresse", "telephone", "email", "horaires"]);
        const parsed = contactInfoFormSchema.safeParse(texts);
        return parsed.success ? await save(intent, parsed.data) : invalid(intent, parsed.error, texts);
      }
      default:
        return refused(null, "Formulaire inconnu.");
    }
  } finally {
    await form.cleanup();
  }
}

// ---------------------------------------------------------------------------------------------------
// Screen

const labelClass = "block font-medium text-stone-800";
const buttonClass =
  "rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white shadow-sm hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-60";

function Section({ id, title, description, children }: { id: string; title: string; description?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6">
      <h2 id={id} className="text-lg font-bold text-stone-900">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-stone-600">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

function SaveButton({ busy, disabled, children }: { busy: boolean; disabled?: boolean; children: ReactNode }) {
  return (
    <button type="submit" disabled={busy || disabled} className={buttonClass}>
      {busy ? "Enregistrement…" : children}
    </button>
  );
}

function CurrentImage({ src, alt, round = false }: { src: string | null; alt: string; round?: boolean }) {
  return (
    <div>
      <p className={labelClass}>Image actuelle</p>
      {src ? (
        <Image
          src={src}
          alt={alt}
          sizes={round ? "64px" : "192px"}
          className={round ? "mt-1 size-16 rounded-full object-cover ring-1 ring-stone-200" : "mt-1 aspect-[4/3] w-48 rounded-lg object-cover ring-1 ring-stone-200"}
        />
      ) : (
        <p className="mt-1 text-sm text-stone-600">Aucune image pour le moment.</p>
      )}
    </div>
  );
}

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const content = loaderData;
  const navigation = useNavigation();
  const busyIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const [slotUploading, setSlotUploading] = useState<boolean[]>(() => Array.from({ length: MAX_ASSOCIATION_IMAGES }, () => false));
  const [closedResult, setClosedResult] = useState<ActionResult | null>(null);

  const result = actionData ?? null;
  const popupMessage = result && result !== closedResult ? result.message : null;
  const closePopup = useCallback(() => setClosedResult(result), [result]);
  const errorFor = (intent: Intent, field: string) =>
    result && !result.ok && result.intent === intent && result.field === field ? (result.message ?? undefined) : undefined;
  // After a refusal the form shows what was typed, not what is stored.
  const valueFor = (intent: Intent, field: keyof typeof content) =>
    (result && !result.ok && result.intent === intent ? result.values?.[field] : undefined) ?? String(content[field] ?? "");

  const images = content.imagesAssociation;
  const imagesKey = images.join("|");

  return (
    <div className="mx-auto max-w-4xl space-y-6 pb-24">
      <div>
        <h1 className="text-2xl font-bold text-stone-900">Paramètres</h1>
        <p className="mt-2 text-stone-600">Textes, images et informations de contact du site.</p>
      </div>

      <Section id="settings-home-image" title="Page d’accueil - Image">
        <div className="grid gap-8 md:grid-cols-2">
          <Form method="post" encType="multipart/form-data" className="space-y-4">
            <input type="hidden" name="intent" value="homeImage" />
            <h3 className="font-semibold text-stone-900">Image d’accueil</h3>
            <CurrentImage src={content.imageAccueil} alt="Image d’accueil actuelle" />
            <ImageField
              key={content.imageAccueil ?? ""}
              mode="file"
              name="imageAccueil"
              label="Nouvelle image d’accueil"
              removeLabel="Retirer la nouvelle image d’accueil"
              error={errorFor("homeImage", "imageAccueil")}
            />
            <SaveButton busy={busyIntent === "homeImage"}>Enregistrer l’image d’accueil</SaveButton>
          </Form>

          <Form method="post" encType="multipart/form-data" className="space-y-4">
            <input type="hidden" name="intent" value="headerIcon" />
            <h3 className="font-semibold text-stone-900">Icône de header</h3>
            <CurrentImage src={content.headerIcon} alt="Icône de header actuelle" round />
            <ImageField
              key={content.headerIcon ?? ""}
              mode="file"
              name="headerIcon"
              label="logo site admin"
              removeLabel="Retirer le nouveau logo"
              error={errorFor("headerIcon", "headerIcon")}
            />
            <SaveButton busy={busyIntent === "headerIcon"}>Enregistrer l’icône</SaveButton>
          </Form>
        </div>
      </Section>

      <Section id="settings-home-texts" title="Page d’accueil - Textes" description="Un champ laissé vide affiche le texte par défaut.">
        <Form method="post" onSubmit={preventOverlongSubmit} className="space-y-4">
          <input type="hidden" name="intent" value="homeTexts" />
          <TextField
            label="Titre de la page d’accueil"
            name="titreAccueil"
            defaultValue={valueFor("homeTexts", "titreAccueil")} maxLength={LIMITS.titreAccueil}
            placeholder={CONTENT_DEFAULTS.titreAccueil}
            error={errorFor("homeTexts", "titreAccueil")}
          />
          <TextField
            label="Texte d’introduction"
            name="texteIntro"
            multiline
            rows={4}
            defaultValue={valueFor("homeTexts", "texteIntro")} maxLength={LIMITS.texteIntro}
            placeholder={CONTENT_DEFAULTS.texteIntro}
            error={errorFor("homeTexts", "texteIntro")}
          />
          <TextField
            label="Texte du pied de page"
            name="texteFooter"
            multiline
            defaultValue={valueFor("homeTexts", "texteFooter")} maxLength={LIMITS.texteFooter}
            placeholder={CONTENT_DEFAULTS.texteFooter}
            error={errorFor("homeTexts", "texteFooter")}
          />
          <SaveButton busy={busyIntent === "homeTexts"}>Enregistrer les textes</SaveButton>
        </Form>
      </Section>

      <Section id="settings-plots" title="Parcelles occupées">
        <Form method="post" onSubmit={preventOverlongSubmit} className="space-y-4">
          <input type="hidden" name="intent" value="plots" />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Nombre de parcelles occupées"
              name="parcellesOccupees"
              inputMode="numeric"
              autoComplete="off"
              defaultValue={valueFor("plots", "parcellesOccupees")}
              error={errorFor("plots", "parcellesOccupees")}
            />
            <TextField
              label="Nombre total de parcelles"
              name="parcellesTotal"
              inputMode="numeric"
              autoComplete="off"
              defaultValue={valueFor("plots", "parcellesTotal")}
              error={errorFor("plots", "parcellesTotal")}
            />
          </div>
          <SaveButton busy={busyIntent === "plots"}>Enregistrer les parcelles</SaveButton>
        </Form>
      </Section>

      <Section id="settings-association" title="Page notre association">
        <Form method="post" encType="multipart/form-data" onSubmit={preventOverlongSubmit} className="space-y-4">
          <input type="hidden" name="intent" value="association" />
          <TextField
            label="Titre de la page"
            name="titreAssociation"
            defaultValue={valueFor("association", "titreAssociation")} maxLength={LIMITS.titreAssociation}
            placeholder={CONTENT_DEFAULTS.titreAssociation}
            error={errorFor("association", "titreAssociation")}
          />
          <RichTextEditor
            name="contentAssociation"
            label="Contenu de la page"
            defaultValue={content.contentAssociation}
            error={errorFor("association", "contentAssociation")}
          />
          <fieldset>
            <legend className={labelClass}>Images (3 au maximum)</legend>
            <div data-needs-script className="mt-2 grid gap-6 sm:grid-cols-3">
              {Array.from({ length: MAX_ASSOCIATION_IMAGES }, (_, i) => (
                <ImageField
                  // A saved list re-creates the fields from what was stored.
                  key={`${imagesKey}#${i}`}
                  name="imagesAssociation"
                  label={`Image ${i + 1}`}
                  removeLabel={`Supprimer l’image ${i + 1}`}
                  defaultValue={images[i] ?? null}
                  onUploadingChange={(uploading) =>
                    setSlotUploading((slots) => slots.map((value, slot) => (slot === i ? uploading : value)))
                  }
                />
              ))}
            </div>
            <FieldError message={errorFor("association", "imagesAssociation")} />
            {/* Without JavaScript the fields above cannot upload: check boxes and one file input instead. */}
            <noscript>
              <style>{"[data-needs-script] { display: none; }"}</style>
              <ul className="mt-2 grid grid-cols-3 gap-3">
                {images.map((url, i) => (
                  <li key={url} className="space-y-2">
                    <Image src={url} alt={`Image ${i + 1}`} sizes="192px" className="aspect-[4/3] w-full rounded-lg object-cover" />
                    <label className="flex items-center gap-2 text-sm text-stone-800">
                      <input type="checkbox" name="retirerImageAssociation" value={url} />
                      Retirer l’image {i + 1}
                    </label>
                  </li>
                ))}
              </ul>
              <label className={`${labelClass} mt-4`}>
                Ajouter une image
                <input type="file" name="nouvelleImageAssociation" accept="image/*" className="mt-1 block w-full text-sm" />
              </label>
            </noscript>
          </fieldset>
          <SaveButton busy={busyIntent === "association"} disabled={slotUploading.some(Boolean)}>
            Enregistrer la page association
          </SaveButton>
        </Form>
      </Section>

      <Section id="settings-contact" title="Informations de contact">
        <Form method="post" onSubmit={preventOverlongSubmit} className="space-y-4">
          <input type="hidden" name="intent" value="contact" />
          <TextField label="Adresse" name="adresse" multiline defaultValue={valueFor("contact", "adresse")} maxLength={LIMITS.adresse} error={errorFor("contact", "adresse")} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Téléphone"
              name="telephone"
              type="tel"
              autoComplete="off"
              defaultValue={valueFor("contact", "telephone")} maxLength={LIMITS.telephone}
              error={errorFor("contact", "telephone")}
            />
            <TextField label="Email" name="email" type="email" autoComplete="off" defaultValue={valueFor("contact", "email")} maxLength={LIMITS.email} error={errorFor("contact", "email")} />
          </div>
          <TextField
            label="Horaires"
            name="horaires"
            defaultValue={valueFor("contact", "horaires")} maxLength={LIMITS.horaires}
            placeholder={CONTENT_DEFAULTS.horaires}
            error={errorFor("contact", "horaires")}
          />
          <SaveButton busy={busyIntent === "contact"}>Enregistrer les informations de contact</SaveButton>
        </Form>
      </Section>

      <FeedbackPopup message={popupMessage} tone={result?.ok ? "success" : "error"} onClose={closePopup} />
    </div>
  );
}
