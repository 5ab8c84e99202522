import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { getDb, useDatabase } from "~/db/client.server";
import { outbox } from "~/db/schema";
import { enqueueMail } from "~/modules/mail/outbox.server";
import { describeEachDatabase } from "../../../tests/db";
import { loader } from "./healthz";

describeEachDatabase("/healthz", () => {
  it("reports the database, the outbox backlog and the last backup", async () => {
    await enqueueMail(getDb(), { to: "a@example.fr", subject: "Un", text: "x" });
    const { id } = await enqueueMail(getDb(), { to: "b@example.fr", subject: "Deux", text: "x" });
    await getDb().update(outbox).set({ status: "failed" }).where(eq(outbox.id, id));
    const response = await loader();
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const body = await response.json();
    expect(body).toMatchObject({ status: "ok", database: "ok", outbox: { pending: 1, failed: 1 } });
    expect(Date.now() - new Date(body.outbox.oldestPendingSince).getTime()).toBeLessThan(60_000);
    expect(body).toHaveProperty("lastBackup");
    expect(JSON.stringify(body)).not.toContain("example.fr");
  });
});

it("answers 503 when the database does not answer", async () => {
  useDatabase(undefined);
  const response = await loader();
  expect(response.status).toBe(503);
  expect(await response.json()).toEqual({ status: "error", database: "injoignable" });
});
