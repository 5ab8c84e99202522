import { Section } from "~/components/admin/admin-ui";
import { IntentForm, type IntentResult } from "~/components/admin/plots/IntentForm";
import { Checkbox, TextInput } from "~/components/form/fields";
import { LockedFields } from "./LockedFields";

interface AgendaItem {
  title: string;
  isResolution: boolean;
  isElection: boolean;
}

function AgendaRows({ count }: { count: number }) {
  return (
    <fieldset className="space-y-3">
      <legend className="sr-only">Points de l'ordre du jour</legend>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="flex flex-wrap items-end gap-3">
          <div className="w-16">
            <TextInput name={`order-${i}`} label="N°" inputMode="numeric" />
          </div>
          <div className="min-w-48 flex-1">
            <TextInput name={`title-${i}`} label={`Point ${i + 1}`} />
          </div>
          <div className="flex min-h-11 items-center">
            <Checkbox name={`resolution-${i}`}>Résolution à voter</Checkbox>
          </div>
          <div className="flex min-h-11 items-center">
            <Checkbox name={`election-${i}`}>Élection (candidats par poste)</Checkbox>
          </div>
        </div>
      ))}
    </fieldset>
  );
}

/** The rows as the form shows them: their number, title and whether they are voted on. */
function agendaValues(agenda: readonly AgendaItem[]) {
  const values: Record<string, string> = {};
  agenda.forEach((item, i) => {
    values[`order-${i}`] = String(i + 1);
    values[`title-${i}`] = item.title;
    if (item.isResolution) values[`resolution-${i}`] = "on";
    if (item.isElection) values[`election-${i}`] = "on";
  });
  return values;
}

/** The agenda, one item per row (blank rows to add some without JavaScript); read-only once convened. */
export function AgendaForm({
  agenda,
  locked,
  result,
}: {
  agenda: readonly AgendaItem[];
  locked: boolean;
  result: IntentResult | undefined;
}) {
  // A form sent back shows what was sent, unticked boxes included (they are absent from what it sends).
  const sentBack = result && !result.ok && result.intent === "agenda";
  const values = sentBack && !locked ? {} : agendaValues(agenda);
  return (
    <Section
      id="ordre-du-jour"
      title="Ordre du jour"
      description="Un point par ligne, dans l'ordre ; cochez ceux qui sont soumis au vote, et l'élection du bureau (un vote par candidat et par poste). Une ligne vide est retirée."
    >
      {locked ? (
        <LockedFields id="agenda" values={values}>
          <AgendaRows count={agenda.length} />
        </LockedFields>
      ) : (
        <IntentForm intent="agenda" result={result} values={values} submit="Enregistrer l'ordre du jour">
          <AgendaRows count={agenda.length} />
        </IntentForm>
      )}
    </Section>
  );
}
