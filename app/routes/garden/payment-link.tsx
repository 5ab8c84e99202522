import { Form, Link } from "react-router";
import type { Route } from "./+types/payment-link";
import { buttonClass } from "~/components/form/styles";
import { SpaceNotice } from "~/components/garden-space/SpaceNotice";
import { formatDate } from "~/lib/dates";
import { euros } from "~/lib/money";
import { payLinkedFee, paymentLinkPage } from "~/modules/helloasso/pay.server";
import {
  isGoodOutcome,
  LINK_OUTCOMES,
  PAY_ONLINE_LABEL,
  PAYMENT_OUTCOMES,
  paymentOutcomeOf,
} from "~/modules/helloasso/payment.labels";

/**
 * /mon-jardin/payer/:token: the link « Envoyer un lien de paiement » puts in fee calls and reminders. It pays one
 * fee's balance without signing in; it shows the fee's year and amounts only, and the button leads to HelloAsso.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  return { fee: await paymentLinkPage(params.token), outcome: paymentOutcomeOf(new URL(request.url)) };
}

export async function action({ request, params }: Route.ActionArgs) {
  return payLinkedFee(request, params.token);
}

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "same-origin" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Cotisation ${loaderData?.fee.year ?? ""}` }, { name: "robots", content: "noindex" }];
}

export default function PaymentLink({ loaderData }: Route.ComponentProps) {
  const { fee, outcome } = loaderData;
  return (
    <div className="mx-auto max-w-xl px-4 py-6">
      <h1 className="text-3xl font-bold text-brand-800">Cotisation {fee.year}</h1>
      {outcome ? <SpaceNotice notice={{ text: LINK_OUTCOMES[outcome], good: isGoodOutcome(outcome) }} /> : null}
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-stone-800">
        <dt className="font-medium">Montant dû</dt>
        <dd>{euros(fee.owedCents)}</dd>
        <dt className="font-medium">Déjà réglé</dt>
        <dd>{euros(fee.paidCents)}</dd>
        <dt className="font-medium">À régler avant le</dt>
        <dd>{formatDate(`${fee.dueOn}T12:00:00Z`)}</dd>
        <dt className="font-medium">État</dt>
        <dd>{fee.state}</dd>
      </dl>
      {fee.payable && fee.ready ? (
        <Form method="post" className="mt-6">
          <button type="submit" className={buttonClass}>
            {PAY_ONLINE_LABEL} : {euros(fee.balanceCents)}
          </button>
          <p className="mt-2 text-sm text-stone-700">
            Le paiement se fait par carte sur la page sécurisée de HelloAsso ; le site ne voit jamais votre carte. Vous
            recevrez votre reçu par e-mail.
          </p>
        </Form>
      ) : fee.payable ? (
        <p className="mt-6 text-stone-800">{PAYMENT_OUTCOMES.indisponible}</p>
      ) : null}
      <p className="mt-6">
        <Link to="/mon-jardin" className="font-semibold text-brand-800 underline">
          Mon jardin : mes parcelles, mes reçus (connexion par e-mail)
        </Link>
      </p>
    </div>
  );
}
