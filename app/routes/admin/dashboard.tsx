import { Link, data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/dashboard";
import {
  BackupStatus,
  type BackupState,
  DashboardCard,
  MailStatus,
  DemoContentNotice,
  FailedMails,
  LinkedList,
  Stat,
} from "~/components/admin/DashboardParts";
import { BACKUP_STALE_MS, lastBackupDate } from "~/modules/backup/backup-schedule.server";
import { MessageList } from "~/components/admin/MessageList";
import { formatDate, formatDateTime } from "~/lib/dates";
import { readFormData } from "~/lib/form-data.server";
import { adminMeta } from "~/lib/seo";
import { useIntervalRevalidation } from "~/lib/use-interval-revalidation";
import { countPendingAds, countValidatedAds } from "~/modules/ads/ads.server";
import { countUnprocessedApplications } from "~/modules/applications/applications.server";
import { latestPosts } from "~/modules/blog/blog.server";
import { listContactMessages } from "~/modules/contact/contact.server";
import { getSiteContent } from "~/modules/content/content.server";
import { countDemoRows, removeDemoContent } from "~/modules/demo/demo.server";
import { upcomingEvents } from "~/modules/events/events.server";
import { currentActor } from "~/modules/history/actor.server";
import { withHistory } from "~/modules/history/history.server";
import { countFailedMails, retryFailedMails } from "~/modules/mail/mail.server";
import { mailDestination, sendTestMail } from "~/modules/mail/mail-test.server";

const DASHBOARD_REFRESH_MS = 30 * 1000;
const DASHBOARD_ITEMS = 3;
const DASHBOARD_MESSAGES = 5;

export async function loader() {
  const [
    posts,
    events,
    messages,
    unprocessedApplications,
    validatedAds,
    pendingAds,
    failedMails,
    demoRows,
    site,
    lastBackup,
  ] = await Promise.all([
    latestPosts(DASHBOARD_ITEMS),
    upcomingEvents(DASHBOARD_ITEMS),
    listContactMessages({ limit: DASHBOARD_MESSAGES }),
    countUnprocessedApplications(),
    countValidatedAds(),
    countPendingAds(),
    countFailedMails(),
    countDemoRows(),
    getSiteContent(),
    lastBackupDate(),
  ]);
  return {
    posts: posts.map((p) => ({
      key: p.id,
      to: `/admin/blog?edit=${p.id}`,
      title: p.title,
      details: `le ${formatDate(p.createdAt)}`,
    })),
    events: events.map((e) => ({
      key: e.id,
      to: `/admin/events?edit=${e.id}`,
      title: e.title,
      details: `le ${formatDateTime(e.start)}`,
    })),
    messages: messages.map((m) => ({
      id: m.id,
      name: m.name,
      subject: m.subject,
      createdAt: m.createdAt.toISOString(),
    })),
    counts: {
      unprocessedApplications,
      validatedAds,
      pendingAds,
      plotsOccupied: site.parcellesOccupees,
      plotsTotal: site.parcellesTotal,
    },
    failedMails,
    demoRows,
    backup: { last: lastBackup ? `le ${formatDateTime(lastBackup)}` : null, state: backupState(lastBackup) },
    mail: { destination: mailDestination(), defaultTo: site.email?.trim() ?? "" },
  };
}

/** A server up for an hour without any backup has failed to make its first one. */
function backupState(last: Date | null): BackupState {
  if (!last) return process.uptime() > 3600 ? "missing" : "first-to-come";
  return Date.now() - last.getTime() > BACKUP_STALE_MS ? "stale" : "recent";
}

const dashboardActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.enum(["retryFailedMails", "removeDemoContent"]) }),
  z.object({
    intent: z.literal("testMail"),
    to: z
      .string()
      .trim()
      .pipe(z.email({ error: "Adresse e-mail invalide." })),
  }),
]);

const plural = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

