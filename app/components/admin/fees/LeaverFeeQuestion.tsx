import { RadioGroup, TextInput } from "~/components/form/fields";

/**
 * The departure's question when a fee is still owed: kept as due or cancelled, with the reason written on it. Asked
 * only of a departure from the last plot: with several plots, it shows when « Toutes ses parcelles » is chosen (CSS
 * alone, so without JavaScript too; the server applies it only to a gardener who leaves).
 */
export function LeaverFeeQuestion({
  fee,
  severalPlots,
}: {
  fee: { year: number; rest: string } | null;
  severalPlots: boolean;
}) {
  if (!fee) return null;
  return (
    <div className={severalPlots ? "hidden space-y-3 [form:has(option[value='']:checked)_&]:block" : "space-y-3"}>
      <RadioGroup
        name="openFee"
        label={`Sa cotisation ${fee.year} n'est pas réglée (reste ${fee.rest}) : que devient-elle ?`}
        options={[
          ["keep", "Elle reste à régler"],
          ["cancel", "Elle est annulée"],
        ]}
      />
      <TextInput name="feeReason" label="Raison de l'annulation" hint="Par exemple : départ avant la saison." />
    </div>
  );
}
