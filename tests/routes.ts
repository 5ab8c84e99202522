/** Calling a route's loader or action as React Router does, with the context the server gives it. */
import { RouterContextProvider } from "react-router";
import { adminContext, clientIpContext, siteContentContext } from "~/request/context";
import { getSiteContent } from "~/modules/content/content.server";
import type { Role } from "~/modules/auth/roles";

export function routeArgs(
  request: Request,
  {
    ip = "203.0.113.7",
    params = {},
    admin = null,
  }: {
    ip?: string;
    params?: Record<string, string>;
    admin?: { id: number; username: string; role?: Role; siteIds?: number[] } | null;
  } = {},
) {
  const context = new RouterContextProvider();
  context.set(clientIpContext, ip);
  // The signed-in administrator, as the admin layout's middleware sets it.
  context.set(adminContext, admin && { role: "administrateur", siteIds: [], ...admin });
  const content = getSiteContent();
  content.catch(() => {});
  context.set(siteContentContext, content);
  return { request, params, context, unstable_pattern: "" } as never;
}

/** A form posted as a browser posts it: urlencoded, from the site itself. */
export function formPost(path: string, fields: Record<string, string> | [string, string][]) {
  const body = new URLSearchParams(fields);
  return new Request(`http://localhost:3000${path}`, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost:3000" },
  });
}

/** A multipart form, with files. */
export function multipartPost(path: string, form: FormData) {
  return new Request(`http://localhost:3000${path}`, {
    method: "POST",
    body: form,
    headers: { Origin: "http://localhost:3000" },
  });
}

/** What an action returned with `data()`: its value and status. */
export function answered<T>(result: unknown): { value: T; status: number; headers: Headers } {
  const { data, init } = result as { data: T; init: { status?: number; headers?: HeadersInit } | null };
  return { value: data, status: init?.status ?? 200, headers: new Headers(init?.headers) };
}
