import { z } from "zod";
import { oneLine } from "~/lib/text";

export const LINE_BREAK_MESSAGE = "Les retours à la ligne ne sont pas autorisés dans ce champ.";

/**
 * A text that may end up in a mail header (a name, a subject): CR and LF are refused, which makes
 * header injection impossible. Forms reuse it for such fields.
 */
export const singleLineText = () => z.string().refine((value) => !/[\r\n]/.test(value), LINE_BREAK_MESSAGE);

export const MailMessageSchema = z.object({
  to: z.email(),
  /** On one line whatever reaches it (a title typed with a line break): a header never breaks a message. */
  subject: z.string().transform(oneLine).pipe(z.string().min(1).max(300)),
  /** Plain-text body; anything a visitor wrote goes here, never as HTML. */
  text: z.string().min(1),
  /** Optional HTML alternative, built from escaped values only. */
  html: z.string().min(1).optional(),
  replyTo: z.email().optional(),
  /**
   * A file of the documents store joined to the message (a receipt): named by its hash, read when the message is
   * sent, so the outbox never holds a copy of it.
   */
  attachment: z
    .object({
      hash: z.string().regex(/^[0-9a-f]{32}$/),
      format: z.enum(["pdf", "jpeg"]),
      /** The name the recipient sees: letters, digits, dashes and the extension only. */
      name: z.string().regex(/^[\w-]{1,80}\.(pdf|jpg)$/),
    })
    .optional(),
});

export type MailMessage = z.input<typeof MailMessageSchema>;
