import { data } from "react-router";

/** French answers to a form that cannot be read: the sender's error (4xx), never a 500. */
export const FORM_READ_MESSAGES = {
  tooLarge: "Le formulaire envoyé est trop volumineux.",
  unreadable: "Le formulaire envoyé est illisible.",
  invalid: "Le formulaire envoyé est invalide.",
  tooManyFiles: "Trop de fichiers envoyés.",
} as const;

/** The body's media type, without parameters and in lower case: "multipart/form-data", "" when there is none. */
export function bodyType(request: Request): string {
  return request.headers.get("Content-Type")?.split(";")[0]?.trim().toLowerCase() ?? "";
}

export const isMultipart = (request: Request) => bodyType(request) === "multipart/form-data";

/** Largest body of a form without files (urlencoded, or multipart read by `readFormData`). */
export const MAX_FORM_BYTES = 1024 * 1024;

// C0 controls but tab, line feed and carriage return; DEL; C1 controls. Matching them is the point here.
// oxlint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000E-\u001F\u007F-\u009F]/g;

/**
 * A submitted text as the rest of the code may see it: vertical tabs and form feeds (line breaks pasted from a word
 * processor) become line breaks, other control characters are removed and lone surrogates become U+FFFD. A person
 * loses nothing visible, and no schema, query or e-mail ever sees a NUL byte (PostgreSQL refuses them).
 */
export function cleanFormText(value: string): string {
  return (
    value
      // oxlint-disable-next-line no-control-regex
      .replace(/[\u000B\u000C]/g, "\n")
      .replace(CONTROL_CHARACTERS, "")
      .toWellFormed()
  );
}

/**
 * The submitted form, every name and text value cleaned by `cleanFormText`; files are left out. A body that says it
 * is a form but cannot be read as one is the sender's error: a 400 with a French message, not a 500. Forms with
 * files go through `readSubmittedForm` (streamed to disk); here a multipart body is read in memory, so it gets
 * the limit of a plain form.
 */
export async function readFormData(request: Request, options: { textFiles?: string[] } = {}): Promise<FormData> {
  if (isMultipart(request) && Number(request.headers.get("Content-Length") ?? 0) > MAX_FORM_BYTES) {
    throw data(FORM_READ_MESSAGES.tooLarge, { status: 413 });
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw data(FORM_READ_MESSAGES.unreadable, { status: 400 });
  }
  const cleaned = new FormData();
  for (const [name, value] of form) {
    if (typeof value === "string") cleaned.append(cleanFormText(name), cleanFormText(value));
    else if (options.textFiles?.includes(name))
      cleaned.append(name, fileText(new Uint8Array(await value.arrayBuffer())));
  }
  return cleaned;
}

/** What marks a file that is not text (a spreadsheet saved in its own format, an image…). */
export const NOT_TEXT_FILE = "\u0000";

/**
 * A small uploaded text file (a spreadsheet's CSV), read by its content: UTF-8, or Windows-1252 as French
 * spreadsheets save it; NOT_TEXT_FILE when it holds binary data.
 */
function fileText(bytes: Uint8Array) {
  if (bytes.includes(0)) return NOT_TEXT_FILE;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}
