import { useEffect, useId, useRef, useState, type CSSProperties } from "react";
import type QuillType from "quill";
import { RICH_TEXT_LINK_SCHEMES, RICH_TEXT_MAX_LENGTH, tooLongMessage } from "~/lib/constants";
import { plainToRichText, richTextToPlain } from "~/lib/text";
// Imported here, so only the admin routes that use the editor link these styles; public pages never do.
import "quill/dist/quill.snow.css";
import "./RichTextEditor.css";
import { FieldError } from "./FieldError";
import { useFieldState } from "./fields";
import { labelClass } from "./styles";

/** product §9: the editor is at least 200 px high unless a form asks for more (blog 300, events 250). */
export const RICH_TEXT_MIN_HEIGHT = 200;

export interface RichTextEditorProps {
  /** Name of the form value carrying the HTML. */
  name: string;
  label: string;
  defaultValue?: string | null;
  minHeight?: number;
  description?: string;
  error?: string;
  /** Marked as wrong without a message. */
  invalid?: boolean;
  className?: string;
  /**
   * What the field is without JavaScript: the HTML itself in a textarea ("html"), or its text, one paragraph per
   * block, sent as `{name}__texte` and turned back into paragraphs by the server ("text").
   */
  fallback?: "html" | "text";
  /** Where images go instead, for the message shown when one is pasted or dropped into the text. */
  imagesHint?: string;
  /** The schema's limit on the HTML: past it the field says so at once (the form's check then stops it). */
  maxLength?: number;
}

/** Pasted or dropped images are refused: they would be stored inside the text, outside the image pipeline. */
export const PASTED_IMAGE_MESSAGE = (hint: string) =>
  `Les images ne se collent pas dans le texte : ajoutez-les avec ${hint}.`;

// product §9 toolbar: font, size (small, normal, large, huge), bold, italic, underline, strike, text
// colour, background, ordered and bullet lists, alignment, link. Built here, in French, rather than
// from Quill's English defaults.
const TOOLBAR_HTML = `
<span class="ql-formats">
  <select class="ql-font" aria-label="Police">
    <option selected>Sans serif</option>
    <option value="serif">Serif</option>
    <option value="monospace">Chasse fixe</option>
  </select>
  <select class="ql-size" aria-label="Taille du texte">
    <option value="small">Petite</option>
    <option selected>Normale</option>
    <option value="large">Grande</option>
    <option value="huge">Très grande</option>
  </select>
</span>
<span class="ql-formats">
  <button type="button" class="ql-bold" aria-label="Gras"></button>
  <button type="button" class="ql-italic" aria-label="Italique"></button>
  <button type="button" class="ql-underline" aria-label="Souligné"></button>
  <button type="button" class="ql-strike" aria-label="Barré"></button>
</span>
<span class="ql-formats">
  <select class="ql-color" aria-label="Couleur du texte"></select>
  <select class="ql-background" aria-label="Couleur de fond"></select>
</span>
<span class="ql-formats">
  <button type="button" class="ql-list" value="ordered" aria-label="Liste numérotée"></button>
  <button type="button" class="ql-list" value="bullet" aria-label="Liste à puces"></button>
</span>
<span class="ql-formats">
  <select class="ql-align" aria-label="Alignement"></select>
</span>
<span class="ql-formats">
  <button type="button" class="ql-link" aria-label="Lien"></button>
</span>`;

const ALIGN_LABELS: Record<string, string> = {
  "": "Aligner à gauche",
  center: "Centrer",
  right: "Aligner à droite",
  justify: "Justifier",
};

// Quill's palette: 5 rows of 7 colours, one hue per column, from vivid to very dark.
const HUES = ["", "Rouge", "Orange", "Jaune", "Vert", "Bleu", "Violet"];
const SHADES = ["", " très clair", " clair", " foncé", " très foncé"];
const GREYS = ["Noir", "Blanc", "Gris clair", "Gris", "Gris foncé"];

