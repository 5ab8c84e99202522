import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { signOutAndRecord } from "~/modules/auth/auth.server";
import { clearSessionCookie, readSessionToken } from "~/modules/auth/session.server";

/** product §2 'Déconnexion': a POST that ends the session and goes to the public site. */
export async function action({ request }: Route.ActionArgs) {
  await signOutAndRecord(readSessionToken(request));
  return redirect("/", { headers: { "Set-Cookie": clearSessionCookie() } });
}

export function loader() {
  return redirect("/");
}
