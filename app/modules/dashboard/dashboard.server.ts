import { euros } from "~/lib/money";
import { currentFeeYear, feeProgress } from "~/modules/register/fees.server";
import { accountBalances } from "~/modules/treasury/book.server";
import { chequesToDepositCount } from "~/modules/treasury/deposits.server";
import { registerCounts } from "~/modules/register/plots.server";
import { gardenersWithTwoWarnings } from "~/modules/register/gardeners.server";
import { data } from "react-router";
import { can, siteScope, type AccountAccess, type Permission } from "~/modules/auth/roles";
import { z } from "zod";
import { BACKUP_STALE_MS, lastBackupDate } from "~/modules/backup/backup-schedule.server";
import { DASHBOARD_EVENTS_COUNT, DASHBOARD_MESSAGES_COUNT, DASHBOARD_POSTS_COUNT } from "~/lib/constants";
import { formatDate, formatDateTime } from "~/lib/dates";
import { parisToday } from "~/lib/paris-time";
import { readFormData } from "~/modules/forms/form-data.server";
import { countPendingAds, countValidatedAds } from "~/modules/ads/ads.server";
import { countUnprocessedApplications } from "~/modules/applications/applications.server";
import { latestPosts } from "~/modules/blog/blog.server";
import { listContactMessages } from "~/modules/contact/contact.server";
import { getSiteContent } from "~/modules/content/content.server";
import { countDemoRows, removeDemoContent } from "~/modules/demo/demo.server";
import { upcomingEvents } from "~/modules/events/events.server";
import { withHistory, type Actor } from "~/modules/history/history.server";
import { countFailedMails, retryFailedMails } from "~/modules/mail/outbox.server";
import { countBouncedMails } from "~/modules/mail/bounces.server";
import { mailDestination, sendTestMail } from "~/modules/mail/mail-test.server";
import { undescribedImages } from "~/modules/publishing/image-descriptions.server";

/** What the back-office's dashboard gathers from every module (product §2), and what its buttons do. */

/** Whether the backups are happening, as the dashboard says it. */
type BackupState = "recent" | "stale" | "missing" | "first-to-come";

/**
 * What the dashboard shows to an account (`access`: its role, and a referent's sites): each part only to the role that
 * opens the screen it links to (writing: posts, events, ads, images; the register's and the fees' figures; to
 * administrators, messages, applications, mail, backups, the demo content and the gardeners facing exclusion). A part
 * the role does not get is not even read. A referent's plots are those of their sites.
 */
export async function dashboardData(access: AccountAccess) {
  const may = (permission: Permission) => can(access.role, permission);
  const scope = siteScope(access);
  const when = <T>(permission: Permission, read: () => Promise<T>, otherwise: T) =>
    may(permission) ? read() : Promise.resolve(otherwise);
  const [
    posts,
    events,
    messages,
    unprocessedApplications,
    validatedAds,
    pendingAds,
    failedMails,
    bouncedMails,
    demoRows,
    site,
    lastBackup,
    undescribed,
    register,
    exclusions,
    fees,
    treasury,
  ] = await Promise.all([
    when("writing", () => latestPosts(DASHBOARD_POSTS_COUNT), []),
    when("writing", () => upcomingEvents(DASHBOARD_EVENTS_COUNT), []),
    when("administration", () => listContactMessages({ limit: DASHBOARD_MESSAGES_COUNT }), []),
    when("administration", countUnprocessedApplications, 0),
    when("writing", countValidatedAds, 0),
    when("writing", countPendingAds, 0),
    when("administration", countFailedMails, 0),
    when("administration", countBouncedMails, 0),
    when("administration", countDemoRows, 0),
    getSiteContent(),
    when("administration", lastBackupDate, null),
    when("writing", undescribedImages, { count: 0, items: [] }),
    registerCounts(scope),
    when("administration", gardenersWithTwoWarnings, []),
    when("fees", () => currentFeeYear().then(async (year) => ({ year, ...(await feeProgress(year)) })), {
      year: 0,
      paid: 0,
      called: 0,
      owedCents: 0,
      receivedCents: 0,
      remainingCents: 0,
    }),
    when("fees", treasuryFigures, { cents: 0, cheques: 0 }),
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
      // As the home page counts them: from the register once it has plots; a referent's, on their sites.
      plotsOccupied: register?.occupied ?? (scope === "all" ? site.parcellesOccupees : 0),
      plotsTotal: register?.total ?? (scope === "all" ? site.parcellesTotal : 0),
      plotsOfOwnSites: scope !== "all",
      // The latest called year's fees: settled out of owed (nothing until a call).
      feesPaid: fees.paid,
      feesCalled: fees.called,
      feeYear: fees.year,
      feesOwed: euros(fees.owedCents),
      feesReceived: euros(fees.receivedCents),
      feesRemaining: euros(fees.remainingCents),
      // What the association's accounts hold today, and the cheques waiting to go to the bank.
      treasuryCents: treasury.cents,
      chequesToDeposit: treasury.cheques,
    },
    failedMails,
    /** Messages the recipient's server refused after they went (bounce mailbox): not sent again. */
    bouncedMails,
    /** Gardeners with two warnings in twelve months: the bureau decides (« exclusion possible selon le règlement »). */
    exclusions: exclusions.map((g) => ({ id: g.id, name: g.name, warnings: Number(g.warnings) })),
    demoRows,
    backup: { last: lastBackup ? `le ${formatDateTime(lastBackup)}` : null, state: backupState(lastBackup) },
    mail: may("administration") ? { destination: mailDestination(), defaultTo: site.email?.trim() ?? "" } : null,
    undescribed,
    /** Which parts this role gets. */
    shows: {
      writing: may("writing"),
      register: may("register"),
      fees: may("fees"),
      administration: may("administration"),
    },
  };
}

/** The book's figures for the treasurer: every account's balance today, the cheques not yet deposited. */
async function treasuryFigures() {
  const [balances, cheques] = await Promise.all([
    accountBalances(Number(parisToday().slice(0, 4))),
    chequesToDepositCount(),
  ]);
  return { cents: balances.reduce((sum, account) => sum + account.closingCents, 0), cheques };
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
export async function runDashboardAction(request: Request, actor: Actor) {
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
    // 502 when the SMTP server refused or could not be reached; without one, the site did what it is set to do.
    return result.ok || result.toFile ? answer : data(answer, { status: 502 });
  }
  if (parsed.data.intent === "removeDemoContent") {
    const removed = await withHistory(
      actor,
      (tx) => removeDemoContent(tx),
      (n) => n > 0 && { kind: "demo.retrait", detail: plural(n, "élément", "éléments") },
    );
    return {
      ok: true as const,
      message: `${plural(removed, "élément", "éléments")} de démonstration ${removed === 1 ? "retiré" : "retirés"}.`,
    };
  }
  const requeued = await withHistory(
    actor,
    (tx) => retryFailedMails(tx),
    (n) => n > 0 && { kind: "mails.renvoi", detail: plural(n, "e-mail", "e-mails") },
  );
  return { ok: true as const, message: `${plural(requeued, "e-mail", "e-mails")} remis dans la file d'envoi.` };
}
