import { useEffect, useId, useRef, useState, type ChangeEvent } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { MAX_IMAGE_BYTES, mediaMessages, mediaUrl, parseMediaUrl } from "~/modules/media/media.schema";
import { compressImage, uploadImage, UploadError } from "../image-upload";
import { FieldError } from "./FieldError";
import { useFieldState } from "./fields";
import { ALT_MISSING_HINT, IMAGE_ALT_MAX } from "~/lib/image-alt";
import { altField, decorativeField } from "~/modules/forms/image-alt-field";
import { inputClass, labelClass } from "./styles";

export const UPLOADING_MESSAGE = "Upload en cours... Veuillez patienter.";

export interface ImageFieldProps {
  /** Name of the value sent with the form: the stored URL ("upload") or the file itself ("file"). */
  name: string;
  label: string;
  /**
   * "upload" (admin editors): the image is sent at once to POST /admin/media and a hidden input
   * carries the resulting URL ("" once removed). "file" (public multipart forms): the chosen file,
   * compressed, stays in the form's file input and goes with the form.
   */
  mode?: "upload" | "file";
  /** URL of the current image, shown as preview ("upload" mode). */
  defaultValue?: string | null;
  required?: boolean;
  description?: string;
  /** Error to show under the field, in place of the form's; null when the form shows it elsewhere (a list of images). */
  error?: string | null;
  /** One more try after 500 ms when an upload fails (product §7: annex images). */
  retry?: boolean;
  /** Message for a failed upload, e.g. the blog cover's; the server's message wins for a refused file. */
  uploadErrorMessage?: string;
  /** Message for a file over 10 MB after compression, e.g. "L'image 2 est trop volumineuse …". */
  tooLargeMessage?: string;
  removeLabel?: string;
  endpoint?: string;
  className?: string;
  onUploadingChange?: (uploading: boolean) => void;
  /** Told of each upload problem the field shows (null once it is gone), e.g. to count the annexes that failed. */
  onProblemChange?: (problem: string | null) => void;
  /**
   * "upload" mode without JavaScript: the chosen file goes with the form as `{name}__fichier`, and a box
   * `{name}__retirer` removes the current image (see `imageFromForm` on the server).
   */
  worksWithoutScript?: boolean;
  /** The stored URL ("upload") or the chosen file ("file"); null when removed. */
  onChange?: (value: string | File | null) => void;
  /**
   * The image's text alternative, asked next to it (app/lib/image-alt.ts): `alt` the current image's (null: none
   * written, "": decorative); `as` the name its fields take when images share one `name`.
   */
  describe?: { alt: string | null; as?: string };
}

function previewOf(url: string | null | undefined) {
  const ref = parseMediaUrl(url);
  return ref ? mediaUrl(ref, 400) : (url ?? null);
}

/**
 * An image input with preview, remove button, compression in the browser and upload messages in
 * French. The initial value is read once: give the field a `key` when the edited item changes.
 */
