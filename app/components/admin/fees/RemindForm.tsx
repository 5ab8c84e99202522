import { Form } from "react-router";
import type { IntentResult } from "~/components/admin/plots/IntentForm";
import { quietButtonClass } from "~/components/form/styles";

/**
 * « Envoyer un rappel » to the gardeners late with their fee; while online payment is on, « Envoyer un lien de
 * paiement » (ticked unless a refusal sent it back unticked) puts each fee's own link in its reminder.
 */
export function RemindForm({
  remindable,
  onlinePayment,
  result,
}: {
  remindable: number;
  onlinePayment: boolean;
  result: IntentResult | undefined;
}) {
  const refused = result && !result.ok && result.intent === "remind" ? result : undefined;
  return (
    <Form
      method="post"
      className={
        onlinePayment
          ? "flex flex-wrap items-center gap-x-4 gap-y-1 rounded-lg bg-stone-50 p-1 pr-3 ring-1 ring-stone-200"
          : undefined
      }
    >
      <input type="hidden" name="intent" value="remind" />
      <button type="submit" className={quietButtonClass}>
        Envoyer un rappel aux {remindable} jardinier{remindable > 1 ? "s" : ""} en retard
      </button>
      {onlinePayment ? (
        <label className="flex min-h-11 cursor-pointer items-center gap-2 pl-2 text-sm text-stone-900">
          <input
            type="checkbox"
            name="paymentLink"
            defaultChecked={refused ? refused.values.paymentLink === "on" : true}
            className="size-5 accent-brand-700"
          />
          Envoyer un lien de paiement
        </label>
      ) : null}
    </Form>
  );
}
