import { Checkbox, Select, TextArea, TextInput } from "~/components/form/fields";
import { PLOT_KIND_LABELS, PLOT_STATE_LABELS } from "~/modules/register/plots.labels";

const STATES = (["libre", "reservee", "remise_en_etat"] as const).map((s) => [s, PLOT_STATE_LABELS[s]] as const);

/** A plot's fields. An attributed plot's state is not chosen here: it follows its gardener's departure. */
export function PlotFields({ attributed }: { attributed: boolean }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextInput name="number" label="Numéro" required inputMode="numeric" autoComplete="off" />
      <TextInput
        name="area"
        label="Surface (m²)"
        required
        inputMode="numeric"
        autoComplete="off"
        hint="Petite : moins de 150 m² ; moyenne : 150 à 200 ; grande : plus de 200."
      />
      <Select name="kind" label="Type" options={Object.entries(PLOT_KIND_LABELS)} placeholder={null} />
      {attributed ? (
        <p className="self-end text-sm text-stone-700">
          État : attribuée. Elle redevient libre (ou en remise en état) au départ de son jardinier, sur sa fiche.
        </p>
      ) : (
        <Select name="state" label="État" options={STATES} placeholder={null} />
      )}
      <div className="space-y-2">
        <Checkbox name="cabin">Une cabane est sur la parcelle</Checkbox>
        <TextInput
          name="cabinValue"
          label="Valeur de reprise de la cabane (€)"
          hint="De 0 à 300 €."
          inputMode="numeric"
          autoComplete="off"
        />
      </div>
      <TextArea name="notes" label="Notes" hint="Point d'eau, arbres fruitiers, état du sol…" />
    </div>
  );
}
