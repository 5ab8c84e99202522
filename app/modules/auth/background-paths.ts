/**
 * The /admin addresses a page calls by itself rather than a person opening them: without a session the guard
 * answers them with a short JSON refusal the page can read, not a redirect to the sign-in page.
 */
export const MEDIA_UPLOAD_PATH = "/admin/media";
/** Where an editor sends its autosaves (a beacon, every AUTOSAVE_INTERVAL_MS while the form changes). */
export const AUTOSAVE_PATH = "/admin/autosave";
