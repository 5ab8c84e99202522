import { SpaceNotice } from "./SpaceNotice";
import { PAY_ONLINE_LABEL, payOnlinePath } from "~/modules/helloasso/payment.labels";
import type { GardenSpaceData } from "~/modules/garden-space/space.server";
import { spaceMessages } from "~/modules/garden-space/space.labels";
import { buttonClass } from "~/components/form/styles";
import { cardClass, Facts, linkClass, SpaceSection } from "./SpaceSection";

type Fee = GardenSpaceData["fees"][number];

/** A fee's state as a badge: paid in green, due in amber, late in red. */
function FeeState({ fee }: { fee: Fee }) {
  const tone = fee.late
    ? "bg-red-50 text-red-900 ring-red-300"
    : fee.due
      ? "bg-amber-50 text-amber-950 ring-amber-300"
      : "bg-brand-50 text-brand-900 ring-brand-200";
  return (
    <span className={`inline-block rounded-full px-3 py-0.5 text-sm font-semibold ring-1 ${tone}`}>
      {fee.late ? `En retard : ${fee.state}` : fee.state.charAt(0).toUpperCase() + fee.state.slice(1)}
    </span>
  );
}

/**
 * « Payer en ligne »: a plain form (no script needed) to the payment's route, which sends the gardener on to
 * HelloAsso's page for the balance.
 */
function PayOnline({ fee }: { fee: Fee }) {
  return (
    <form method="post" action={payOnlinePath(fee.id)} className="mt-4">
      <button type="submit" className={`${buttonClass} w-full gap-2 sm:w-auto`}>
        {PAY_ONLINE_LABEL} <span className="font-bold">{fee.balance}</span>
      </button>
    </form>
  );
}

/**
 * « Mes cotisations »: each year's fee, latest first, what is left, how to pay it, and the statement of what was paid.
 */
export function MyFees({
  fees,
  instructions,
  notice,
}: {
  fees: GardenSpaceData["fees"];
  instructions: string;
  /** Back from HelloAsso: what became of the payment, where the return lands (#cotisations). */
  notice: { text: string; good: boolean } | null;
}) {
  return (
    <SpaceSection id="cotisations" title="Mes cotisations">
      {notice ? <SpaceNotice notice={notice} /> : null}
      {fees.length === 0 ? <p className="text-stone-800">{spaceMessages.noFee}</p> : null}
      {fees.map((fee) => (
        <article key={fee.id} className={cardClass}>
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
            <h3 className="text-lg font-bold text-stone-900">Cotisation {fee.year}</h3>
            <FeeState fee={fee} />
          </div>
          <Facts
            items={[
              ["Montant appelé", fee.called],
              ...(fee.waived ? ([["Remise", fee.waived]] as const) : []),
              ["Déjà payé", fee.paid],
              ["Reste à payer", <strong key="reste">{fee.balance}</strong>],
              ["À régler avant le", fee.dueOn],
            ]}
          />
          {fee.payOnline ? <PayOnline fee={fee} /> : null}
          {fee.statement ? (
            <p className="mt-3">
              <a href={fee.statement} download className={`${linkClass} inline-flex min-h-11 items-center`}>
                Télécharger l'attestation de paiement {fee.year}&nbsp;(PDF)
              </a>
            </p>
          ) : null}
        </article>
      ))}
      {instructions ? (
        <div className={`${cardClass} bg-stone-50`}>
          <h3 className="font-bold text-stone-900">Comment régler</h3>
          <p className="mt-2 whitespace-pre-line text-stone-800">{instructions}</p>
        </div>
      ) : null}
    </SpaceSection>
  );
}