export function ImageField({
  name,
  label,
  mode = "upload",
  defaultValue = null,
  required = false,
  description,
  error,
  retry = false,
  uploadErrorMessage = mediaMessages.uploadFailed,
  tooLargeMessage = mediaMessages.tooLarge(),
  removeLabel = "Supprimer l’image",
  endpoint,
  className,
  onUploadingChange,
  onProblemChange,
  worksWithoutScript = false,
  onChange,
  describe,
}: ImageFieldProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState<string | null>(defaultValue || null);
  const [preview, setPreview] = useState<string | null>(previewOf(defaultValue));
  const [uploading, setUploading] = useState(false);
  const [problem, setProblemState] = useState<string | null>(null);
  const setProblem = (value: string | null) => {
    setProblemState(value);
    onProblemChange?.(value);
  };
  const objectUrl = useRef<string | null>(null);
  const attempt = useRef(0);
  // The image the description is written for: the form's own (0), else the choice (`attempt`) it was written for. A
  // new choice starts a new description; its upload finishing keeps what was typed or ticked meanwhile, and a choice
  // refused gives back the image kept.
  const [describing, setDescribing] = useState(0);
  const [fileName, setFileName] = useState<string | null>(null);
  const enhanced = useHydrated();

  const releasePreview = () => {
    if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
    objectUrl.current = null;
  };
  useEffect(
    () => () => {
      if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
    },
    [],
  );

  const changeUploading = (value: boolean) => {
    setUploading(value);
    onUploadingChange?.(value);
  };

  const clearInput = () => {
    if (inputRef.current) inputRef.current.value = "";
  };

  const showLocal = (file: File) => {
    releasePreview();
    objectUrl.current = URL.createObjectURL(file);
    setPreview(objectUrl.current);
  };

  async function onSelect(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    if (!chosen) return;
    const current = ++attempt.current;
    const before = describing;
    setDescribing(current);
    setProblem(null);
    setFileName(chosen.name);
    showLocal(chosen);
    if (mode === "upload") changeUploading(true);
    const file = await compressImage(chosen);
    if (current !== attempt.current) return;
    if (file.size > MAX_IMAGE_BYTES) {
      setProblem(tooLargeMessage);
      setFileName(null);
      setDescribing(before);
      releasePreview();
      setPreview(previewOf(url));
      clearInput();
      if (mode === "upload") changeUploading(false);
      else onChange?.(null);
      return;
    }
    if (mode === "file") {
      // Put the compressed file in place of the original so it is what the form sends.
      if (file !== chosen && inputRef.current && typeof DataTransfer !== "undefined") {
        const transfer = new DataTransfer();
        transfer.items.add(file);
        inputRef.current.files = transfer.files;
      }
      onChange?.(file);
      return;
    }
    try {
      const uploaded = await uploadImage(file, { endpoint, retry, fallbackMessage: uploadErrorMessage });
      if (current !== attempt.current) return;
      setUrl(uploaded.url);
      onChange?.(uploaded.url);
    } catch (failure) {
      if (current !== attempt.current) return;
      const message =
        failure instanceof UploadError && failure.status >= 400 && failure.status < 500
          ? failure.message
          : uploadErrorMessage;
      setProblem(message);
      setFileName(null);
      setDescribing(before);
      releasePreview();
      setPreview(previewOf(url));
    } finally {
      clearInput();
      if (current === attempt.current) changeUploading(false);
    }
  }

  function remove() {
    setDescribing(++attempt.current);
    releasePreview();
    clearInput();
    setPreview(null);
    setUrl(null);
    setProblem(null);
    setFileName(null);
    if (uploading) changeUploading(false);
    onChange?.(null);
  }

  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = `${id}-error`;
  const fieldError = useFieldState(name, { error: error === null ? "" : error }).error;
  const shownError = problem ?? fieldError;

  return (
    <div className={className} data-uploading={uploading || undefined}>
      <label htmlFor={id} className={labelClass}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {description ? (
        <p id={descriptionId} className="text-sm text-gray-700">
          {description}
        </p>
      ) : null}
      {/* Once the page runs scripts, the browser's own "Choose File / No file chosen" gives way to a French button
          and the chosen file's name; before (and without) them, the native input shows, as it works then. */}
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept="image/*"
        name={mode === "file" ? name : worksWithoutScript && !enhanced ? `${name}__fichier` : undefined}
        required={mode === "file" && required && !preview}
        aria-describedby={[descriptionId, shownError ? errorId : undefined].filter(Boolean).join(" ") || undefined}
        aria-invalid={shownError ? true : undefined}
        onChange={onSelect}
        className={
          enhanced
            ? "peer sr-only"
            : "mt-1 block w-full text-sm text-gray-800 file:mr-3 file:rounded file:border-0 file:bg-green-700 file:px-3 file:py-2 file:font-medium file:text-white hover:file:bg-green-800"
        }
      />
      {enhanced ? (
        <div className="mt-1 flex min-w-0 flex-wrap items-center gap-3 peer-focus-visible:[&>label]:outline-2 peer-focus-visible:[&>label]:outline-offset-2 peer-focus-visible:[&>label]:outline-green-800">
          <label
            htmlFor={id}
            className="inline-flex min-h-11 cursor-pointer items-center rounded-lg bg-green-700 px-4 py-2 text-sm font-semibold text-white hover:bg-green-800"
          >
            {preview ? "Changer d'image" : "Choisir une image"}
          </label>
          <span className="min-w-0 truncate text-sm text-gray-800">
            {fileName ?? (preview ? "Image actuelle" : "Aucune image choisie")}
          </span>
        </div>
      ) : null}
      {mode === "upload" ? <input type="hidden" name={name} value={url ?? ""} /> : null}
      {preview ? (
        <div className="mt-2 flex items-start gap-3">
          <img src={preview} alt={`Aperçu : ${label}`} className="h-24 w-24 rounded object-cover" />
          {enhanced || !worksWithoutScript ? (
            <button
              type="button"
              onClick={remove}
              className="min-h-11 rounded border border-red-700 px-3 py-1 text-sm font-medium text-red-800 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-700"
            >
              {removeLabel}
            </button>
          ) : (
            <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-red-800">
              <input type="checkbox" name={`${name}__retirer`} value="1" className="size-5" />
              {removeLabel}
            </label>
          )}
        </div>
      ) : null}
      <output aria-live="polite" className="mt-1 block text-sm text-green-900">
        {uploading ? UPLOADING_MESSAGE : ""}
      </output>
      <FieldError id={errorId} message={shownError} alert />
      {/* Without JavaScript the field cannot tell whether a file is chosen: the description is always asked. */}
      {describe && (url || preview || !enhanced) ? (
        // A new image starts without the description of the one it replaces.
        <ImageDescription
          key={describing}
          base={describe.as ?? name}
          image={label}
          initial={describing === 0 ? describe.alt : null}
          hasImage={Boolean(url || preview)}
        />
      ) : null}
    </div>
  );
}

