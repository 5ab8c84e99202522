import { CivilityField } from "~/components/form/CivilityField";
import { DateTimeInput, TextInput } from "~/components/form/fields";

/** A member without a plot: who, how to reach them (e-mail, or a letter), since when. */
export function VolunteerFields() {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextInput name="familyName" label="Nom de famille" required autoComplete="off" />
      <TextInput name="givenNames" label="Prénom(s)" autoComplete="off" />
      <CivilityField />
      <TextInput
        name="email"
        type="email"
        label="Adresse e-mail"
        autoComplete="off"
        hint="Sans adresse e-mail, sa convocation sera une lettre à imprimer."
      />
      <TextInput name="address" label="Adresse postale" autoComplete="off" />
      <DateTimeInput name="startDate" type="date" label="Membre depuis le" required />
      <TextInput name="note" label="Note" hint="Par exemple : bénévole du compost, agréé par le bureau du 12 mars." />
    </div>
  );
}
