import { env } from "~/server/env.server";
import { isHttps } from "~/server/security.server";
import { getSessionAdmin, type SignedInAdmin } from "./auth.server";

// `__Host-` binds the cookie to this exact origin over HTTPS; development runs over plain http.
export const SESSION_COOKIE = env.NODE_ENV === "production" ? "__Host-session" : "session";
const MAX_AGE_S = 12 * 60 * 60;

export function readSessionToken(request: Request): string | undefined {
  const header = request.headers.get("Cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === SESSION_COOKIE) return decodeURIComponent(rest.join("="));
  }
  return undefined;
}

export function sessionCookie(token: string) {
  const secure = env.NODE_ENV === "production" ? "; Secure" : "";
  return `${SESSION_COOKIE}=${encodeURIComponent(token)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${MAX_AGE_S}${secure}`;
}

export function clearSessionCookie() {
  const secure = env.NODE_ENV === "production" ? "; Secure" : "";
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure}`;
}

// Hosts a browser treats as secure even over plain HTTP: it keeps a Secure cookie for them.
const LOCAL_HOSTS = /^(localhost|.+\.localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

/**
 * True when the sign-in cannot work: in production the session cookie is `__Host-` and Secure, which a browser
 * drops on a plain-HTTP page of any host but this machine's. The sign-in page then says HTTPS is needed.
 */
export function signInNeedsHttps(request: Request, production = env.NODE_ENV === "production") {
  return production && !isHttps(request) && !LOCAL_HOSTS.test(new URL(request.url).hostname);
}

export function getAdmin(request: Request): Promise<SignedInAdmin | null> {
  return getSessionAdmin(readSessionToken(request));
}