function colourName(index: number) {
  const hue = index % 7;
  const shade = Math.floor(index / 7);
  return hue === 0 ? (GREYS[shade] ?? "") : `${HUES[hue]}${SHADES[shade] ?? ""}`;
}

/**
 * Quill's pickers are spans acting as buttons: give each the name of its select (the span around it
 * must not carry one) and each option a French name of its own.
 */
function labelPickers(toolbar: HTMLElement) {
  for (const picker of toolbar.querySelectorAll<HTMLElement>(".ql-picker")) {
    const name = picker.getAttribute("aria-label") ?? "";
    picker.removeAttribute("aria-label");
    picker.querySelector(".ql-picker-label")?.setAttribute("aria-label", name);
    const align = picker.classList.contains("ql-align");
    const colour = picker.classList.contains("ql-color-picker");
    picker.querySelectorAll<HTMLElement>(".ql-picker-item").forEach((item, index) => {
      const value = item.dataset.value ?? "";
      const label = align ? ALIGN_LABELS[value] : colour ? colourName(index) : item.dataset.label;
      item.setAttribute("aria-label", label || value);
    });
  }
}

/** Quill 2 writes every space as &nbsp;: keep one real space per run so lines can wrap on the site. */
function editorHtml(quill: QuillType) {
  if (quill.getText().trim() === "" && !quill.root.querySelector("img, iframe")) return "";
  return quill.getSemanticHTML().replace(/((?:&nbsp;)*)&nbsp;/g, "$1 ");
}

/**
 * A rich-text field. The page first renders a plain <textarea> holding the HTML, so the form works
 * before (or without) JavaScript; in the browser Quill 2 is then loaded on demand and takes its
 * place, keeping a hidden input of the same name in step with what is typed.
 */
