import { Form } from "react-router";
import { Section } from "~/components/admin/admin-ui";
import { IntentForm, type IntentResult } from "~/components/admin/plots/IntentForm";
import { Select, TextInput } from "~/components/form/fields";
import { quietButtonClass } from "~/components/form/styles";
import { candidateSchema, OFFICE_LABELS } from "~/modules/assembly/assembly.schema";

export interface Election {
  id: number;
  title: string;
  offices: {
    office: string;
    label: string;
    candidates: { id: number; name: string; votes: string }[];
    counted: boolean;
    elected: string | null;
  }[];
}

/** What an office's count says: its elected, a tie, or nothing yet. */
function outcome(o: Election["offices"][number]) {
  if (o.candidates.length === 0) return "Aucun candidat pour le moment.";
  if (!o.counted) return "Voix pas encore saisies.";
  return o.elected ? `Élu(e) : ${o.elected}.` : "Égalité : personne n'est élu, saisissez le nouveau tour.";
}

/**
 * An election of the bureau: per office the statutes name, its candidates with the voices each received (one form
 * per office, so that a refusal comes back to it), who is elected; a candidate added or withdrawn by the bureau, before
 * the day too. The voices only with `counting` (from the assembly's day).
 */
export function ElectionForm({
  election: e,
  result,
  counting,
}: {
  election: Election;
  result: IntentResult | undefined;
  counting: boolean;
}) {
  return (
    <Section id={`election-${e.id}`} title={`Élection : ${e.title}`}>
      <div className="space-y-6">
        {e.offices.map((o) => (
          <section key={o.office} aria-labelledby={`office-${e.id}-${o.office}`} className="space-y-2">
            <h3 id={`office-${e.id}-${o.office}`} className="font-bold text-stone-900">
              {o.label}
            </h3>
            <p className="text-sm text-stone-700">{outcome(o)}</p>
            {o.candidates.length > 0 ? (
              <>
                {counting ? (
                  <IntentForm
                    intent={`election-${e.id}-${o.office}`}
                    result={result}
                    values={Object.fromEntries(o.candidates.map((c) => [`votes-${c.id}`, c.votes]))}
                    order={o.candidates.map((c) => `votes-${c.id}`)}
                    submit={`Enregistrer les voix : ${o.label.toLowerCase()}`}
                  >
                    <div className="grid gap-3 sm:grid-cols-2">
                      {o.candidates.map((c) => (
                        <TextInput
                          key={c.id}
                          name={`votes-${c.id}`}
                          label={`Voix pour ${c.name}`}
                          inputMode="numeric"
                        />
                      ))}
                    </div>
                  </IntentForm>
                ) : null}
                <ul className="flex flex-wrap gap-2">
                  {o.candidates.map((c) => (
                    <li key={c.id}>
                      <Form method="post">
                        <input type="hidden" name="intent" value="remove-candidate" />
                        <input type="hidden" name="candidate" value={c.id} />
                        <button type="submit" className={quietButtonClass}>
                          Retirer {c.name} <span className="sr-only">des candidats : {o.label.toLowerCase()}</span>
                        </button>
                      </Form>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </section>
        ))}
        <IntentForm
          emptyAfterDone
          intent={`candidate-${e.id}`}
          schema={candidateSchema}
          result={result}
          order={["office", "name"]}
          submit="Ajouter le candidat"
          className="space-y-3 border-t border-stone-200 pt-4"
        >
          <input type="hidden" name="item" value={e.id} />
          <div className="grid gap-3 sm:grid-cols-2">
            <Select name="office" label="Poste" options={Object.entries(OFFICE_LABELS)} required />
            <TextInput name="name" label="Candidat ou candidate" required autoComplete="off" />
          </div>
        </IntentForm>
      </div>
    </Section>
  );
}
