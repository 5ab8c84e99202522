import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { outbox } from "~/db/schema";
import { countFailedMails, enqueueMail } from "~/modules/mail/mail.server";
import { describeEachDatabase } from "../../../tests/db";
import { action, loader } from "./dashboard";
import type { Route } from "./+types/dashboard";

async function failedMail(to: string) {
  const { id } = await enqueueMail(getDb(), { to, subject: "Nouvelle demande", text: "Bonjour" });
  await getDb().update(outbox).set({ status: "failed", attempts: 6, lastError: "connexion refusée" }).where(eq(outbox.id, id));
}

function post(fields: Record<string, string>) {
  const request = new Request("http://localhost:3000/admin", { method: "POST", body: new URLSearchParams(fields) });
  return action({ request, params: {}, context: {} } as unknown as Route.ActionArgs);
}

describeEachDatabase("admin dashboard", () => {
  it("counts the e-mails given up after every retry", async () => {
    await failedMail("bureau@jardins.example");
    await failedMail("karim@example.org");
    await enqueueMail(getDb(), { to: "camille@example.org", subject: "En attente", text: "Bonjour" });
    const data = await loader();
    expect(data.failedMails).toBe(2);
  });

  it("puts failed e-mails back in the queue and says how many", async () => {
    await failedMail("bureau@jardins.example");
    await failedMail("karim@example.org");
    expect(await post({ intent: "retryFailedMails" })).toEqual({ ok: true, message: "2 e-mails remis dans la file d'envoi." });
    expect(await countFailedMails()).toBe(0);
    const rows = await getDb().select().from(outbox);
    expect(rows.map((r) => [r.status, r.attempts, r.lastError])).toEqual([
      ["pending", 0, null],
      ["pending", 0, null],
    ]);
  });

  it("refuses an unknown action with 400 and changes nothing", async () => {
    await failedMail("bureau@jardins.example");
    const result = (await post({ intent: "deleteEverything" })) as unknown as { init: ResponseInit; data: unknown };
    expect(result.init.status).toBe(400);
    expect(result.data).toEqual({ ok: false, message: "Action inconnue." });
    expect(await countFailedMails()).toBe(1);
  });
});
