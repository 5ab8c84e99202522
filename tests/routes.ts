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

/** A back-office action's French answer. */
export type ActionAnswer = { ok: boolean; message: string; errors?: Record<string, string> };

/** An action's answer and status: refused with `data()` (its 4xx), or done as a plain object (200). */
export function actionOutcome(result: unknown): { status: number; value: ActionAnswer } {
  const r = result as { data?: ActionAnswer; init?: { status?: number } | null };
  return r && typeof r === "object" && "data" in r && "init" in r
    ? { status: r.init?.status ?? 200, value: r.data! }
    : { status: 200, value: result as ActionAnswer };
}
