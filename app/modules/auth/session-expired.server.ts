import { data, redirect } from "react-router";
import { bodyType, readFormData } from "~/lib/form-data.server";
import { parseMultipartForm } from "~/modules/media/multipart.server";
import {
  LOGIN_INVALID_MESSAGE,
  LOGIN_THROTTLED_MESSAGE,
  loginSchema,
  SECOND_FACTOR_INVALID_MESSAGE,
  SECOND_FACTOR_REQUIRED_MESSAGE,
} from "./auth.schema";
import { completeSecondFactor, getPendingSignIn, signIn, signOut, type Admin } from "./auth.server";
import {
  RESUME_CODE_FIELD,
  RESUME_PASSWORD_FIELD,
  RESUME_USERNAME_FIELD,
  type SessionExpiredData,
} from "./session-expired";
import { clearSessionCookie, getAdmin, readSessionToken, sessionCookie } from "./session.server";

/** An image chosen after the session expired: the form's save button leads to the sign-in that keeps the rest. */
export const UPLOAD_SESSION_EXPIRED_MESSAGE =
  "Votre session a expiré : enregistrez le formulaire pour vous reconnecter, puis choisissez l'image à nouveau.";

/** The text fields of a form sent after the session expired, and how many files came with it (they are dropped). */
async function typedFields(request: Request): Promise<{ entries: [string, string][]; droppedFiles: number }> {
  const type = bodyType(request);
  try {
    if (type === "application/x-www-form-urlencoded") {
      // Read from a copy: when the sign-in it carries succeeds, the page's action reads the form itself.
      const form = await readFormData(request.clone());
      return { entries: [...form].map(([name, value]) => [name, String(value)]), droppedFiles: 0 };
    }
    if (type === "multipart/form-data") {
      await using form = await parseMultipartForm(request, { maxFiles: 8, maxFields: 200, maxFieldSize: 1024 * 1024 });
      return { entries: form.entries, droppedFiles: form.files.length };
    }
  } catch {
    // A form too large or unreadable: the page still offers to sign in, with nothing to send again.
  }
  return { entries: [], droppedFiles: 0 };
}

/** The page a form was sent to, as a browser addresses it: not the data request of a script (`/admin/blog.data`). */
function pagePath(url: URL) {
  const params = new URLSearchParams(url.search);
  params.delete("_routes");
  const query = params.toString();
  return url.pathname.replace(/\.data$/, "") + (query ? `?${query}` : "");
}

/**
 * The administrator of an /admin request. Without a valid session: the upload endpoint answers 401, a page is sent
 * to /login, and a form (a save after the session expired) gets back a 401 carrying what was typed, for the page to
 * offer a sign-in that sends it again. When that form comes back with the sign-in fields and they are right, the
 * admin is signed in and the form goes on to its action: nothing typed is lost.
 */
export async function authenticateAdminRequest(
  request: Request,
  ip: string,
): Promise<{ admin: Admin; setCookie?: string }> {
  const admin = await getAdmin(request);
  if (admin) return { admin };
  const url = new URL(request.url);
  if (url.pathname === "/admin/media") throw Response.json({ error: UPLOAD_SESSION_EXPIRED_MESSAGE }, { status: 401 });
  if (request.method !== "POST") {
    // A sign-in waiting for its code keeps its cookie: /login asks for the code.
    const waiting = await getPendingSignIn(readSessionToken(request));
    throw redirect("/login", waiting ? undefined : { headers: { "Set-Cookie": clearSessionCookie() } });
  }

  const { entries, droppedFiles } = await typedFields(request);
  const value = (name: string) => entries.find(([field]) => field === name)?.[1];
  const expired = (error: string | null, status = 401, needsCode = false) =>
    data<SessionExpiredData>(
      {
        sessionExpired: true,
        action: pagePath(url),
        fields: entries.filter(
          ([name]) => name !== RESUME_USERNAME_FIELD && name !== RESUME_PASSWORD_FIELD && name !== RESUME_CODE_FIELD,
        ),
        droppedFiles,
        error,
        needsCode,
      },
      { status, headers: { "Set-Cookie": clearSessionCookie(), "Cache-Control": "private, no-store" } },
    );

  const username = value(RESUME_USERNAME_FIELD);
  if (username === undefined) throw expired(null);
  const parsed = loginSchema.safeParse({ username, password: value(RESUME_PASSWORD_FIELD) });
  if (!parsed.success) throw expired(parsed.error.issues[0].message, 400);
  const result = await signIn(parsed.data.username, parsed.data.password, ip);
  if (!result.ok)
    throw result.reason === "throttled" ? expired(LOGIN_THROTTLED_MESSAGE, 429) : expired(LOGIN_INVALID_MESSAGE);
  let token = result.token;
  if (result.awaitingSecondFactor) {
    // The code comes with the same form; without it (or wrong), the form asks for it and nothing is kept open.
    const code = value(RESUME_CODE_FIELD)?.trim();
    const second = code ? await completeSecondFactor(token, code, ip) : null;
    if (!second?.ok) {
      await signOut(token);
      if (second?.reason === "throttled") throw expired(LOGIN_THROTTLED_MESSAGE, 429, true);
      throw expired(code ? SECOND_FACTOR_INVALID_MESSAGE : SECOND_FACTOR_REQUIRED_MESSAGE, 401, true);
    }
    token = second.token;
  }
  await signOut(readSessionToken(request));
  return { admin: result.admin, setCookie: sessionCookie(token) };
}
