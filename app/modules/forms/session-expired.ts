import { isRouteErrorResponse } from "react-router";

/** Names of the sign-in fields added to a form re-sent after the session expired. Safe for the browser. */
export const RESUME_USERNAME_FIELD = "__reconnexion_identifiant";
export const RESUME_PASSWORD_FIELD = "__reconnexion_mot_de_passe";
export const RESUME_CODE_FIELD = "__reconnexion_code";

/** What an admin form sent after its session expired gets back: everything needed to sign in and send it again. */
export interface SessionExpiredData {
  sessionExpired: true;
  /** Where the form was sent (path and query), to send it there again. */
  action: string;
  /** The form's text fields as typed, in order (repeated names included). */
  fields: [string, string][];
  /** Files chosen in the form (without JavaScript), which cannot be carried over. */
  droppedFiles: number;
  /** Why the last sign-in attempt failed, if there was one. */
  error: string | null;
  /** The account has a second factor: the form asks for its code too. */
  needsCode?: boolean;
}

export function sessionExpiredData(error: unknown): SessionExpiredData | null {
  if (!isRouteErrorResponse(error)) return null;
  const value = error.data as Partial<SessionExpiredData> | null;
  return value && typeof value === "object" && value.sessionExpired === true ? (value as SessionExpiredData) : null;
}
