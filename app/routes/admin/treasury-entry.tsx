import { Link } from "react-router";
import type { Route } from "./+types/treasury-entry";
import { AdminPage, backLinkClass } from "~/components/admin/AdminPage";
import { Section } from "~/components/admin/admin-ui";
import { noticeOf } from "~/components/admin/plots/IntentForm";
import { useSaveNotice } from "~/components/admin/use-save-notice";
import { EntryDelete } from "~/components/admin/treasury/EntryDelete";
import { EntryFacts } from "~/components/admin/treasury/EntryFacts";
import { EntryForm } from "~/components/admin/treasury/EntryForm";
import { TreasuryNav, treasuryLinkClass } from "~/components/admin/treasury/TreasuryNav";
import { currentActor } from "~/modules/history/actor.server";
import { entryAction, entryScreen } from "~/modules/treasury/entries.admin.server";
import { DIRECTION_LABELS } from "~/modules/treasury/treasury.labels";
import { adminMeta } from "~/modules/seo/seo";

export function meta({ loaderData }: Route.MetaArgs) {
  return adminMeta(loaderData ? `Écriture : ${loaderData.entry.label}` : "Écriture");
}

/** /admin/tresorerie/ecritures/:id: the entry, its links, « Corriger » and « Supprimer » while it may change. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return entryScreen(request, params.id);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return entryAction(request, params.id, currentActor(context));
}

export default function AdminTreasuryEntry({ loaderData, actionData }: Route.ComponentProps) {
  const { entry, payment, closed, locked, fromRegister, values, accounts, categories, done } = loaderData;
  const result = actionData;
  const notice = useSaveNotice(noticeOf(result) ?? done);
  // A correction refused on a field stays open, to show what was typed and why.
  const correcting = result && !result.ok && result.intent === "update";
  return (
    <AdminPage
      title={entry.label}
      width="3xl"
      nav={<TreasuryNav />}
      back={
        <Link to={`/admin/tresorerie/ecritures?annee=${entry.year}`} className={backLinkClass}>
          Retour aux écritures {entry.year}
        </Link>
      }
      intro={<p className="text-stone-700">{DIRECTION_LABELS[entry.direction]}</p>}
      popup={{ ...notice, error: result?.ok === false }}
    >
      <Section
        id="detail"
        title="L'écriture"
        action={
          entry.direction === "recette" ? (
            <Link to={`/admin/tresorerie/ecritures/${entry.id}/recu`} className={treasuryLinkClass}>
              Reçu
            </Link>
          ) : null
        }
      >
        <EntryFacts entry={entry} payment={payment} />
      </Section>
      {closed ? (
        <p className="rounded-xl bg-white p-4 text-stone-700 ring-1 ring-stone-200">
          L'exercice {entry.year} est clôturé : cette écriture ne peut plus être corrigée ni supprimée. Enregistrez une
          correction par une nouvelle écriture dans l'exercice ouvert.
        </p>
      ) : (
        <>
          <details
            open={correcting || undefined}
            className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6"
          >
            <summary className="min-h-11 cursor-pointer content-center text-lg font-bold text-stone-900">
              Corriger
            </summary>
            <div className="mt-4">
              <EntryForm
                key={notice.formKey}
                intent="update"
                direction={entry.direction}
                accounts={accounts}
                categories={categories}
                values={values}
                result={result}
                submit="Enregistrer la correction"
                fixed={{ amount: locked, payment: fromRegister }}
                attachment={entry.attachment}
              />
            </div>
          </details>
          <Section id="supprimer" title="Supprimer">
            {fromRegister ? (
              <p className="text-stone-700">
                Cette écriture vient d'un paiement du registre : elle ne se supprime pas ici.{" "}
                {payment?.link ? (
                  <Link to={payment.link} className={treasuryLinkClass}>
                    Annulez le paiement depuis le registre
                  </Link>
                ) : (
                  "Annulez le paiement depuis le registre"
                )}
                .
              </p>
            ) : locked ? (
              <p className="text-stone-700">
                Cette écriture est remise en banque ou pointée sur un relevé : elle ne peut plus être supprimée.
                Enregistrez la correction par une nouvelle écriture.
              </p>
            ) : (
              <EntryDelete result={result} />
            )}
          </Section>
        </>
      )}
    </AdminPage>
  );
}
