import type { Route } from "./+types/documents";
import { AdminPage } from "~/components/admin/AdminPage";
import { Section } from "~/components/admin/admin-ui";
import { DocumentCard } from "~/components/admin/documents/DocumentCard";
import { DescriptionFields, DocumentForm } from "~/components/admin/documents/DocumentForm";
import { useSaveNotice } from "~/components/admin/use-save-notice";
import { currentActor } from "~/modules/history/actor.server";
import { documentsScreen, runDocumentAction } from "~/modules/documents/documents.admin.server";
import { adminMeta } from "~/modules/seo/seo";

export function meta() {
  return adminMeta("Documents");
}

/** /admin/documents: the association's documents by kind, each with its versions; add, replace, change, delete. */
export async function loader() {
  return documentsScreen();
}

export async function action({ request, context }: Route.ActionArgs) {
  return runDocumentAction(request, currentActor(context));
}

export default function AdminDocuments({ loaderData, actionData }: Route.ComponentProps) {
  const { groups, today } = loaderData;
  const result = actionData ?? undefined;
  // A form sent back with its fields' messages says so in the form; the rest (done, a document gone) in the popup.
  const inForm = result && !result.ok && Object.keys(result.errors).length > 0;
  const notice = useSaveNotice(result && !inForm ? result.message : null);
  return (
    <AdminPage
      title="Documents"
      intro={
        <p className="mt-2 text-stone-600">
          Statuts, règlement intérieur, procès-verbaux, rapports, conventions. Un document public est listé sur la page
          « Notre association » ; un document réservé aux membres ne s'ouvre que par leur lien personnel.
        </p>
      }
      popup={{ ...notice, error: result ? !result.ok : false }}
    >
      {groups.length === 0 ? (
        <p className="rounded-xl bg-white p-4 text-stone-700 ring-1 ring-stone-200">
          Aucun document pour le moment. Ajoutez les statuts et le règlement intérieur ci-dessous.
        </p>
      ) : (
        groups.map((group) => (
          <section key={group.kind} aria-labelledby={`groupe-${group.kind}`} className="space-y-3">
            <h2 id={`groupe-${group.kind}`} className="text-xl font-bold text-brand-800">
              {group.label}
            </h2>
            <ul className="space-y-3">
              {group.documents.map((doc) => (
                <DocumentCard key={`${doc.id}-${notice.formKey}`} doc={doc} today={today} result={result} />
              ))}
            </ul>
          </section>
        ))
      )}
      <Section
        id="ajouter"
        title="Ajouter un document"
        description="Un PDF, ou la photo d'une page. Le fichier est vérifié à son contenu, pas à son nom."
      >
        <DocumentForm
          key={notice.formKey}
          intent="create"
          result={result}
          values={{ date: today, visibility: "public" }}
          submit="Ajouter le document"
        >
          <DescriptionFields />
        </DocumentForm>
      </Section>
    </AdminPage>
  );
}
