import { IntentForm, type IntentResult } from "~/components/admin/plots/IntentForm";
import { Checkbox, DateTimeInput, TextInput } from "~/components/form/fields";
import { euros } from "~/lib/money";
import { closeYearFormSchema, volunteerFormSchema } from "~/modules/treasury/year-accounts.schema";
import type { VolunteerHours } from "~/modules/treasury/year-accounts.server";

/** « Bénévolat valorisé »: the hours given and the value of one, shown apart from the result once recorded. */
export function VolunteerForm({
  year,
  volunteer,
  values,
  result,
  closed,
}: {
  year: number;
  volunteer: VolunteerHours | null;
  values: Record<string, string>;
  result: IntentResult | undefined;
  closed: boolean;
}) {
  return (
    <div className="space-y-4">
      {volunteer ? (
        <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1">
          <dt>
            Contributions volontaires en nature : {volunteer.hours} h à {euros(volunteer.hourCents)}
          </dt>
          <dd className="text-right font-semibold whitespace-nowrap tabular-nums">{euros(volunteer.cents)}</dd>
        </dl>
      ) : (
        <p className="text-stone-700">Aucune heure de bénévolat enregistrée pour {year}.</p>
      )}
      {!closed && (
        <details
          className="rounded-lg bg-stone-50 p-3 ring-1 ring-stone-200"
          open={result?.intent === "benevolat" && !result.ok}
        >
          <summary className="cursor-pointer font-semibold text-brand-800">Bénévolat valorisé</summary>
          <IntentForm
            intent="benevolat"
            schema={volunteerFormSchema}
            result={result}
            values={values}
            order={["hours", "hourValue"]}
            submit="Enregistrer le bénévolat"
            className="mt-3 space-y-4"
          >
            <TextInput name="hours" label="Heures de bénévolat dans l'année" inputMode="numeric" required />
            <TextInput
              name="hourValue"
              label="Valeur d'une heure (€)"
              hint="Par exemple le SMIC horaire chargé."
              inputMode="text"
              required
            />
          </IntentForm>
        </details>
      )}
    </div>
  );
}

/** « Clôturer l'exercice »: the confirming box, once the year is over. */
export function CloseYearForm({ year, result }: { year: number; result: IntentResult | undefined }) {
  return (
    <IntentForm
      intent="cloture"
      schema={closeYearFormSchema}
      result={result}
      order={["approvedOn", "confirm"]}
      submit={`Clôturer l'exercice ${year}`}
    >
      <DateTimeInput
        name="approvedOn"
        type="date"
        label="Date de l'assemblée générale qui a approuvé les comptes"
        required
        hint="Elle figure sur les comptes en PDF : « Comptes approuvés par l'assemblée générale du … »."
      />
      <Checkbox name="confirm" required>
        Les comptes ont été approuvés par l'assemblée générale ; les écritures de {year} ne pourront plus être
        modifiées.
      </Checkbox>
    </IntentForm>
  );
}
