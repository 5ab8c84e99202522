import type { ReactNode } from "react";
import { IntentForm, type IntentResult } from "~/components/admin/plots/IntentForm";
import { FieldError } from "~/components/form/FieldError";
import {
  Checkbox,
  DateTimeInput,
  RadioGroup,
  Select,
  TextInput,
  useFieldState,
  useFormState,
} from "~/components/form/fields";
import { inputClass, labelClass } from "~/components/form/styles";
import { DOCUMENT_ACCEPT } from "~/modules/documents/documents.schema";
import { ENTRY_FIELDS, entryFormSchema } from "~/modules/treasury/entries.schema";
import { MEANS_LABELS, type TreasuryDirection } from "~/modules/treasury/treasury.labels";

export interface CategoryGroup {
  label: string;
  options: readonly (readonly [string, string])[];
}

/** A field's frame when the kit has no control for it: label, hint, the control, its message. */
function OwnField({
  name,
  label,
  hint,
  required,
  children,
}: {
  name: string;
  label: string;
  hint?: string;
  required?: boolean;
  children: (
    control: {
      id: string;
      name: string;
      "aria-invalid"?: boolean;
      "aria-describedby"?: string;
      autoFocus?: boolean;
    },
    value: string | undefined,
  ) => ReactNode;
}) {
  const { id } = useFormState();
  const field = useFieldState(name);
  const fieldId = `${id}-${name}`;
  const describedBy = [hint && `${fieldId}-hint`, field.error && `${fieldId}-error`].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={fieldId} className={labelClass}>
        {label}
        {required ? (
          <span className="text-red-800" aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
      </label>
      {hint ? (
        <p id={`${fieldId}-hint`} className="mt-0.5 text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
      {children(
        {
          id: fieldId,
          name,
          "aria-invalid": field.invalid || undefined,
          "aria-describedby": describedBy || undefined,
          autoFocus: field.autoFocus,
        },
        field.value,
      )}
      <FieldError id={`${fieldId}-error`} message={field.error} />
    </div>
  );
}

/** The category, among the direction's, grouped under their top category. */
function CategorySelect({ groups }: { groups: CategoryGroup[] }) {
  return (
    <OwnField name="categoryId" label="Catégorie" required>
      {(control, defaultValue) => (
        // Without JavaScript, the page the server sends back opens on the first field in error.
        // oxlint-disable-next-line jsx-a11y/no-autofocus
        <select {...control} defaultValue={defaultValue ?? ""} aria-required className={inputClass}>
          <option value="">Choisissez…</option>
          {groups.map((group) => (
            <optgroup key={group.label} label={group.label}>
              {group.options.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      )}
    </OwnField>
  );
}

/** The invoice: a PDF or a photo, read by the server by its content. */
function AttachmentField({ current }: { current: string | null }) {
  return (
    <OwnField
      name="attachment"
      label="Pièce justificative (facture, PDF ou photo)"
      hint={
        current
          ? `Une pièce est jointe (${current}) : un nouveau fichier la remplace. 10 Mo au plus.`
          : "Facultative. Un PDF ou une photo (JPEG, PNG…), 10 Mo au plus."
      }
    >
      {(control) => (
        // oxlint-disable-next-line jsx-a11y/no-autofocus
        <input
          {...control}
          type="file"
          accept={DOCUMENT_ACCEPT}
          className={`${inputClass} file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-semibold file:text-brand-900`}
        />
      )}
    </OwnField>
  );
}

const MEANS_OPTIONS = Object.entries(MEANS_LABELS);

/**
 * An entry's form, new or corrected: date, label, amount, account (and the destination of a transfer), category (none
 * for a transfer), means (a cheque's number and bank shown when « Chèque » is chosen, by CSS alone), third party,
 * reference, invoice. `fixed`: what may not change here (a deposited or reconciled entry, a register's payment),
 * shown disabled and left out of what is sent.
 */
export function EntryForm({
  intent,
  direction,
  accounts,
  categories,
  values,
  result,
  submit,
  fixed = { amount: false, payment: false },
  attachment = null,
}: {
  intent: string;
  direction: TreasuryDirection;
  accounts: readonly (readonly [string, string])[];
  categories: CategoryGroup[];
  values: Record<string, string>;
  result: IntentResult | undefined;
  submit: string;
  fixed?: { amount: boolean; payment: boolean };
  attachment?: string | null;
}) {
  const transfer = direction === "virement";
  const lockAmount = fixed.amount || fixed.payment;
  return (
    <IntentForm
      intent={intent}
      // Disabled fields are not sent: the browser's check would miss them, the server fills them in.
      schema={lockAmount ? undefined : entryFormSchema}
      result={result}
      values={values}
      order={ENTRY_FIELDS}
      submit={submit}
      file
      className="space-y-4"
    >
      <input type="hidden" name="direction" value={direction} />
      <TextInput name="label" label="Libellé" required autoComplete="off" maxLength={200} />
      <fieldset disabled={lockAmount} className="grid gap-4 disabled:opacity-60 sm:grid-cols-2">
        {lockAmount ? (
          <legend className="mb-2 text-sm text-stone-700">
            {fixed.payment
              ? "Montant, date, compte, catégorie et moyen de paiement viennent du paiement du registre : corrigez-les depuis le registre."
              : "Montant, date et compte ne changent plus : l'écriture est remise en banque ou pointée sur un relevé."}
          </legend>
        ) : null}
        <DateTimeInput name="date" type="date" label="Date" required />
        <TextInput name="amount" label="Montant (€)" required autoComplete="off" hint="Par exemple 184,30" />
        <Select name="accountId" label={transfer ? "Du compte" : "Compte"} options={accounts} required />
        {transfer ? <Select name="toAccountId" label="Vers le compte" options={accounts} required /> : null}
      </fieldset>
      {transfer ? null : (
        <fieldset disabled={fixed.payment} className="disabled:opacity-60">
          <CategorySelect groups={categories} />
        </fieldset>
      )}
      {fixed.payment ? (
        <p className="text-stone-700">Moyen de paiement : {MEANS_LABELS[values.means as keyof typeof MEANS_LABELS]}</p>
      ) : (
        <RadioGroup name="means" label="Moyen de paiement" options={MEANS_OPTIONS} required />
      )}
      <div
        className={`gap-4 sm:grid-cols-2 ${
          fixed.payment && values.means === "cheque" ? "grid" : "hidden [form:has(input[value=cheque]:checked)_&]:grid"
        }`}
      >
        <TextInput name="chequeNumber" label="Numéro du chèque" autoComplete="off" maxLength={20} />
        <TextInput name="chequeBank" label="Banque du chèque" autoComplete="off" maxLength={60} />
      </div>
      {transfer ? null : (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput name="payer" label="Tiers : fournisseur, donateur…" autoComplete="off" maxLength={120} />
          <TextInput name="reference" label="Référence (n° de facture)" autoComplete="off" maxLength={60} />
        </div>
      )}
      <AttachmentField current={attachment} />
      {attachment ? <Checkbox name="removeAttachment">Retirer la pièce jointe</Checkbox> : null}
    </IntentForm>
  );
}
