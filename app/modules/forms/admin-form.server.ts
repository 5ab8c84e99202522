import { Refusal } from "./refusal.server";
import { data } from "react-router";
import type { z } from "zod";
import { errorsByField } from "./public-form";

/** A back-office form sent back: its intent, the message above it, each field's message, and what was typed. */
export function refusedForm(form: FormData, message: string, errors: Record<string, string> = {}, status = 400) {
  const values: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string" && !Object.hasOwn(values, name)) values[name] = value;
  return data({ ok: false as const, intent: String(form.get("intent") ?? ""), message, errors, values }, { status });
}

/**
 * The form sent back for a refusal of the rules (a Refusal: its status, its message on its field under `summary`, or
 * above the form); anything else is not a refusal and is thrown on.
 */
export function refusedBy(form: FormData, error: unknown, summary?: string) {
  if (!(error instanceof Refusal)) throw error;
  return error.field
    ? refusedForm(form, summary ?? error.message, { [error.field]: error.message }, error.status)
    : refusedForm(form, error.message, {}, error.status);
}

/**
 * A back-office form read with its schema: the data, or the answer that sends the form back (400) with `message`
 * (by default the first field's own: a form of one field) and each field's own. `input`: what the schema reads, when
 * a field repeats (ticked boxes, a deposit's cheques).
 */
export function parseAdminForm<Schema extends z.ZodType>(
  schema: Schema,
  form: FormData,
  message?: string,
  input: unknown = Object.fromEntries(form),
) {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { data: parsed.data as z.output<Schema>, refusal: null };
  const { issues } = parsed.error;
  return { data: null, refusal: refusedForm(form, message ?? issues[0]!.message, errorsByField(issues)) };
}

/** The answer of a back-office form that did what it was asked. */
export const doneForm = (intent: string, message: string) => ({ ok: true as const, intent, message });
