import { Form, Link } from "react-router";
import type { Route } from "./+types/assembly-votes";
import { Section } from "~/components/admin/admin-ui";
import { AdminPage, backLinkClass } from "~/components/admin/AdminPage";
import { useSaveNotice } from "~/components/admin/use-save-notice";
import { alertClass, buttonClass, inputClass, labelClass } from "~/components/form/styles";
import { readFormData } from "~/modules/forms/form-data.server";
import { currentActor } from "~/modules/history/actor.server";
import { voteAction, votesScreen } from "~/modules/assembly/assembly.admin.server";
import { MAJORITY_LABELS, voicesText } from "~/modules/assembly/assembly.schema";
import { adminMeta } from "~/modules/seo/seo";

export function meta() {
  return adminMeta("Votes");
}

/** /admin/assemblees/:id/votes: each resolution's counts, checked against the voices, and its result. */
export async function loader({ params }: Route.LoaderArgs) {
  return votesScreen(params.id);
}

export async function action({ params, request, context }: Route.ActionArgs) {
  return voteAction(params.id, await readFormData(request), currentActor(context));
}

const COUNTS = [
  ["votesFor", "Pour"],
  ["votesAgainst", "Contre"],
  ["abstentions", "Abstentions"],
] as const;

export default function AssemblyVotes({ loaderData, actionData }: Route.ComponentProps) {
  const notice = useSaveNotice(actionData?.ok ? actionData.message : null);
  const { quorum, voices } = loaderData;
  return (
    <AdminPage
      title="Votes"
      width="3xl"
      back={
        <Link to={`/admin/assemblees/${loaderData.id}`} className={backLinkClass}>
          {loaderData.title}
        </Link>
      }
      intro={
        <p className="text-stone-700">
          {voicesText(voices)} présentes et représentées ·{" "}
          {quorum.reached ? "quorum atteint" : "quorum non atteint : l'assemblée ne peut pas délibérer"} ·{" "}
          {MAJORITY_LABELS[loaderData.majority]}
        </p>
      }
      popup={notice}
    >
      {loaderData.resolutions.length === 0 ? (
        <p className="text-stone-700">Aucune résolution à l'ordre du jour.</p>
      ) : null}
      {loaderData.resolutions.map((r, n) => {
        const refused = actionData && !actionData.ok && actionData.values.item === String(r.id) ? actionData : null;
        const values = refused ? refused.values : r.values;
        return (
          <Section
            key={r.id}
            id={`resolution-${r.id}`}
            title={`Résolution ${n + 1} : ${r.title}`}
            description={r.adopted === null ? "Pas encore votée." : r.adopted ? "Adoptée." : "Rejetée."}
          >
            <Form method="post" className="space-y-3">
              {refused ? (
                <p role="alert" className={alertClass}>
                  {refused.message}
                  {Object.values(refused.errors).map((e) => ` ${e}`)}
                </p>
              ) : null}
              <input type="hidden" name="item" value={r.id} />
              <div className="grid grid-cols-3 gap-3">
                {COUNTS.map(([name, label]) => (
                  <div key={name}>
                    <label htmlFor={`${name}-${r.id}`} className={labelClass}>
                      {label}
                    </label>
                    <input
                      id={`${name}-${r.id}`}
                      name={name}
                      inputMode="numeric"
                      defaultValue={values[name]}
                      className={inputClass}
                    />
                  </div>
                ))}
              </div>
              <button type="submit" className={buttonClass}>
                Enregistrer le vote
              </button>
            </Form>
          </Section>
        );
      })}
    </AdminPage>
  );
}
