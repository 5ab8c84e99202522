/** What the editors of articles and events share with the browser (see editor.admin.server.ts). */

/** A refusal of an editor's form: a message on its field, or (`missing`) fields to mark without one. */
export interface EditorRefusal {
  message: string | null;
  field?: string;
  missing?: string[];
}

export const AUTOSAVE_INTERVAL_MS = 30_000;
