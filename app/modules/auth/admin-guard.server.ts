import { data, redirect } from "react-router";
import {
  LOGIN_INVALID_MESSAGE,
  LOGIN_THROTTLED_MESSAGE,
  loginSchema,
  SECOND_FACTOR_INVALID_MESSAGE,
  SECOND_FACTOR_REQUIRED_MESSAGE,
} from "./auth.schema";
import {
  completeSecondFactor,
  getPendingSignIn,
  getSessionAdmin,
  signIn,
  signOut,
  type SignedInAdmin,
} from "./auth.server";
import {
  RESUME_CODE_FIELD,
  RESUME_PASSWORD_FIELD,
  RESUME_USERNAME_FIELD,
  type SessionExpiredData,
} from "~/modules/forms/session-expired";
import { pagePath, typedFields, UPLOAD_SESSION_EXPIRED_MESSAGE } from "~/modules/forms/session-expired.server";
import { clearSessionCookie, getAdmin, readSessionToken, sessionCookie } from "./session.server";
import { AUTOSAVE_PATH, MEDIA_UPLOAD_PATH } from "./background-paths";

/**
 * The administrator of an /admin request. Without a valid session: the upload endpoint answers 401, a page is sent
 * to /login, and a form (a save after the session expired) gets back a 401 carrying what was typed, for the page to
 * offer a sign-in that sends it again. When that form comes back with the sign-in fields and they are right, the
 * admin is signed in and the form goes on to its action: nothing typed is lost.
 */
export async function authenticateAdminRequest(
  request: Request,
  ip: string,
): Promise<{ admin: SignedInAdmin; setCookie?: string }> {
  const signedIn = await getAdmin(request);
  if (signedIn) return { admin: signedIn };
  const url = new URL(request.url);
  // Requests a page sends by itself (an upload, an autosave) get a short answer the page can read.
  if (url.pathname === MEDIA_UPLOAD_PATH || url.pathname === AUTOSAVE_PATH)
    throw Response.json({ error: UPLOAD_SESSION_EXPIRED_MESSAGE }, { status: 401 });
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
  const resumed = await getSessionAdmin(token);
  if (!resumed) throw expired(null);
  return { admin: resumed, setCookie: sessionCookie(token) };
}