export function RichTextEditor({
  name,
  label,
  defaultValue: givenValue,
  minHeight = RICH_TEXT_MIN_HEIGHT,
  description,
  error,
  invalid = false,
  className,
  fallback = "html",
  imagesHint = "les champs d'images du formulaire",
  maxLength = RICH_TEXT_MAX_LENGTH,
}: RichTextEditorProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const descriptionId = description ? `${id}-description` : undefined;
  // null until Quill is ready: the textarea is the field until then.
  const [html, setHtml] = useState<string | null>(null);
  const ready = html !== null;
  // Past the limit the text is marked at once and kept whole for the person to shorten.
  const overLimit = ready && html.length > maxLength;
  const field = useFieldState(name, { error, invalid });
  // The text it starts from: its own, or the form's value for it.
  const defaultValue = givenValue ?? field.value ?? "";
  const shownError = overLimit ? tooLongMessage(maxLength) : field.error;
  const errorId = shownError ? `${id}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(" ") || undefined;
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const hostRef = useRef<HTMLDivElement>(null);
  const quillRef = useRef<QuillType | null>(null);
  const [pasteRefused, setPasteRefused] = useState(false);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    let cancelled = false;
    void import("quill").then(({ default: Quill }) => {
      if (cancelled) return;
      const Link = Quill.import("formats/link") as { PROTOCOL_WHITELIST: string[] };
      Link.PROTOCOL_WHITELIST = [...RICH_TEXT_LINK_SCHEMES];

      // Quill adds its own elements: they live in a node React never renders into.
      const toolbar = document.createElement("div");
      toolbar.setAttribute("role", "toolbar");
      toolbar.innerHTML = TOOLBAR_HTML;
      const container = document.createElement("div");
      host.append(toolbar, container);

      const quill = new Quill(container, {
        theme: "snow",
        // Tab leaves the editor, as in any form field, instead of inserting a tab or indenting a list.
        modules: { toolbar, keyboard: { bindings: { tab: null, indent: null, outdent: null, "remove tab": null } } },
      });
      labelPickers(toolbar);
      // The link tooltip's "Modifier" and "Retirer" are anchors without href, which the keyboard cannot reach.
      // Quill cancels their default action, so an href only makes them focusable and lets Enter use them.
      for (const action of host.querySelectorAll<HTMLAnchorElement>(
        ".ql-tooltip a.ql-action, .ql-tooltip a.ql-remove",
      )) {
        action.href = "#";
      }
      const linkInput = host.querySelector<HTMLInputElement>(".ql-tooltip input[type=text]");
      linkInput?.setAttribute("aria-label", "Adresse du lien");
      linkInput?.setAttribute("data-link", "https://exemple.fr");

      // Whatever the textarea holds now (perhaps typed before the editor loaded) is the starting text.
      const typed = textareaRef.current?.value ?? "";
      const initial = fallback === "text" ? plainToRichText(typed) : typed;
      quill.setContents(quill.clipboard.convert({ html: initial }), "silent");
      quill.history.clear();
      quill.on("text-change", () => {
        setHtml(editorHtml(quill));
        setPasteRefused(false);
      });
      // An image pasted or dropped into the text is refused, with a message saying where images go.
      const refuseImages = (event: ClipboardEvent | DragEvent) => {
        const data = "clipboardData" in event ? event.clipboardData : event.dataTransfer;
        const files = [...(data?.files ?? [])].some((file) => file.type.startsWith("image/"));
        if (!files && !/<img\b/i.test(data?.getData("text/html") ?? "")) return;
        event.preventDefault();
        event.stopPropagation();
        setPasteRefused(true);
      };
      quill.root.addEventListener("paste", refuseImages, true);
      quill.root.addEventListener("drop", refuseImages, true);
      const Delta = Quill.import("delta") as new () => ReturnType<typeof quill.getContents>;
      quill.clipboard.addMatcher("IMG", () => new Delta());
      quillRef.current = quill;
      // Until something is typed the form sends the HTML exactly as it was.
      setHtml(fallback === "text" && typed === richTextToPlain(defaultValue) ? (defaultValue ?? "") : initial);
    });
    return () => {
      cancelled = true;
      quillRef.current = null;
      host.replaceChildren();
    };
    // The editor starts once, from the value it was given when the page loaded.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The editable area takes the field's name, description and error state.
  useEffect(() => {
    const quill = quillRef.current;
    if (!ready || !quill) return;
    const editor = quill.root;
    editor.setAttribute("role", "textbox");
    editor.setAttribute("aria-multiline", "true");
    editor.setAttribute("aria-labelledby", labelId);
    if (describedBy) editor.setAttribute("aria-describedby", describedBy);
    else editor.removeAttribute("aria-describedby");
    if (shownError || field.invalid) editor.setAttribute("aria-invalid", "true");
    else editor.removeAttribute("aria-invalid");
    hostRef.current?.querySelector(".ql-toolbar")?.setAttribute("aria-label", `Mise en forme : ${label}`);
  }, [ready, labelId, describedBy, shownError, field.invalid, label]);

  return (
    <div className={className}>
      <label id={labelId} htmlFor={id} className={labelClass}>
        {label}
      </label>
      {description ? (
        <p id={descriptionId} className="text-sm text-stone-600">
          {description}
        </p>
      ) : null}
      {ready ? (
        <input type="hidden" name={name} value={html} />
      ) : (
        <textarea
          ref={textareaRef}
          id={id}
          name={fallback === "text" ? `${name}__texte` : name}
          defaultValue={fallback === "text" ? richTextToPlain(defaultValue) : (defaultValue ?? "")}
          rows={10}
          aria-describedby={describedBy}
          aria-invalid={field.invalid || undefined}
          style={{ minHeight }}
          className="mt-1 block w-full rounded-md border border-stone-300 bg-white px-3 py-2 font-mono text-sm text-stone-900"
        />
      )}
      <div
        ref={hostRef}
        className="rich-text-editor mt-1 rounded-md bg-white"
        style={{ "--editor-min-height": `${minHeight}px` } as CSSProperties}
        hidden={!ready}
      />
      <FieldError id={errorId} message={shownError} alert={overLimit} />
      <FieldError message={pasteRefused ? PASTED_IMAGE_MESSAGE(imagesHint) : null} alert />
    </div>
  );
}
