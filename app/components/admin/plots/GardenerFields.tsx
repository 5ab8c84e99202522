import { CivilityField } from "~/components/form/CivilityField";
import { DateTimeInput, TextArea, TextInput } from "~/components/form/fields";

/** A gardener's fields. */
export function GardenerFields() {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextInput name="familyName" label="Nom de famille" required autoComplete="off" />
      <TextInput name="givenNames" label="Prénom(s)" autoComplete="off" />
      <CivilityField />
      <TextInput name="email" type="email" label="Adresse e-mail" autoComplete="off" />
      <TextInput name="mobile" type="tel" label="Téléphone portable" autoComplete="off" />
      <TextInput name="landline" type="tel" label="Téléphone fixe" autoComplete="off" />
      <TextInput name="address" label="Adresse" autoComplete="off" />
      <DateTimeInput name="startDate" type="date" label="Arrivé au jardin le" required />
      <div className="sm:col-span-2">
        <TextArea name="notes" label="Notes" />
      </div>
    </div>
  );
}
