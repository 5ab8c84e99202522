import { createContext, type RouterContextProvider } from "react-router";
import type { SiteContent } from "~/modules/content/content.defaults";
import type { AccountAccess } from "~/modules/auth/roles";

/** Per-request CSP nonce, set by the root middleware and read by the document render. */
export const nonceContext = createContext<string>("");
/** The visitor's address as the HTTP server saw it (used for sign-in throttling). */
export const clientIpContext = createContext<string>("unknown");
/** The signed-in administrator, set by the admin middleware. */
export const adminContext = createContext<
  ({ id: number; username: string; displayName?: string | null } & AccountAccess) | null
>(null);

/** The administrator of an /admin request: the admin middleware has refused any request without one. */
export function signedInAdmin(context: Readonly<RouterContextProvider>) {
  const admin = context.get(adminContext);
  if (!admin) throw new Response(null, { status: 401 });
  return admin;
}
/**
 * The site content for this request, read once by the public layout's middleware and shared by the
 * layout and page loaders (which run in parallel).
 */
export const siteContentContext = createContext<Promise<SiteContent>>();
