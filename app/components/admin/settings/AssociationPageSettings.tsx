import { useState } from "react";
import { Form } from "react-router";
import { FieldError } from "~/components/FieldError";
import { Image } from "~/components/Image";
import { ImageField } from "~/components/ImageField";
import { RichTextEditor } from "~/components/RichTextEditor";
import { preventOverlongSubmit, TextField } from "~/components/TextField";
import { MAX_ASSOCIATION_IMAGES } from "~/lib/constants";
import { CONTENT_DEFAULTS } from "~/modules/content/content.defaults";
import { CONTENT_TEXT_LIMITS as LIMITS } from "~/modules/content/content.schema";
import { labelClass, SaveButton, Section, useSettingsForm } from "./settings-ui";

/** 'Page notre association': its title, rich text and up to 3 images. */
export function AssociationPageSettings({ content, images }: { content: string; images: string[] }) {
  const { busy, errorFor, valueFor } = useSettingsForm("association");
  const [slotUploading, setSlotUploading] = useState<boolean[]>(() =>
    Array.from({ length: MAX_ASSOCIATION_IMAGES }, () => false),
  );
  const imagesKey = images.join("|");
  return (
    <Section id="settings-association" title="Page notre association">
      <Form method="post" encType="multipart/form-data" onSubmit={preventOverlongSubmit} className="space-y-4">
        <input type="hidden" name="intent" value="association" />
        <TextField
          label="Titre de la page"
          name="titreAssociation"
          defaultValue={valueFor("titreAssociation")}
          maxLength={LIMITS.titreAssociation}
          placeholder={CONTENT_DEFAULTS.titreAssociation}
          error={errorFor("titreAssociation")}
        />
        <RichTextEditor
          name="contentAssociation"
          label="Contenu de la page"
          defaultValue={valueFor("contentAssociation", content)}
          error={errorFor("contentAssociation")}
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
          <FieldError message={errorFor("imagesAssociation")} />
          {/* Without JavaScript the fields above cannot upload: check boxes and one file input instead. */}
          <noscript>
            <style>{"[data-needs-script] { display: none; }"}</style>
            <ul className="mt-2 grid grid-cols-3 gap-3">
              {images.map((url, i) => (
                <li key={url} className="space-y-2">
                  <Image
                    src={url}
                    alt={`Image ${i + 1}`}
                    sizes="192px"
                    className="aspect-[4/3] w-full rounded-lg object-cover"
                  />
                  <label className="flex items-center gap-2 text-sm text-stone-800">
                    <input type="checkbox" name="retirerImageAssociation" value={url} />
                    Retirer l’image {i + 1}
                  </label>
                </li>
              ))}
            </ul>
            <label className={`${labelClass} mt-4`}>
              Ajouter une image
              <input
                type="file"
                name="nouvelleImageAssociation"
                accept="image/*"
                className="mt-1 block w-full text-sm"
              />
            </label>
          </noscript>
        </fieldset>
        <SaveButton busy={busy} disabled={slotUploading.some(Boolean)}>
          Enregistrer la page association
        </SaveButton>
      </Form>
    </Section>
  );
}
