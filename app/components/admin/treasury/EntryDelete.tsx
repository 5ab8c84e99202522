import { IntentForm, type IntentResult } from "~/components/admin/plots/IntentForm";
import { Checkbox } from "~/components/form/fields";
import { entryDeleteSchema } from "~/modules/treasury/entries.schema";

/** « Supprimer »: a box to tick first, so that a slip of the finger deletes nothing, with or without JavaScript. */
export function EntryDelete({ result }: { result: IntentResult | undefined }) {
  return (
    <IntentForm
      intent="delete"
      schema={entryDeleteSchema}
      result={result}
      order={["confirm"]}
      submit="Supprimer l'écriture"
    >
      <Checkbox name="confirm" required>
        Je confirme la suppression de cette écriture (elle reste décrite dans l'Historique).
      </Checkbox>
    </IntentForm>
  );
}
