import { pingDatabase } from "~/db/client.server";
import { lastBackupDate } from "~/modules/backup/backup-schedule.server";
import { outboxBacklog } from "~/modules/mail/outbox.server";

const noStore = { "Cache-Control": "no-store" };

/**
 * For a load balancer or an uptime check: 200 with the outbox backlog and the last backup when the database
 * answers, 503 when it does not. Counts only: nothing personal.
 */
export async function loader() {
  try {
    await pingDatabase();
  } catch {
    return Response.json({ status: "error", database: "injoignable" }, { status: 503, headers: noStore });
  }
  const [outbox, lastBackup] = await Promise.all([outboxBacklog(), lastBackupDate()]);
  return Response.json(
    {
      status: "ok",
      database: "ok",
      outbox: {
        pending: outbox.pending,
        failed: outbox.failed,
        oldestPendingSince: outbox.oldestPendingSince?.toISOString() ?? null,
      },
      lastBackup: lastBackup?.toISOString() ?? null,
    },
    { headers: noStore },
  );
}
