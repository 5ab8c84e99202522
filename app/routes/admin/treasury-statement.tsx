import { Link } from "react-router";
import type { Route } from "./+types/treasury-statement";
import { AdminPage, backLinkClass } from "~/components/admin/AdminPage";
import { Section } from "~/components/admin/admin-ui";
import { noticeOf } from "~/components/admin/plots/IntentForm";
import { StatementImport } from "~/components/admin/treasury/StatementImport";
import { StatementBalanceForm } from "~/components/admin/treasury/StatementBalanceForm";
import { StatementTicks } from "~/components/admin/treasury/StatementTicks";
import { TreasuryNav } from "~/components/admin/treasury/TreasuryNav";
import { useSaveNotice } from "~/components/admin/use-save-notice";
import { readFormData } from "~/modules/forms/form-data.server";
import { currentActor } from "~/modules/history/actor.server";
import { adminMeta } from "~/modules/seo/seo";
import { statementAction, statementScreen } from "~/modules/treasury/reconciliation.admin.server";

export function meta({ loaderData }: Route.MetaArgs) {
  return adminMeta(loaderData ? `Relevé du ${loaderData.date}` : "Relevé bancaire");
}

/** /admin/tresorerie/rapprochement/:id: a statement's entries to tick, the difference, and the validation. */
export async function loader({ params }: Route.LoaderArgs) {
  return statementScreen(params.id);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return statementAction(params.id, await readFormData(request, { textFiles: ["file"] }), currentActor(context));
}

export default function TreasuryStatement({ loaderData, actionData }: Route.ComponentProps) {
  const data = loaderData;
  const result = actionData;
  const suggested = result && "suggested" in result ? result.suggested : undefined;
  const notice = useSaveNotice(noticeOf(result));
  return (
    <AdminPage
      title={`Relevé du ${data.date}`}
      nav={<TreasuryNav />}
      back={
        <Link to={`/admin/tresorerie/rapprochement?compte=${data.accountId}`} className={backLinkClass}>
          Retour aux relevés de « {data.account} »
        </Link>
      }
      intro={
        <p className="mt-1 text-lg text-stone-700">
          « {data.account} » · solde {data.balance} ·{" "}
          <strong>{data.open ? "en cours" : `rapproché le ${data.closedOn}`}</strong>
        </p>
      }
      popup={{ ...notice, error: result?.ok === false }}
    >
      {data.open ? (
        <>
          <Section
            id="pointage"
            title="Pointage"
            description={`Solde pointé avant ce relevé : ${data.before} (solde d'ouverture et relevés précédents).`}
          >
            <StatementTicks
              key={notice.formKey}
              lines={data.lines}
              statementDate={data.date}
              balance={data.balance}
              balanceCents={data.balanceCents}
              beforeCents={data.beforeCents}
              suggested={suggested}
              result={result}
            />
          </Section>
          <Section
            id="import"
            title="Importer le relevé"
            description="Le fichier que la banque propose au téléchargement : OFX (ou « format Money »), ou CSV (séparateur ;, dates jj/mm/aaaa, montants -1 234,56 ou colonnes Débit et Crédit). Chaque opération coche l'écriture de même montant datée à 10 jours près ; rien n'est enregistré avant « Enregistrer les pointages »."
          >
            <StatementImport result={result} />
          </Section>
          <StatementBalanceForm key={`solde-${notice.formKey}`} balance={data.balanceField} result={result} />
        </>
      ) : (
        <Section id="pointees" title="Écritures pointées">
          <ul className="divide-y divide-stone-200">
            {data.lines
              .filter((line) => line.ticked)
              .map((line) => (
                <li key={line.name} className="flex items-baseline justify-between gap-3 py-2">
                  <span>
                    {line.label} <span className="block text-sm text-stone-600">{line.date}</span>
                  </span>
                  <span className="font-semibold whitespace-nowrap tabular-nums">{line.amount}</span>
                </li>
              ))}
          </ul>
          <p className="mt-3 font-semibold">
            Solde pointé : {data.reconciled} · {data.difference}
          </p>
        </Section>
      )}
    </AdminPage>
  );
}
