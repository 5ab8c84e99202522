import { RadioGroup, TextInput } from "~/components/form/fields";

/**
 * The departure's question when fees are still owed, each year's on its own (an earlier year's debt is often kept when
 * this year's is cancelled): kept as due or cancelled, with the reason written on those cancelled. Asked only of a
 * departure from the last plot: with several plots, it shows when « Toutes ses parcelles » is chosen (CSS alone, so
 * without JavaScript too; the server applies it only to a gardener who leaves).
 */
export function LeaverFeeQuestion({
  fees,
  severalPlots,
}: {
  fees: { year: number; rest: string }[];
  severalPlots: boolean;
}) {
  if (fees.length === 0) return null;
  return (
    <div className={severalPlots ? "hidden space-y-3 [form:has(option[value='']:checked)_&]:block" : "space-y-3"}>
      {fees.map((fee) => (
        <RadioGroup
          key={fee.year}
          name={`openFee-${fee.year}`}
          label={`Sa cotisation ${fee.year} n'est pas réglée (reste ${fee.rest}) : que devient-elle ?`}
          options={[
            ["keep", "Elle reste à régler"],
            ["cancel", "Elle est annulée"],
          ]}
        />
      ))}
      <TextInput name="feeReason" label="Raison de l'annulation" hint="Par exemple : départ avant la saison." />
    </div>
  );
}
