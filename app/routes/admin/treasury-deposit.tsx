import { Form, Link } from "react-router";
import type { Route } from "./+types/treasury-deposit";
import { AdminPage, backLinkClass } from "~/components/admin/AdminPage";
import { Section } from "~/components/admin/admin-ui";
import { noticeOf } from "~/components/admin/plots/IntentForm";
import { DepositCheques } from "~/components/admin/treasury/DepositCheques";
import { TreasuryNav } from "~/components/admin/treasury/TreasuryNav";
import { useSaveNotice } from "~/components/admin/use-save-notice";
import { SubmitButton } from "~/components/form/buttons";
import { buttonClass, quietButtonClass } from "~/components/form/styles";
import { readFormData } from "~/modules/forms/form-data.server";
import { currentActor } from "~/modules/history/actor.server";
import { adminMeta } from "~/modules/seo/seo";
import { depositAction, depositScreen } from "~/modules/treasury/deposits.admin.server";

export function meta({ loaderData }: Route.MetaArgs) {
  return adminMeta(loaderData ? `Remise du ${loaderData.date}` : "Remise de chèques");
}

/** /admin/tresorerie/remises/:id: a deposit's cheques and total, its slip, and « Annuler la remise » while it can. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return depositScreen(request, params.id);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return depositAction(params.id, await readFormData(request), currentActor(context));
}

export default function TreasuryDeposit({ loaderData, actionData }: Route.ComponentProps) {
  const { id, date, account, summary, cheques, count, total, locked, notice: done } = loaderData;
  const result = actionData;
  const notice = useSaveNotice(noticeOf(result) ?? done);
  return (
    <AdminPage
      title={`Remise du ${date}`}
      nav={<TreasuryNav />}
      back={
        <Link to="/admin/tresorerie/remises" className={backLinkClass}>
          Retour aux remises de chèques
        </Link>
      }
      intro={
        <p className="mt-1 text-lg text-stone-700">
          Sur « {account} » : <strong>{summary}</strong>
        </p>
      }
      popup={{ ...notice, error: result?.ok === false }}
    >
      <Section
        id="cheques"
        title="Chèques remis"
        action={
          <a href={`/admin/tresorerie/remises/${id}/bordereau`} className={buttonClass}>
            Imprimer le bordereau
          </a>
        }
      >
        <DepositCheques cheques={cheques} count={count} total={total} />
      </Section>
      <Section
        id="annuler"
        title="Annuler la remise"
        description="Si la remise n'a pas été déposée, ou s'il faut la refaire : ses chèques redeviennent « à remettre », avec leur numéro et leur banque."
      >
        {locked ? (
          <p className="text-stone-700">{locked}</p>
        ) : (
          <Form method="post">
            <input type="hidden" name="intent" value="cancel" />
            <SubmitButton intent="cancel" className={quietButtonClass}>
              Annuler la remise
            </SubmitButton>
          </Form>
        )}
      </Section>
    </AdminPage>
  );
}
