import { Section } from "~/components/admin/admin-ui";
import { IntentForm, type IntentResult } from "~/components/admin/plots/IntentForm";
import { TextInput } from "~/components/form/fields";
import { votesSchema } from "~/modules/assembly/assembly.schema";

const COUNTS = [
  ["votesFor", "Pour"],
  ["votesAgainst", "Contre"],
  ["abstentions", "Abstentions"],
] as const;
const ORDER = COUNTS.map(([name]) => name);

export interface Resolution {
  id: number;
  title: string;
  adopted: boolean | null;
  values: Record<(typeof COUNTS)[number][0], string>;
}

/**
 * One resolution's counts; each form has its own intent, so that a refusal comes back to its resolution. Without
 * `counting` (before the assembly's day) only its title.
 */
export function VoteForm({
  resolution: r,
  rank,
  result,
  counting,
}: {
  resolution: Resolution;
  rank: number;
  result: IntentResult | undefined;
  counting: boolean;
}) {
  return (
    <Section
      id={`resolution-${r.id}`}
      title={`Résolution ${rank} : ${r.title}`}
      description={r.adopted === null ? "Pas encore votée." : r.adopted ? "Adoptée." : "Rejetée."}
    >
      {counting ? (
        <IntentForm
          intent={`vote-${r.id}`}
          schema={votesSchema}
          result={result}
          values={r.values}
          order={ORDER}
          submit="Enregistrer le vote"
        >
          <input type="hidden" name="item" value={r.id} />
          <div className="grid grid-cols-3 gap-3">
            {COUNTS.map(([name, label]) => (
              <TextInput key={name} name={name} label={label} inputMode="numeric" />
            ))}
          </div>
        </IntentForm>
      ) : null}
    </Section>
  );
}
