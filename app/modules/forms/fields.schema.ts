import { z } from "zod";
import { CIVILITIES } from "~/lib/text";
import { parseEuros } from "~/lib/money";
import { TOO_MANY_IMAGES_MESSAGE, tooLongMessage } from "~/lib/constants";
import { IMAGE_ALT_MAX } from "~/lib/image-alt";
import { cleanImageList, isSafeImageUrl, oneLine, parseId } from "~/lib/text";
import { EMAIL_MAX } from "./limits";

// Field builders shared by the form schemas. Each form keeps its own French messages and passes them in;
// only the messages common to every form (too long, too many images) are built in.

/** A text that must be given: trimmed; missing or blank gives `message`. */
export const filledText = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message, abort: true });

/** A `filledText` of at most `max` characters. */
export const requiredText = (max: number, message: string) =>
  filledText(message).max(max, { error: tooLongMessage(max) });

/**
 * A `requiredText` on one line: a title or a name, which e-mail subjects and lists quote. Line breaks (pasted, or
 * sent by a script) and runs of spaces become one space, so no mail built from it can fail.
 */
export const requiredLine = (max: number, message: string) =>
  z.string({ error: message }).transform(oneLine).pipe(requiredText(max, message));

/** An `optionalText` on one line, as `requiredLine`. */
export const optionalLine = <Empty extends "" | null = null>(max: number, empty = null as Empty) =>
  z
    .string()
    .optional()
    .transform((v) => (v === undefined ? v : oneLine(v)))
    .pipe(optionalText(max, empty));

/**
 * An IBAN as people write it (« FR76 3000 6000 0112 3456 7890 189 »), kept as typed; `empty` when not given (the fee
 * call's instructions, a bank account's deposit slips).
 */
export const optionalIban = <Empty extends "" | null = null>(empty = null as Empty) =>
  optionalLine(40, empty).refine((v) => !v || /^[A-Z]{2}\d{2}(?:\s?[A-Z0-9]{1,4}){3,8}$/i.test(v), {
    error: "Indiquez un IBAN, par exemple FR76 3000 6000 0112 3456 7890 189.",
  });

/** The id of a record named by a form (a hidden field): a positive integer, or `message` (the record is gone). */
export const recordId = (message: string) =>
  z
    .string({ error: message })
    .transform((value, ctx) => parseId(value) ?? (ctx.addIssue({ code: "custom", message }), z.NEVER));

/** A text that may be left out: trimmed, at most `max` characters; missing or blank becomes `empty`. */
export const optionalText = <Empty extends "" | null = null>(max: number, empty = null as Empty) =>
  z
    .string()
    .trim()
    .max(max, { error: tooLongMessage(max) })
    .optional()
    .transform((v) => v || empty);

/** An e-mail address that may be left out (then null); too long or malformed gives `message`. */
export const optionalEmail = (message: string) =>
  z
    .string()
    .trim()
    .max(EMAIL_MAX, { error: message })
    .optional()
    .transform((v) => v || null)
    .pipe(z.email({ error: message }).nullable());

/** An image address that must be given (`message` otherwise) and be one `isSafeImageUrl` accepts (`invalidMessage`). */
export const requiredImageUrl = (message: string, invalidMessage: string) =>
  filledText(message).refine(isSafeImageUrl, { error: invalidMessage });

/** An image address that may be left out (then null); one `isSafeImageUrl` refuses gives `invalidMessage`. */
export const optionalImageUrl = (invalidMessage: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => v || null)
    .refine((v) => v === null || isSafeImageUrl(v), { error: invalidMessage });

/**
 * Up to `max` image addresses, sent as repeated values, a JSON array string or a single address; empty
 * and unsafe addresses are dropped (see `cleanImageList`), more than `max` gives TOO_MANY_IMAGES_MESSAGE.
 */
export const imageList = (max: number) =>
  z
    .unknown()
    .optional()
    .transform((value, ctx) => {
      const list = cleanImageList(value, Infinity);
      if (list.length > max) {
        ctx.addIssue({ code: "custom", message: TOO_MANY_IMAGES_MESSAGE });
        return z.NEVER;
      }
      return list;
    });

/** The text alternatives of a form's images, by address (app/lib/image-alt.ts): each at most IMAGE_ALT_MAX. */
export const imageAlts = () =>
  z
    .record(
      z.string(),
      z
        .string()
        .trim()
        .max(IMAGE_ALT_MAX, { error: tooLongMessage(IMAGE_ALT_MAX) }),
    )
    .optional()
    .transform((alts) => alts ?? {});

export const DATE_MESSAGE = "Indiquez une date valide.";
const AMOUNT_MESSAGE = "Indiquez un montant en euros, par exemple 25 ou 12,50.";

export const wholeNumber = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,6}$/, { error: message })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error: message });

/** A calendar date as `<input type="date">` sends it (YYYY-MM-DD), a real one, between 1900 and 2100. */
export const calendarDate = (message = DATE_MESSAGE) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^(19\d\d|20\d\d|2100)-\d{2}-\d{2}$/, { error: message })
    .refine(
      (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      {
        error: message,
      },
    );

/** An amount in euros as people type it (« 25 », « 12,50 », « 12.5 € »), in cents; at most 100 000 €. */
export const euroAmount = (message = AMOUNT_MESSAGE) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => parseEuros(v) !== null, { error: message })
    .transform((v) => parseEuros(v)!);

const YEAR_MESSAGE = "Indiquez une année entre 2000 et 2100.";
export const yearField = () => wholeNumber(2000, 2100, YEAR_MESSAGE);

/** « Civilité »: optional; what is not sent is « non précisée ». */
export const civilityField = () =>
  z.enum(CIVILITIES, { error: "Choisissez la civilité dans la liste." }).optional().default("");
