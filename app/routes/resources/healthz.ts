import { pingDatabase } from "~/db/client.server";

/** For a load balancer or uptime check: 200 when the database answers. */
export async function loader() {
  try {
    await pingDatabase();
    return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
  } catch {
    return Response.json({ status: "error" }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
