import { Link } from "react-router";
import type { Route } from "./+types/assembly-votes";
import { AdminPage, backLinkClass } from "~/components/admin/AdminPage";
import { ElectionForm } from "~/components/admin/assembly/ElectionForm";
import { NotTheDay } from "~/components/admin/assembly/NotTheDay";
import { VoteForm } from "~/components/admin/assembly/VoteForm";
import { noticeOf } from "~/components/admin/plots/IntentForm";
import { useSaveNotice } from "~/components/admin/use-save-notice";
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

export default function AssemblyVotes({ loaderData, actionData }: Route.ComponentProps) {
  const notice = useSaveNotice(noticeOf(actionData));
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
        loaderData.notYet ? undefined : (
          <p className="text-stone-700">
            {voicesText(voices)} présentes et représentées ·{" "}
            {quorum.reached ? "quorum atteint" : "quorum non atteint : l'assemblée ne peut pas délibérer"} ·{" "}
            {MAJORITY_LABELS[loaderData.majority]}
          </p>
        )
      }
      popup={notice}
    >
      {loaderData.notYet ? <NotTheDay words={loaderData.notYet} /> : null}
      {loaderData.resolutions.length === 0 && loaderData.elections.length === 0 ? (
        <p className="text-stone-700">Aucune résolution ni élection à l'ordre du jour.</p>
      ) : null}
      {loaderData.resolutions.map((r, n) => (
        <VoteForm key={r.id} resolution={r} rank={n + 1} result={actionData} counting={!loaderData.notYet} />
      ))}
      {loaderData.elections.map((e) => (
        <ElectionForm key={e.id} election={e} result={actionData} counting={!loaderData.notYet} />
      ))}
    </AdminPage>
  );
}