/**
 * « Description de l'image », or « Image décorative » ticked: what `alt` says on public pages. Publishing without
 * either is allowed; the field then says what is missing. `base`: the name of the image field it describes; `image`:
 * that field's label, which screen readers hear with it.
 */
export function ImageDescription({
  base,
  image,
  initial,
  hasImage,
}: {
  base: string;
  image: string;
  initial: string | null;
  hasImage: boolean;
}) {
  const id = useId();
  const [decorative, setDecorative] = useState(initial === "");
  const [text, setText] = useState(initial ?? "");
  const missing = hasImage && !decorative && text.trim() === "";
  return (
    <div className="mt-3 space-y-2">
      <label htmlFor={`${id}-alt`} className={labelClass}>
        Description de l'image
      </label>
      <p id={`${id}-for`} className="sr-only">
        {image}
      </p>
      <input
        id={`${id}-alt`}
        name={altField(base)}
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={IMAGE_ALT_MAX}
        aria-describedby={`${id}-for${missing ? ` ${id}-hint` : ""}`}
        className={inputClass}
      />
      <label className="flex min-h-11 items-start gap-2 py-2 text-sm text-stone-800">
        <input
          type="checkbox"
          name={decorativeField(base)}
          value="1"
          checked={decorative}
          onChange={(event) => setDecorative(event.target.checked)}
          aria-describedby={`${id}-for`}
          className="size-5 shrink-0"
        />
        <span>
          Image décorative
          <span className="text-stone-600"> : elle n'apporte rien au texte</span>
        </span>
      </label>
      {missing ? (
        <p id={`${id}-hint`} className="text-sm font-medium text-amber-900">
          {ALT_MISSING_HINT}
        </p>
      ) : null}
    </div>
  );
}
