import { Link } from "react-router";
import type { Route } from "./+types/assembly";
import { AgendaForm } from "~/components/admin/assembly/AgendaForm";
import { AnswersSection } from "~/components/admin/assembly/AnswersSection";
import { AssemblyRulesForm } from "~/components/admin/assembly/AssemblyRulesForm";
import { ConvocationSection } from "~/components/admin/assembly/ConvocationSection";
import { DocumentsForm } from "~/components/admin/assembly/DocumentsForm";
import { MembershipSection } from "~/components/admin/assembly/MembershipSection";
import { PaperAnswerForm } from "~/components/admin/assembly/PaperAnswerForm";
import { AdminPage, backLinkClass } from "~/components/admin/AdminPage";
import { noticeOf } from "~/components/admin/plots/IntentForm";
import { useSaveNotice } from "~/components/admin/use-save-notice";
import { quietButtonClass } from "~/components/form/styles";
import { readFormData } from "~/modules/forms/form-data.server";
import { currentActor } from "~/modules/history/actor.server";
import { assemblyScreen, runAssemblyAction } from "~/modules/assembly/assembly.admin.server";
import { adminMeta } from "~/modules/seo/seo";

export function meta({ loaderData }: Route.MetaArgs) {
  return adminMeta(loaderData?.title ?? "Assemblée générale");
}

/** /admin/assemblees/:id: the rules, the agenda, the documents, the convocation and the answers. */
export async function loader({ params }: Route.LoaderArgs) {
  return assemblyScreen(params.id);
}

export async function action({ params, request, context }: Route.ActionArgs) {
  return runAssemblyAction(params.id, await readFormData(request), currentActor(context));
}

/** Once convened, the screens of the assembly's day. */
function DayLinks({ id }: { id: number }) {
  return (
    <nav aria-label="Le jour de l'assemblée" className="flex flex-wrap gap-2">
      <Link to={`/admin/assemblees/${id}/presence`} className={quietButtonClass}>
        Présence et quorum
      </Link>
      <a href={`/admin/assemblees/${id}/emargement`} className={quietButtonClass}>
        Feuille d'émargement
      </a>
      <Link to={`/admin/assemblees/${id}/votes`} className={quietButtonClass}>
        Votes
      </Link>
      <Link to={`/admin/assemblees/${id}/proces-verbal`} className={quietButtonClass}>
        Procès-verbal
      </Link>
    </nav>
  );
}

export default function AdminAssembly({ loaderData: a, actionData }: Route.ComponentProps) {
  const notice = useSaveNotice(noticeOf(actionData));
  // The rules, the agenda and the documents are those the convocation announced.
  const locked = a.convoked !== null;
  return (
    <AdminPage
      title={a.title}
      back={
        <Link to="/admin/assemblees" className={backLinkClass}>
          Retour aux assemblées
        </Link>
      }
      intro={[a.eventTitle, ...a.practical].map((line) => (
        <p key={line} className="text-stone-700">
          {line}
        </p>
      ))}
      popup={notice}
    >
      {a.convoked ? <DayLinks id={a.id} /> : null}
      <ConvocationSection a={{ ...a, convocationDays: a.settings.convocationDays }} result={actionData} />
      {a.membership ? <MembershipSection membership={a.membership} /> : null}
      {a.convoked ? <AnswersSection answers={a.answers} members={a.members} /> : null}
      {a.paperAnswers ? <PaperAnswerForm members={a.paperAnswers} result={actionData} /> : null}
      <AssemblyRulesForm settings={a.settings} locked={locked} result={actionData} />
      <AgendaForm agenda={a.agenda} locked={locked} result={actionData} />
      <DocumentsForm documents={a.documents} locked={locked} result={actionData} />
    </AdminPage>
  );
}
