import { data } from "react-router";
import { cleanText } from "~/lib/text";
import { isMultipart, MAX_FORM_BYTES } from "~/server/request-body.server";

/** French answers to a form that cannot be read: the sender's error (4xx), never a 500. */
export const FORM_READ_MESSAGES = {
  tooLarge: "Le formulaire envoyé est trop volumineux.",
  unreadable: "Le formulaire envoyé est illisible.",
  invalid: "Le formulaire envoyé est invalide.",
  tooManyFiles: "Trop de fichiers envoyés.",
} as const;

/**
 * The submitted form, every name and text value cleaned by `cleanText`; files are left out. A body that says it
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
    if (typeof value === "string") cleaned.append(cleanText(name), cleanText(value));
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
