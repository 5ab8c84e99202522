import { Select, TextArea, TextInput } from "~/components/form/fields";
import { VILLE_LABELS } from "~/lib/constants";

/** A garden site's fields: name, town (the application form's), address, access notes. */
export function SiteFields() {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextInput
        name="name"
        label="Nom du jardin"
        required
        hint="Par exemple : Jardin des Brosses."
        autoComplete="off"
      />
      <Select name="town" label="Ville" required options={Object.entries(VILLE_LABELS)} />
      <TextInput name="address" label="Adresse" autoComplete="off" />
      <TextArea
        name="accessNotes"
        label="Accès (facultatif)"
        hint="Code du portail, où garer son vélo, le point d'eau…"
      />
    </div>
  );
}
