import { data } from "react-router";
import { useState } from "react";
import type { Route } from "./+types/applications";
import { Section } from "~/components/admin/admin-ui";
import { ApplicationCard } from "~/components/admin/applications/ApplicationCard";
import { SuccessDialog } from "~/components/admin/SuccessDialog";
import { useSaveNotice } from "~/components/admin/use-save-notice";
import { FeedbackPopup } from "~/components/FeedbackPopup";
import { readFormData } from "~/modules/forms/form-data.server";
import { adminMeta } from "~/modules/seo/seo";
import { runApplicationAction } from "~/modules/applications/applications.admin.server";
import { waitingListPlaces } from "~/modules/applications/applicant.server";
import { applicationMailto } from "~/modules/applications/applications.export";
import {
  listActiveApplications,
  listArchivedApplications,
  type Application,
} from "~/modules/applications/applications.server";
import { getContent } from "~/modules/content/content.server";
import { currentActor } from "~/modules/history/actor.server";

export function meta() {
  return adminMeta("Demandes de jardin");
}

export async function loader() {
  const [active, archived, site] = await Promise.all([
    listActiveApplications(),
    listArchivedApplications(),
    getContent(),
  ]);
  const contactEmail = site?.email?.trim() || null;
  // The browser gets what the screen shows, nothing kept in its storage (SPEC's local cache deliberately left out).
  const places = await waitingListPlaces();
  const view = ({ isDemo: _isDemo, accessTokenHash: _link, ...application }: Application) => ({
    ...application,
    mailto: contactEmail ? applicationMailto(application, contactEmail) : null,
    waitingList: places.get(application.id) ?? null,
  });
  return { active: active.map(view), archived: archived.map(view), hasContactEmail: contactEmail !== null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const fields = Object.fromEntries(await readFormData(request)) as Record<string, string>;
  const result = await runApplicationAction(fields, currentActor(context));
  return result.ok ? result : data(result, { status: result.status });
}

export default function AdminApplications({ loaderData, actionData }: Route.ComponentProps) {
  const { active, archived, hasContactEmail } = loaderData;
  const deleted = actionData?.ok && actionData.deleted ? actionData.message : null;
  const notice = useSaveNotice(actionData && !deleted ? actionData.message : null);
  // Dismissed for this very answer of the action: a later render (a revalidation, a new location key) keeps it closed.
  const [dismissed, setDismissed] = useState<typeof actionData>(undefined);
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <h1 className="text-2xl font-bold text-stone-900">Demandes de jardin</h1>
      {!hasContactEmail && (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          L'envoi d'une demande par e-mail utilise l'adresse de l'association : renseignez-la dans les Paramètres,
          section « Informations de contact ».
        </p>
      )}
      <Section id="demandes-actives" title={`Demandes actives (${active.length})`}>
        {active.length === 0 ? (
          <p className="text-stone-600">Aucune demande active enregistrée.</p>
        ) : (
          <div className="space-y-4">
            {active.map((application) => (
              <ApplicationCard key={application.id} application={application} />
            ))}
          </div>
        )}
      </Section>
      <Section id="demandes-archivees" title="Demandes archivées">
        {archived.length === 0 ? (
          <p className="text-stone-600">Aucune demande archivée.</p>
        ) : (
          <div className="space-y-4">
            {archived.map((application) => (
              <ApplicationCard key={application.id} application={application} />
            ))}
          </div>
        )}
      </Section>
      {deleted && dismissed !== actionData && (
        <SuccessDialog key={notice.formKey} message={deleted} onClose={() => setDismissed(actionData)} />
      )}
      <FeedbackPopup
        message={notice.message}
        tone={actionData?.ok === false ? "error" : "success"}
        onClose={notice.close}
      />
    </div>
  );
}
