import { useState } from "react";
import { FieldError } from "~/components/form/FieldError";
import { TextInput, useFieldState } from "~/components/form/fields";
import { ImageField } from "~/components/form/ImageField";
import { RichTextEditor } from "~/components/form/RichTextEditor";
import { labelClass } from "~/components/form/styles";
import { Image } from "~/components/Image";
import { MAX_ASSOCIATION_IMAGES } from "~/lib/constants";
import { altOf, type ImageAlts } from "~/lib/image-alt";
import { CONTENT_DEFAULTS } from "~/modules/content/content.defaults";
import { CONTENT_TEXT_LIMITS as LIMITS } from "~/modules/content/content.schema";
import { SettingsForm } from "./settings-ui";

/** The images' message, once under the three of them. */
function ImagesMessage() {
  return <FieldError message={useFieldState("imagesAssociation").error} />;
}

/** 'Page notre association': its title, rich text and up to 3 images. */
export function AssociationPageSettings({ images, imageAlts }: { images: string[]; imageAlts: ImageAlts }) {
  const [slotUploading, setSlotUploading] = useState<boolean[]>(() =>
    Array.from({ length: MAX_ASSOCIATION_IMAGES }, () => false),
  );
  const imagesKey = images.join("|");
  return (
    <SettingsForm
      intent="association"
      title="Page notre association"
      multipart
      submit="Enregistrer la page association"
      submitDisabled={slotUploading.some(Boolean)}
    >
      <TextInput
        label="Titre de la page"
        name="titreAssociation"
        maxLength={LIMITS.titreAssociation}
        placeholder={CONTENT_DEFAULTS.titreAssociation}
      />
      <RichTextEditor name="contentAssociation" label="Contenu de la page" />
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
              describe={{ alt: altOf(imageAlts, images[i]), as: `imageAssociation${i + 1}` }}
              error={null}
              onUploadingChange={(uploading) =>
                setSlotUploading((slots) => slots.map((value, slot) => (slot === i ? uploading : value)))
              }
            />
          ))}
        </div>
        <ImagesMessage />
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
            <input type="file" name="nouvelleImageAssociation" accept="image/*" className="mt-1 block w-full text-sm" />
          </label>
        </noscript>
      </fieldset>
    </SettingsForm>
  );
}
