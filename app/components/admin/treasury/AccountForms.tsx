import { Form } from "react-router";
import { IntentForm, type IntentResult } from "~/components/admin/plots/IntentForm";
import { Select, TextInput } from "~/components/form/fields";
import { quietButtonClass } from "~/components/form/styles";
import { accountCreateSchema, accountUpdateSchema } from "~/modules/treasury/entries.schema";
import type { settingsScreen } from "~/modules/treasury/settings.admin.server";

type Screen = Awaited<ReturnType<typeof settingsScreen>>;

/** The refusal of one account's form: its intent and its id. */
const resultFor = (result: IntentResult | undefined, intent: string, id: string) =>
  result && !result.ok && (result.intent !== intent || result.values.id !== id) ? undefined : result;

/**
 * Each account: its figures, « Modifier » (name, number, opening balance and year, IBAN, rank) and « Supprimer » when
 * unused.
 */
export function AccountList({ accounts, result }: { accounts: Screen["accounts"]; result: IntentResult | undefined }) {
  if (accounts.length === 0) return <p className="text-stone-700">Aucun compte pour le moment.</p>;
  return (
    <ul className="divide-y divide-stone-200">
      {accounts.map((a) => {
        const own = resultFor(result, "account-update", String(a.id));
        return (
          <li key={a.id} className="space-y-2 py-3">
            <p>
              <strong>{a.name}</strong> — {a.kind}, n° {a.code}
              {a.iban ? <> · IBAN {a.iban}</> : null}
            </p>
            <p className="text-sm text-stone-700">
              Solde d'ouverture {a.opening} au 1er janvier {a.openingYear} ·{" "}
              {a.entries === 0 ? "aucune écriture" : a.entries === 1 ? "1 écriture" : `${a.entries} écritures`}
            </p>
            <details open={(own && !own.ok) || undefined}>
              <summary className="min-h-11 cursor-pointer content-center font-semibold text-brand-800">
                Modifier<span className="sr-only"> le compte {a.name}</span>
              </summary>
              <IntentForm
                intent="account-update"
                schema={accountUpdateSchema}
                result={own}
                values={a.values}
                order={["name", "code", "opening", "openingYear", "iban", "position"]}
                submit="Enregistrer le compte"
                className="mt-3 space-y-4"
              >
                <input type="hidden" name="id" value={a.id} />
                <div className="grid gap-4 sm:grid-cols-2">
                  <TextInput name="name" label="Nom" required autoComplete="off" />
                  <TextInput name="code" label="Numéro du plan comptable" required autoComplete="off" />
                  <TextInput name="opening" label="Solde d'ouverture (€)" required autoComplete="off" />
                  <TextInput name="openingYear" label="Au 1er janvier de l'année" required autoComplete="off" />
                  <TextInput
                    name="iban"
                    label="IBAN"
                    autoComplete="off"
                    hint="D'un compte en banque : imprimé sur ses bordereaux de remise de chèques."
                  />
                  <TextInput
                    name="position"
                    label="Rang dans les listes"
                    required
                    autoComplete="off"
                    hint="0 en premier."
                  />
                </div>
              </IntentForm>
            </details>
            {a.entries === 0 ? (
              <Form method="post">
                <input type="hidden" name="intent" value="account-delete" />
                <input type="hidden" name="id" value={a.id} />
                <button type="submit" className={quietButtonClass}>
                  Supprimer le compte<span className="sr-only"> {a.name}</span>
                </button>
              </Form>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** « Ajouter un compte »: the chart number is the kind's when left empty. */
export function AccountCreate({
  kinds,
  kindCodes,
  year,
  result,
}: {
  kinds: Screen["kinds"];
  kindCodes: Screen["kindCodes"];
  year: number;
  result: IntentResult | undefined;
}) {
  return (
    <IntentForm
      intent="account-create"
      schema={accountCreateSchema}
      result={result}
      values={{ opening: "0", openingYear: String(year) }}
      order={["name", "kind", "code", "opening", "openingYear", "iban"]}
      submit="Ajouter le compte"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput name="name" label="Nom" required autoComplete="off" hint="Par exemple « Livret A »." />
        <Select name="kind" label="Type" options={kinds} required />
        <TextInput
          name="code"
          label="Numéro du plan comptable"
          autoComplete="off"
          hint={`Laissé vide : ${kinds.map(([kind, label]) => `${kindCodes[kind]} pour ${label.toLowerCase()}`).join(", ")}.`}
        />
        <TextInput name="opening" label="Solde d'ouverture (€)" required autoComplete="off" />
        <TextInput name="openingYear" label="Au 1er janvier de l'année" required autoComplete="off" />
        <TextInput
          name="iban"
          label="IBAN"
          autoComplete="off"
          hint="D'un compte en banque : imprimé sur ses bordereaux de remise de chèques."
        />
      </div>
    </IntentForm>
  );
}
