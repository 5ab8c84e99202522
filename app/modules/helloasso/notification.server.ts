import { logger } from "~/server/logger.server";
import { receiveNotification } from "./online-payments.server";

/** A notification is a few kilobytes of JSON; more is not HelloAsso's. */
const MAX_BYTES = 256 * 1024;

/** Reads a notification's body, bounded, and hands it to `receiveNotification`: 400 for what is not JSON. */
export async function readNotification(request: Request) {
  const length = Number(request.headers.get("Content-Length") ?? 0);
  if (length > MAX_BYTES) return Response.json({ error: "trop volumineux" }, { status: 413 });
  const text = await request.text();
  if (text.length > MAX_BYTES) return Response.json({ error: "trop volumineux" }, { status: 413 });
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return Response.json({ error: "JSON attendu" }, { status: 400 });
  }
  const outcome = await receiveNotification(body);
  // The outcome only: the body holds the payer's name and address, which stay out of the logs.
  logger.info({ outcome }, "notification HelloAsso");
  return Response.json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
}
