import { euros } from "~/lib/money";
import { Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { AdminPage } from "~/components/admin/AdminPage";
import {
  BackupStatus,
  BouncedMails,
  DashboardCard,
  MailStatus,
  DemoContentNotice,
  ExclusionCases,
  FailedMails,
  LinkedList,
  Stat,
  UndescribedImages,
} from "~/components/admin/DashboardParts";
import { LegalNoticeWarning } from "~/components/admin/LegalNoticeWarning";
import { AnomaliesNotice } from "~/components/admin/fees/AnomaliesNotice";
import { MessageList } from "~/components/admin/MessageList";
import { DASHBOARD_REFRESH_MS } from "~/lib/constants";
import { dashboardData, runDashboardAction } from "~/modules/dashboard/dashboard.server";
import { adminMeta } from "~/modules/seo/seo";
import { useIntervalRevalidation } from "~/lib/use-interval-revalidation";
import { currentActor } from "~/modules/history/actor.server";
import { missingLegalFacts } from "~/modules/content/legal-notice";
import { getSiteContent } from "~/modules/content/content.server";
import { electedPresident } from "~/modules/assembly/assembly.election.server";
import { anomalyLinks } from "~/modules/helloasso/helloasso.admin.server";
import { signedInAdmin } from "~/request/context";

export async function loader({ context }: Route.LoaderArgs) {
  const [data, content, president, anomalies] = await Promise.all([
    dashboardData(signedInAdmin(context)),
    getSiteContent(),
    electedPresident(),
    anomalyLinks(),
  ]);
  const legal = { ...content.legal, directeurPublication: content.legal.directeurPublication?.trim() || president };
  return {
    ...data,
    legalMissing: data.shows.administration ? missingLegalFacts(legal) : [],
    anomalies: data.shows.fees ? anomalies : [],
  };
}

/** Puts the e-mails given up after every retry back in the queue, removes the demo content, or sends a test e-mail. */
export async function action({ request, context }: Route.ActionArgs) {
  return runDashboardAction(request, currentActor(context));
}

export function meta() {
  return adminMeta("Tableau de bord");
}

const QUICK_LINKS = [
  ["/admin/blog", "Gérer le blog", "writing"],
  ["/admin/events", "Gérer les événements", "writing"],
  ["/admin/applications", "Voir les demandes", "administration"],
  ["/admin/annonces", "Valider les annonces", "writing"],
  ["/admin/parcelles", "Voir les parcelles", "register"],
  ["/admin/cotisations", "Suivre les cotisations", "fees"],
] as const;

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  useIntervalRevalidation(DASHBOARD_REFRESH_MS);
  const {
    posts,
    events,
    messages,
    counts,
    failedMails,
    bouncedMails,
    demoRows,
    backup,
    mail,
    undescribed,
    exclusions,
    legalMissing,
    anomalies,
    shows,
  } = loaderData;
  // An administrator's quick links stay the four of the spec; another role gets those of its own screens.
  const quickLinks = QUICK_LINKS.filter(
    ([, , part]) => shows[part] && (!shows.administration || part === "writing" || part === "administration"),
  );
  return (
    <AdminPage title="Tableau de bord" width="5xl">
      {actionData && !("testMail" in actionData) && (
        <output
          className={`block rounded-lg p-3 font-medium ring-1 ${actionData.ok ? "bg-brand-50 text-brand-900 ring-brand-200" : "bg-red-50 text-red-800 ring-red-200"}`}
        >
          {actionData.message}
        </output>
      )}
      {failedMails > 0 && <FailedMails count={failedMails} />}
      {bouncedMails > 0 && <BouncedMails count={bouncedMails} />}
      {demoRows > 0 && <DemoContentNotice count={demoRows} />}
      <LegalNoticeWarning missing={legalMissing} />
      <ExclusionCases gardeners={exclusions} />
      <AnomaliesNotice anomalies={anomalies} />

      <section aria-label="Chiffres clés" className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-5">
        {shows.administration && (
          <Stat label="Demandes non traitées" value={counts.unprocessedApplications} to="/admin/applications" />
        )}
        {shows.writing && (
          <>
            <Stat label="Annonces validées" value={counts.validatedAds} to="/admin/annonces" />
            <Stat label="Annonces en attente" value={counts.pendingAds} to="/admin/annonces" />
          </>
        )}
        <Stat
          label={counts.plotsOfOwnSites ? "Parcelles occupées dans vos jardins" : "Parcelles occupées"}
          value={
            <>
              {counts.plotsOccupied}
              <span className="text-lg font-semibold text-stone-500"> / {counts.plotsTotal}</span>
            </>
          }
          to={shows.register ? "/admin/parcelles" : undefined}
        />
        {counts.feesCalled > 0 && (
          <Stat
            label={`Cotisations ${counts.feeYear} payées`}
            value={
              <>
                {counts.feesPaid}
                <span className="text-lg font-semibold text-stone-500"> / {counts.feesCalled}</span>
              </>
            }
            detail={`${counts.feesOwed} appelés, ${counts.feesReceived} reçus, ${counts.feesRemaining} à recevoir`}
            to="/admin/cotisations"
          />
        )}
        {shows.fees && (
          <Stat label="Solde des comptes" value={euros(counts.treasuryCents)} to="/admin/tresorerie" wide />
        )}
        {shows.fees && counts.chequesToDeposit > 0 && (
          <Stat label="Chèques à remettre" value={counts.chequesToDeposit} to="/admin/tresorerie/remises" />
        )}
      </section>

      <nav aria-label="Accès rapides" className="flex flex-wrap gap-2">
        {quickLinks.map(([to, label]) => (
          <Link
            key={to}
            to={to}
            className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
          >
            {label}
          </Link>
        ))}
      </nav>

      {shows.writing && (
        <div className="grid gap-6 lg:grid-cols-2">
          <DashboardCard
            id="articles-recents"
            title="Articles récents"
            more={{ to: "/admin/blog", label: "Tous les articles" }}
          >
            <LinkedList items={posts} empty="Aucun billet publié." />
          </DashboardCard>
          <DashboardCard
            id="evenements-a-venir"
            title="Événements à venir"
            more={{ to: "/admin/events", label: "Tous les événements" }}
          >
            <LinkedList items={events} empty="Aucun événement à venir." />
          </DashboardCard>
        </div>
      )}
      {undescribed.count > 0 ? <UndescribedImages count={undescribed.count} items={undescribed.items} /> : null}
      {shows.administration && (
        <DashboardCard
          id="derniers-messages"
          title="Derniers messages"
          more={{ to: "/admin/messages", label: "Tous les messages" }}
        >
          <MessageList messages={messages} empty="Aucun message reçu." />
        </DashboardCard>
      )}
      {mail && (
        <div className="grid gap-6 lg:grid-cols-2">
          <BackupStatus last={backup.last} state={backup.state} />
          <MailStatus
            destination={mail.destination}
            defaultTo={mail.defaultTo}
            result={actionData && "testMail" in actionData ? actionData : null}
          />
        </div>
      )}
    </AdminPage>
  );
}
