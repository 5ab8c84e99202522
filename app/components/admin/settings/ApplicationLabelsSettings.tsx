import { Link } from "react-router";
import { TextArea, TextInput } from "~/components/form/fields";
import {
  APPLICATION_FIELD_LABELS,
  APPLICATION_FIELDS,
  APPLICATION_FORM_DEFAULT_LABELS,
} from "~/modules/applications/applications.schema";
import { APPLICATION_LABEL_MAX } from "~/modules/applications/form-fields.schema";
import { SettingsForm } from "./settings-ui";

/** 'Formulaire de candidature': the label /apply shows for each of its fields; empty, the default shows. */
export function ApplicationLabelsSettings({ labels }: { labels: Record<string, string> }) {
  return (
    <SettingsForm
      intent="applicationLabels"
      title="Formulaire de candidature"
      description={
        <>
          Les libellés des champs du{" "}
          <Link to="/apply" className="font-semibold text-brand-800 underline">
            formulaire de demande de jardin
          </Link>
          . Un champ laissé vide affiche le libellé par défaut, écrit en gris.
        </>
      }
      stored={labels}
      submit="Enregistrer les libellés"
    >
      {APPLICATION_FIELDS.map((field) => {
        const fallback = APPLICATION_FORM_DEFAULT_LABELS[field];
        // A label that holds a whole sentence gets room to be read whole.
        const Field = fallback.length > 80 ? TextArea : TextInput;
        return (
          <Field
            key={field}
            label={`Champ « ${APPLICATION_FIELD_LABELS[field].replace(/^(Le |La |L'|Les )/, "")} »`}
            name={field}
            rows={2}
            placeholder={fallback}
            maxLength={APPLICATION_LABEL_MAX}
          />
        );
      })}
    </SettingsForm>
  );
}
