import { env } from "~/server/env.server";
import { isHttps } from "~/server/security.server";
import { getSessionAdmin, type SignedInAdmin } from "./auth.server";

// `__Host-` binds the cookie to this exact origin over HTTPS; development runs over plain http.
export const SESSION_COOKIE = env.NODE_ENV === "production" ? "__Host-session" : "session";
const MAX_AGE_S = 12 * 60 * 60;

/** The value of cookie `name` on a request (the session's, or « Mon jardin »'s), if it carries one. */
export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("Cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return undefined;
}

/** A session cookie `name` holding `token`: HttpOnly, Lax, 12 hours, Secure in production. */
export function sessionCookieOf(name: string, token: string) {
  const secure = env.NODE_ENV === "production" ? "; Secure" : "";
  return `${name}=${encodeURIComponent(token)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${MAX_AGE_S}${secure}`;
}

/** The header that removes session cookie `name`. */
export function clearedCookieOf(name: string) {
  const secure = env.NODE_ENV === "production" ? "; Secure" : "";
  return `${name}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure}`;
}

export const readSessionToken = (request: Request) => readCookie(request, SESSION_COOKIE);
export const sessionCookie = (token: string) => sessionCookieOf(SESSION_COOKIE, token);
export const clearSessionCookie = () => clearedCookieOf(SESSION_COOKIE);

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
