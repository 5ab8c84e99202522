import { redirect } from "react-router";
import { clearedCookieOf, readCookie, sessionCookieOf } from "~/modules/auth/session.server";
import { env } from "~/server/env.server";
import { gardenerOfSession, type SignedInGardener } from "./gardener-auth.server";

// Its own cookie, beside the administrators' `__Host-session`: a gardener's session is never taken for an admin's.
export const GARDENER_COOKIE = env.NODE_ENV === "production" ? "__Host-jardin" : "jardin";

export const readGardenerToken = (request: Request) => readCookie(request, GARDENER_COOKIE);
export const gardenerCookie = (token: string) => sessionCookieOf(GARDENER_COOKIE, token);
export const clearGardenerCookie = () => clearedCookieOf(GARDENER_COOKIE);

/** The gardener signed in to « Mon jardin » on this request, or null. */
export function getGardener(request: Request): Promise<SignedInGardener | null> {
  return gardenerOfSession(readGardenerToken(request));
}

/** The signed-in gardener, or a redirect to /mon-jardin (its sign-in form) that drops a stale cookie. */
export async function requireGardener(request: Request): Promise<SignedInGardener> {
  const gardener = await getGardener(request);
  if (gardener) return gardener;
  throw redirect(
    "/mon-jardin",
    readGardenerToken(request) ? { headers: { "Set-Cookie": clearGardenerCookie() } } : undefined,
  );
}
