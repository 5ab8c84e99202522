import { Form, Link } from "react-router";
import { preventOverlongSubmit, TextField } from "~/components/TextField";
import {
  APPLICATION_FIELD_LABELS,
  APPLICATION_FIELDS,
  APPLICATION_FORM_DEFAULT_LABELS,
} from "~/modules/applications/applications.schema";
import { APPLICATION_LABEL_MAX } from "~/modules/applications/form-fields.schema";
import { SaveButton, Section, useSettingsForm } from "./settings-ui";

/** 'Formulaire de candidature': the label /apply shows for each of its fields; empty, the default shows. */
export function ApplicationLabelsSettings({ labels }: { labels: Record<string, string> }) {
  const { busy, errorFor, valueFor } = useSettingsForm("applicationLabels");
  return (
    <Section
      id="settings-application-labels"
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
    >
      <Form method="post" onSubmit={preventOverlongSubmit} className="space-y-4">
        <input type="hidden" name="intent" value="applicationLabels" />
        {APPLICATION_FIELDS.map((field) => {
          const fallback = APPLICATION_FORM_DEFAULT_LABELS[field];
          return (
            <TextField
              key={field}
              label={`Champ « ${APPLICATION_FIELD_LABELS[field].replace(/^(Le |La |L'|Les )/, "")} »`}
              name={field}
              multiline={fallback.length > 80}
              rows={2}
              placeholder={fallback}
              defaultValue={valueFor(field, labels[field])}
              maxLength={APPLICATION_LABEL_MAX}
              error={errorFor(field)}
            />
          );
        })}
        <SaveButton busy={busy}>Enregistrer les libellés</SaveButton>
      </Form>
    </Section>
  );
}
