import { CIVILITY_OPTIONS } from "~/lib/text";
import { Select } from "./fields";

/** « Civilité », optional: the texts that name the person agree with it (« présente », « jardinière »). */
export function CivilityField() {
  return (
    <Select
      name="civility"
      label="Civilité"
      options={CIVILITY_OPTIONS}
      placeholder={null}
      hint="Pour accorder les textes qui nomment la personne : « présente », « ancienne jardinière »."
    />
  );
}
