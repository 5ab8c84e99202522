import { asc } from "drizzle-orm";
import { getDb, type Executor } from "~/db/client.server";
import { formFields } from "~/modules/applications/applications.tables";
import { APPLICATION_FIELDS, APPLICATION_FORM_DEFAULT_LABELS, type ApplicationField } from "./applications.schema";

export type FormField = typeof formFields.$inferSelect;

/** Every form field definition, by label ascending. */
export async function listFormFields(): Promise<FormField[]> {
  return getDb().select().from(formFields).orderBy(asc(formFields.label), asc(formFields.id));
}

/** Replaces every definition by `rows` in one transaction (product §7 replace-all): on failure the old list stays. */
export async function replaceFormFields(
  rows: { label: string; name?: string | null }[],
  executor: Executor = getDb(),
): Promise<FormField[]> {
  return executor.transaction(async (tx) => {
    await tx.delete(formFields);
    if (rows.length > 0)
      await tx.insert(formFields).values(rows.map(({ label, name }) => ({ label, name: name ?? null })));
    return tx.select().from(formFields).orderBy(asc(formFields.label), asc(formFields.id));
  });
}

/** The label /apply shows for each field: the association's own (form_fields) where set, else the default. */
export async function applicationFormLabels(): Promise<Record<ApplicationField, string>> {
  const labels = { ...APPLICATION_FORM_DEFAULT_LABELS };
  for (const row of await listFormFields()) {
    const name = row.name as ApplicationField | null;
    if (name && APPLICATION_FIELDS.includes(name) && row.label.trim()) labels[name] = row.label.trim();
  }
  return labels;
}
