import { data, redirect } from "react-router";
import { readFormData } from "~/modules/forms/form-data.server";
import { clearGardenerCookie, readGardenerToken } from "~/modules/garden-space/gardener-session.server";
import { GARDEN_PAGE_HEADERS, signOutSchema } from "~/modules/garden-space/gardener-signin.schema";
import { signOutGardener } from "~/modules/garden-space/gardener-signin.server";
import type { Route } from "./+types/sign-out";

/**
 * POST /mon-jardin/deconnexion — « Se déconnecter » (this browser) or « Se déconnecter partout » (every session of the
 * gardener); either way the cookie goes and the page is /mon-jardin's sign-in form again.
 */
export async function action({ request }: Route.ActionArgs) {
  const parsed = signOutSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) return data(parsed.error.issues[0].message, { status: 400, headers: GARDEN_PAGE_HEADERS });
  await signOutGardener(readGardenerToken(request), parsed.data.intent === "partout");
  return redirect("/mon-jardin", { headers: { "Set-Cookie": clearGardenerCookie(), ...GARDEN_PAGE_HEADERS } });
}

// Signing out is a POST: a link opened, or a prefetch, signs no one out.
export function loader() {
  return redirect("/mon-jardin");
}
