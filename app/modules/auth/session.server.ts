import { redirect } from "react-router";
import { env } from "~/env.server";
import { getSessionAdmin, type Admin } from "./auth.server";

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

export function getAdmin(request: Request): Promise<Admin | null> {
  return getSessionAdmin(readSessionToken(request));
}

/** Guards throw: a page request goes to /login, an API request gets 401. */
export async function requireAdmin(request: Request, { api = false } = {}): Promise<Admin> {
  const admin = await getAdmin(request);
  if (admin) return admin;
  if (api) throw Response.json({ error: "Session expirée. Veuillez vous reconnecter." }, { status: 401 });
  throw redirect("/login", { headers: { "Set-Cookie": clearSessionCookie() } });
}
