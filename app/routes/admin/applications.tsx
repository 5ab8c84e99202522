import { data } from "react-router";
import type { Route } from "./+types/applications";
import { ApplicationSection } from "~/components/admin/applications/ApplicationSection";
import { ListSearch } from "~/components/admin/ListSearch";
import { SuccessDialog } from "~/components/admin/SuccessDialog";
import { useSaveNotice } from "~/components/admin/use-save-notice";
import { AdminPage } from "~/components/admin/AdminPage";
import { readFormData } from "~/modules/forms/form-data.server";
import { adminMeta } from "~/modules/seo/seo";
import { runApplicationAction } from "~/modules/applications/applications.admin.server";
import { waitingListPlaces } from "~/modules/applications/applicant.server";
import { applicationMailto } from "~/modules/applications/applications.export";
import {
  countApplications,
  listActiveApplications,
  listArchivedApplications,
  type Application,
} from "~/modules/applications/applications.server";
import { ADMIN_PAGE_SIZE, adminListQuery } from "~/server/admin-list.server";
import { getContent } from "~/modules/content/content.server";
import { currentActor } from "~/modules/history/actor.server";

const SEARCH_HINT = "Nom, e-mail, adresse, ville, téléphone, ou date d'envoi (par exemple « mars 2026 »).";
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function meta() {
  return adminMeta("Demandes de jardin");
}

export async function loader({ request }: Route.LoaderArgs) {
  const activePage = adminListQuery(request);
  const archivedPage = adminListQuery(request, "archives");
  const [active, archived, found, all, site] = await Promise.all([
    listActiveApplications(activePage),
    listArchivedApplications(archivedPage),
    countApplications(activePage.q),
    activePage.q ? countApplications() : null,
    getContent(),
  ]);
  const contactEmail = site?.email?.trim() || null;
  // The browser gets what the screen shows, nothing kept in its storage (the spec's local cache left out: product §10).
  const places = await waitingListPlaces();
  const view = ({ isDemo: _isDemo, accessTokenHash: _link, ...application }: Application) => ({
    ...application,
    mailto: contactEmail ? applicationMailto(application, contactEmail) : null,
    waitingList: places.get(application.id) ?? null,
  });
  const pages = (total: number) => Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
  const total = all ?? found;
  return {
    active: active.map(view),
    archived: archived.map(view),
    found,
    list: {
      q: activePage.q,
      // Search and pages appear once the lists outgrow a page, as the rest of the back-office's long lists.
      long: total.active > ADMIN_PAGE_SIZE || total.archived > ADMIN_PAGE_SIZE || activePage.q !== "",
      active: { page: activePage.page, pages: pages(found.active) },
      archived: { page: archivedPage.page, pages: pages(found.archived) },
    },
    hasContactEmail: contactEmail !== null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const fields = Object.fromEntries(await readFormData(request)) as Record<string, string>;
  const result = await runApplicationAction(fields, currentActor(context));
  return result.ok ? result : data(result, { status: result.status });
}

export default function AdminApplications({ loaderData, actionData }: Route.ComponentProps) {
  const { active, archived, found, list, hasContactEmail } = loaderData;
  const deleted = actionData?.ok && actionData.deleted ? actionData.message : null;
  const notice = useSaveNotice(actionData && !deleted ? actionData.message : null);
  // Closed with OK while the page's data is still being read again, it stays closed at the location that arrives.
  const deletion = useSaveNotice(deleted);
  return (
    <AdminPage title="Demandes de jardin" popup={{ ...notice, error: actionData?.ok === false }}>
      {!hasContactEmail && (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          L'envoi d'une demande par e-mail utilise l'adresse de l'association : renseignez-la dans les Paramètres,
          section « Informations de contact ».
        </p>
      )}
      {list.long && <ListSearch label="Rechercher une demande" hint={SEARCH_HINT} q={list.q} />}
      {list.q && (
        <p className="text-sm text-stone-600">
          Pour « {list.q} » : {plural(found.active, "demande active", "demandes actives")} et{" "}
          {plural(found.archived, "demande archivée", "demandes archivées")}.
        </p>
      )}
      <ApplicationSection
        id="demandes-actives"
        title={`Demandes actives (${found.active})`}
        applications={active}
        empty="Aucune demande active enregistrée."
        q={list.q}
        page={list.active}
        param="page"
      />
      <ApplicationSection
        id="demandes-archivees"
        title="Demandes archivées"
        applications={archived}
        empty="Aucune demande archivée."
        q={list.q}
        page={list.archived}
        param="archives"
      />
      {deletion.message && <SuccessDialog key={deletion.formKey} message={deletion.message} onClose={deletion.close} />}
    </AdminPage>
  );
}
