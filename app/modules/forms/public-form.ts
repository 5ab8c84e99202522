/** What the public forms (apply, contact, annonces) share between the browser and the server. */

/** The honeypot: hidden from people, filled in by bots. A form that arrives with it filled is a bot's. */
export const HONEYPOT_FIELD = "site_web";

/** The action's answer: refused (with what was typed and each field's message), limited, failed or sent. */
export type PublicFormResult =
  | { status: "invalid"; errors: Record<string, string>; values: Record<string, string> }
  | { status: "limited" | "failed"; message: string; values: Record<string, string> }
  | { status: "sent" };

/** Each field's first message, by field name, from zod's issues. */
export function errorsByField(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "");
    if (field && !Object.hasOwn(errors, field)) errors[field] = issue.message;
  }
  return errors;
}
