import type { Route } from "./+types/helloasso-notification";
import { readNotification } from "~/modules/helloasso/notification.server";

/**
 * POST /api/helloasso/notification: the address pasted in HelloAsso's back-office. Always 200 once read (the
 * outcome is logged for the bureau): HelloAsso has nothing to retry, and a forged call learns nothing.
 */
export async function action({ request }: Route.ActionArgs) {
  return readNotification(request);
}

export function loader() {
  return new Response("Adresse des notifications HelloAsso : elle n'accepte que leurs envois (POST).", {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8" },
  });
}
