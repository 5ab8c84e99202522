import { data } from "react-router";
import type { ZodType } from "zod";
import { logger } from "~/server/logger.server";
import {
  allowFormAttempt,
  FORM_RATE_LIMITED_MESSAGE,
  releaseHits,
  reserveFormSubmission,
} from "~/modules/rate-limits/rate-limits.server";
import { FormError, readSubmittedForm, type MultipartOptions, type SubmittedForm } from "./multipart.server";
import { errorsByField, HONEYPOT_FIELD, type PublicFormResult } from "./public-form";

// Answers to a form are for the one who sent it: never cached, by the browser or anyone else.
const PRIVATE = { "Cache-Control": "private, no-store" };

const answer = (result: PublicFormResult, status = 200) => data(result, { status, headers: PRIVATE });

export interface PublicFormOptions<T> {
  /** The form's name in the rate limits: "apply", "contact", "annonces". */
  form: string;
  request: Request;
  ip: string;
  /** Text fields given back when the form is refused, so that nothing typed is lost (never the captcha). */
  keep: readonly string[];
  schema: ZodType<T>;
  /** The text fields the schema reads (files never reach it: `save` has them). */
  fields: readonly string[];
  /** Stores the accepted values; `form` still holds the uploaded files (removed once this returns). */
  save(values: T, form: SubmittedForm): Promise<unknown>;
  /** product §8's message when saving fails. */
  failureMessage: string;
  /**
   * A further limit of this form (one event's sign-ups from one network): reserved after the submission's, given
   * back with it if the save fails; null refuses with `message` (429).
   */
  alsoLimit?: { reserve(): Promise<number | null>; message: string };
  read?: MultipartOptions;
}

/**
 * A public form's action: the form read and cleaned once; at most 30 attempts and 5 accepted submissions per
 * address in 10 minutes (429 in French); a filled honeypot answered as a success with nothing stored; the schema's
 * French messages with what was typed (400); the save, or product §8's failure message with what was typed.
 */
export async function handlePublicForm<T>(options: PublicFormOptions<T>) {
  let form: SubmittedForm;
  try {
    form = await readSubmittedForm(options.request, options.read);
  } catch (error) {
    // A file over its limit: what was typed comes back with the message (the files cannot).
    if (error instanceof FormError) {
      const values = Object.fromEntries(options.keep.map((name) => [name, error.fields[name] ?? ""]));
      return answer({ status: "failed", message: error.message, values }, error.status);
    }
    throw error;
  }
  try {
    const values = Object.fromEntries(options.keep.map((name) => [name, form.get(name) ?? ""]));
    if (!(await allowFormAttempt(options.form, options.ip))) {
      return answer({ status: "limited", message: FORM_RATE_LIMITED_MESSAGE, values }, 429);
    }
    if (form.get(HONEYPOT_FIELD)) {
      logger.info({ form: options.form }, "formulaire rempli par un robot (champ piège) : ignoré");
      return answer({ status: "sent" });
    }
    const parsed = options.schema.safeParse(Object.fromEntries(options.fields.map((name) => [name, form.get(name)])));
    if (!parsed.success) return answer({ status: "invalid", errors: errorsByField(parsed.error.issues), values }, 400);
    // Reserved before saving, so that a burst of submissions cannot all pass the count before the first is stored.
    const reserved = await reserveFormSubmission(options.form, options.ip);
    if (reserved === null) return answer({ status: "limited", message: FORM_RATE_LIMITED_MESSAGE, values }, 429);
    const also = options.alsoLimit ? await options.alsoLimit.reserve() : undefined;
    if (also === null) {
      await releaseHits([reserved]);
      return answer({ status: "limited", message: options.alsoLimit!.message, values }, 429);
    }
    try {
      await options.save(parsed.data, form);
    } catch (error) {
      await releaseHits([reserved, also ?? null]).catch(() => undefined);
      logger.error({ err: error, form: options.form }, "enregistrement d'un formulaire public impossible");
      return answer({ status: "failed", message: options.failureMessage, values }, 500);
    }
    return answer({ status: "sent" });
  } finally {
    await form.cleanup();
  }
}

/** The route's headers: an answer to a form is private; the page itself may be cached like any public page. */
export function publicFormHeaders({
  actionHeaders,
  parentHeaders,
}: {
  actionHeaders: Headers;
  parentHeaders: Headers;
}) {
  return actionHeaders.get("Cache-Control") ? actionHeaders : parentHeaders;
}
