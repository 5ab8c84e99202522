import crypto from "node:crypto";
import { env } from "./env.server";
import { bodyType, isMultipart, MAX_FORM_BYTES } from "./request-body.server";

export function createNonce() {
  return crypto.randomBytes(16).toString("base64");
}

// Image forms carry up to a few 10 MB files; the multipart parser enforces the per-file limit.
const MAX_UPLOAD_BYTES = 45 * 1024 * 1024;

// Every action of the site reads an HTML form; no route takes JSON or any other body, but HelloAsso's notifications.
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];
/** The one address posted JSON, by HelloAsso's servers (decision 032); it reads at most 256 KB itself. */
const JSON_PATHS = new Set(["/api/helloasso/notification"]);

/**
 * Refuses, before any action reads it, a body of unknown length (411), an oversized one (413) and one that is not
 * a form (415).
 */
export function checkRequestBody(request: Request): Response | null {
  if (request.method === "GET" || request.method === "HEAD" || !request.body) return null;
  const length = request.headers.get("Content-Length");
  if (length === null) return refusal(411, "Longueur de la requête requise.");
  if (Number(length) > (isMultipart(request) ? MAX_UPLOAD_BYTES : MAX_FORM_BYTES)) {
    // Without JavaScript this is the page a person sees after pasting far too much into a form.
    return refusal(
      413,
      "Le formulaire envoyé est trop volumineux. Revenez à la page précédente : ce que vous avez saisi y est encore. " +
        "Raccourcissez le texte ou envoyez des images plus légères.",
    );
  }
  if (
    Number(length) > 0 &&
    !FORM_TYPES.includes(bodyType(request)) &&
    !(bodyType(request) === "application/json" && JSON_PATHS.has(new URL(request.url).pathname))
  ) {
    return refusal(415, "Seuls les formulaires sont acceptés.");
  }
  return null;
}

const refusal = (status: number, message: string) =>
  new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/**
 * Where a form of the site may lead besides the site: « Payer en ligne » answers with a redirect to HelloAsso's payment
 * page (decision 032), which `form-action` governs too. Its hosts, and the local fake tests point the site at.
 */
const PAYMENT_PAGES = [
  "https://helloasso.com",
  "https://*.helloasso.com",
  "https://helloasso-sandbox.com",
  "https://*.helloasso-sandbox.com",
  ...(env.HELLOASSO_API_URL ? [new URL(env.HELLOASSO_API_URL).origin] : []),
].join(" ");

/**
 * The headers of every response. `shared` says the response is a public page any cache may keep (the same for every
 * visitor, no session, no secret): it goes without `Cross-Origin-Opener-Policy`, which there protects nothing a
 * cross-window leak could read, while it makes the browser start a new renderer process for the page, doubling the
 * first main-thread task of a visit (decision 037). Every private response keeps
 * it, so a window opened by another site loses its opener on reaching the sign-in page, the back-office or a personal
 * link.
 */
export function securityHeaders(
  nonce: string,
  https: boolean,
  production = env.NODE_ENV === "production",
  shared = false,
): Record<string, string> {
  // Vite's development client injects inline scripts without a nonce.
  const scriptSrc = production ? `'self' 'nonce-${nonce}' 'strict-dynamic'` : `'self' 'unsafe-inline'`;
  const headers: Record<string, string> = {
    "Content-Security-Policy": [
      "default-src 'self'",
      `script-src ${scriptSrc}`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self'",
      `connect-src 'self'${production ? "" : " ws:"}`,
      "frame-ancestors 'none'",
      "object-src 'none'",
      "base-uri 'none'",
      `form-action 'self' ${PAYMENT_PAGES}`,
    ].join("; "),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
    "X-Frame-Options": "DENY",
  };
  if (!shared) headers["Cross-Origin-Opener-Policy"] = "same-origin";
  if (https) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}

/** A page any cache may keep: `Cache-Control: public` (`publicPageHeaders`), never one with a session or a secret. */
export const isSharedPage = (response: { headers: Headers }) =>
  /(?:^|,)\s*public\s*(?:,|$)/i.test(response.headers.get("Cache-Control") ?? "");

/** Served over HTTPS, directly or behind a proxy that terminates TLS (only used to add HSTS). */
export function isHttps(request: Request) {
  return new URL(request.url).protocol === "https:" || request.headers.get("X-Forwarded-Proto") === "https";
}
