import { redirect } from "react-router";
import { env } from "~/server/env.server";
import { gardenerOfSession, type SignedInGardener } from "./gardener-auth.server";

// Its own cookie, beside the administrators' `__Host-session`: a gardener's session is never taken for an admin's.
export const GARDENER_COOKIE = env.NODE_ENV === "production" ? "__Host-jardin" : "jardin";
const MAX_AGE_S = 12 * 60 * 60;

export function readGardenerToken(request: Request): string | undefined {
  const header = request.headers.get("Cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === GARDENER_COOKIE) return decodeURIComponent(rest.join("="));
  }
  return undefined;
}

export function gardenerCookie(token: string) {
  const secure = env.NODE_ENV === "production" ? "; Secure" : "";
  return `${GARDENER_COOKIE}=${encodeURIComponent(token)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${MAX_AGE_S}${secure}`;
}

export function clearGardenerCookie() {
  const secure = env.NODE_ENV === "production" ? "; Secure" : "";
  return `${GARDENER_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure}`;
}

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
