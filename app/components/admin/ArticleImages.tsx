import { useEffect, useState } from "react";
import { ImageField } from "~/components/form/ImageField";
import { MAX_ANNEX_IMAGES } from "~/lib/constants";
import { ANNEX_UPLOAD_ERROR, COVER_UPLOAD_ERROR, failedAnnexesMessage } from "~/modules/publishing/article-form";

export interface ArticleImagesState {
  uploading: boolean;
  failedAnnexes: number;
}

/**
 * The cover and the three annex images of an article or an event, each uploaded as soon as it is chosen (annexes
 * tried once more after 500 ms), and sent with the form without JavaScript, each with its description. Tells its
 * form whether an upload is running and how many annexes failed. Their messages come from the form's state
 * (`FormFields`).
 */
export function ArticleImages({
  cover,
  annexes,
  alts,
  coverRequired,
  onChange,
}: {
  cover: string | null;
  annexes: (string | null)[];
  /** Each image's text alternative, by its field (image, annexe1…): null for none, "" for decorative. */
  alts: Record<string, string | null>;
  coverRequired: boolean;
  onChange: (state: ArticleImagesState) => void;
}) {
  const slots = MAX_ANNEX_IMAGES + 1;
  const [uploading, setUploading] = useState<boolean[]>(() => Array.from({ length: slots }, () => false));
  const [failed, setFailed] = useState<boolean[]>(() => Array.from({ length: slots }, () => false));
  const set = (list: boolean[], index: number, value: boolean) => list.map((old, i) => (i === index ? value : old));
  const failedAnnexes = failed.slice(1).filter(Boolean).length;
  useEffect(
    () => onChange({ uploading: uploading.some(Boolean), failedAnnexes }),
    [uploading, failedAnnexes, onChange],
  );

  return (
    <div className="space-y-6">
      <ImageField
        name="image"
        label="Photo de couverture"
        required={coverRequired}
        removeLabel="Retirer la photo de couverture"
        defaultValue={cover}
        uploadErrorMessage={COVER_UPLOAD_ERROR}
        worksWithoutScript
        describe={{ alt: alts.image ?? null }}
        onUploadingChange={(value) => setUploading((list) => set(list, 0, value))}
      />
      <fieldset>
        <legend className="font-medium text-stone-900">Images annexes (3 au maximum, 10 MB chacune)</legend>
        <div className="mt-2 grid gap-6 sm:grid-cols-3">
          {Array.from({ length: MAX_ANNEX_IMAGES }, (_, i) => (
            <ImageField
              key={i}
              name={`annexe${i + 1}`}
              label={`Image ${i + 1}`}
              removeLabel={`Retirer l'image ${i + 1}`}
              defaultValue={annexes[i] ?? null}
              retry
              uploadErrorMessage={ANNEX_UPLOAD_ERROR}
              tooLargeMessage={`L'image ${i + 1} est trop volumineuse (max 10MB). Veuillez la compresser.`}
              worksWithoutScript
              describe={{ alt: alts[`annexe${i + 1}`] ?? null }}
              onUploadingChange={(value) => setUploading((list) => set(list, i + 1, value))}
              onProblemChange={(problem) => setFailed((list) => set(list, i + 1, problem !== null))}
            />
          ))}
        </div>
        {failedAnnexes > 0 ? (
          <p role="alert" className="mt-2 text-sm font-medium text-red-800">
            {failedAnnexesMessage(failedAnnexes)}
          </p>
        ) : null}
      </fieldset>
    </div>
  );
}
