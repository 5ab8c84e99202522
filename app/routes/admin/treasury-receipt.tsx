import { Link } from "react-router";
import type { Route } from "./+types/treasury-receipt";
import { AdminPage } from "~/components/admin/AdminPage";
import { noticeOf } from "~/components/admin/plots/IntentForm";
import { ReceiptPanel } from "~/components/admin/treasury/ReceiptPanel";
import { TreasuryNav } from "~/components/admin/treasury/TreasuryNav";
import { useSaveNotice } from "~/components/admin/use-save-notice";
import { readFormData } from "~/modules/forms/form-data.server";
import { currentActor } from "~/modules/history/actor.server";
import { receiptAction, receiptScreen } from "~/modules/treasury/receipts.admin.server";
import { adminMeta } from "~/modules/seo/seo";

export function meta({ loaderData }: Route.MetaArgs) {
  return adminMeta(loaderData?.receipt ? `Reçu n° ${loaderData.receipt.number}` : "Reçu");
}

/** /admin/tresorerie/ecritures/:id/recu: the receipt of an income entry, made once, downloaded and sent. */
export async function loader({ params }: Route.LoaderArgs) {
  return receiptScreen(params.id);
}

export async function action({ params, request, context }: Route.ActionArgs) {
  return receiptAction(params.id, await readFormData(request), currentActor(context));
}

const linkClass = "font-semibold text-brand-800 underline underline-offset-2";

export default function TreasuryReceipt({ loaderData, actionData }: Route.ComponentProps) {
  const { entry, receipt, email } = loaderData;
  const notice = useSaveNotice(noticeOf(actionData));
  return (
    <AdminPage
      title={receipt ? `Reçu n° ${receipt.number}` : "Reçu"}
      nav={<TreasuryNav />}
      intro={
        <p className="text-stone-700">
          {entry.label} : <strong>{entry.amount}</strong>, le {entry.date}
          {entry.payer ? `, payé par ${entry.payer}` : ""}.
        </p>
      }
      popup={{ ...notice, error: actionData?.ok === false }}
    >
      <ReceiptPanel income={entry.income} bounced={entry.bounced} receipt={receipt} email={email} result={actionData} />
      <ul className="flex flex-wrap gap-x-6 gap-y-2">
        <li>
          <Link to={`/admin/tresorerie/ecritures/${entry.id}`} className={linkClass}>
            Voir l'écriture
          </Link>
        </li>
        {entry.gardenerId !== null && (
          <li>
            <Link to={`/admin/jardiniers/${entry.gardenerId}#paiements`} className={linkClass}>
              Fiche du jardinier
            </Link>
          </li>
        )}
        <li>
          <Link to={`/admin/tresorerie/recus?annee=${entry.year}`} className={linkClass}>
            Reçus {entry.year}
          </Link>
        </li>
      </ul>
    </AdminPage>
  );
}