/** Puts the e-mails given up after every retry back in the queue, or removes the demo content. */
export async function action({ request, context }: Route.ActionArgs) {
  const parsed = dashboardActionSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) {
    const badAddress = parsed.error.issues.some((issue) => issue.path[0] === "to");
    return data(
      { ok: false as const, message: badAddress ? "Adresse e-mail invalide." : "Action inconnue." },
      { status: 400 },
    );
  }
  if (parsed.data.intent === "testMail") {
    const result = await sendTestMail(parsed.data.to);
    const answer = { ok: result.ok, message: result.message, testMail: true as const };
    return result.ok ? answer : data(answer, { status: 502 });
  }
  if (parsed.data.intent === "removeDemoContent") {
    const removed = await withHistory(
      currentActor(context),
      (tx) => removeDemoContent(tx),
      (n) => n > 0 && { kind: "demo.retrait", detail: plural(n, "élément", "éléments") },
    );
    return {
      ok: true as const,
      message: `${plural(removed, "élément", "éléments")} de démonstration ${removed === 1 ? "retiré" : "retirés"}.`,
    };
  }
  const requeued = await withHistory(
    currentActor(context),
    (tx) => retryFailedMails(tx),
    (n) => n > 0 && { kind: "mails.renvoi", detail: plural(n, "e-mail", "e-mails") },
  );
  return { ok: true as const, message: `${plural(requeued, "e-mail", "e-mails")} remis dans la file d'envoi.` };
}

export function meta() {
  return adminMeta("Tableau de bord");
}

const QUICK_LINKS = [
  ["/admin/blog", "Gérer le blog"],
  ["/admin/events", "Gérer les événements"],
  ["/admin/applications", "Voir les demandes"],
  ["/admin/annonces", "Valider les annonces"],
] as const;

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  useIntervalRevalidation(DASHBOARD_REFRESH_MS);
  const { posts, events, messages, counts, failedMails, demoRows, backup, mail } = loaderData;
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <h1 className="text-2xl font-bold text-stone-900">Tableau de bord</h1>
      {actionData && !("testMail" in actionData) && (
        <output
          className={`block rounded-lg p-3 font-medium ring-1 ${actionData.ok ? "bg-brand-50 text-brand-900 ring-brand-200" : "bg-red-50 text-red-800 ring-red-200"}`}
        >
          {actionData.message}
        </output>
      )}
      {failedMails > 0 && <FailedMails count={failedMails} />}
      {demoRows > 0 && <DemoContentNotice count={demoRows} />}

      <section aria-label="Chiffres clés" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <Stat label="Demandes non traitées" value={counts.unprocessedApplications} to="/admin/applications" />
        <Stat label="Annonces validées" value={counts.validatedAds} to="/admin/annonces" />
        <Stat label="Annonces en attente" value={counts.pendingAds} to="/admin/annonces" />
        <Stat
          label="Parcelles occupées"
          value={
            <>
              {counts.plotsOccupied}
              <span className="text-lg font-semibold text-stone-500"> / {counts.plotsTotal}</span>
            </>
          }
          to="/admin/settings#settings-plots"
        />
      </section>

      <nav aria-label="Accès rapides" className="flex flex-wrap gap-2">
        {QUICK_LINKS.map(([to, label]) => (
          <Link
            key={to}
            to={to}
            className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
          >
            {label}
          </Link>
        ))}
      </nav>

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
      <DashboardCard
        id="derniers-messages"
        title="Derniers messages"
        more={{ to: "/admin/messages", label: "Tous les messages" }}
      >
        <MessageList messages={messages} empty="Aucun message reçu." />
      </DashboardCard>
      <div className="grid gap-6 lg:grid-cols-2">
        <BackupStatus last={backup.last} state={backup.state} />
        <MailStatus
          destination={mail.destination}
          defaultTo={mail.defaultTo}
          result={actionData && "testMail" in actionData ? actionData : null}
        />
      </div>
    </div>
  );
}
