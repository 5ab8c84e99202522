import { Form } from "react-router";
import { SubmitButton } from "~/components/form/buttons";
import { Select } from "~/components/form/fields";
import { quietButtonClass } from "~/components/form/styles";

const OPTIONS = [
  ["jamais", "Jamais"],
  ["semaine", "Chaque semaine"],
  ["mois", "Chaque mois"],
] as const;

/**
 * « Lettre automatique »: off by default; once a week or a month, a letter lists the articles and the events to come
 * published since the last one (nothing new, nothing sent).
 */
export function DigestForm({ frequency }: { frequency: string }) {
  return (
    <Form
      method="post"
      className="mb-6 flex flex-wrap items-end gap-3 rounded-lg bg-stone-50 p-3 ring-1 ring-stone-200"
    >
      <input type="hidden" name="intent" value="digest" />
      <div className="min-w-56 flex-1">
        <Select
          name="digestFrequency"
          label="Lettre automatique"
          hint="Les articles et les événements à venir publiés depuis la précédente ; rien n'est envoyé s'il n'y a rien de neuf."
          options={OPTIONS}
          placeholder={null}
          defaultValue={frequency}
        />
      </div>
      <SubmitButton intent="digest" className={quietButtonClass}>
        Enregistrer
      </SubmitButton>
    </Form>
  );
}
