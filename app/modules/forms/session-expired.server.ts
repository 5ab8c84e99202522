import { bodyType } from "~/server/request-body.server";
import { readFormData } from "./form-data.server";
import { parseMultipartForm } from "./multipart.server";

/** An image chosen after the session expired: the form's save button leads to the sign-in that keeps the rest. */
export const UPLOAD_SESSION_EXPIRED_MESSAGE =
  "Votre session a expiré : enregistrez le formulaire pour vous reconnecter, puis choisissez l'image à nouveau.";

/** The text fields of a form sent after the session expired, and how many files came with it (they are dropped). */
export async function typedFields(request: Request): Promise<{ entries: [string, string][]; droppedFiles: number }> {
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
export function pagePath(url: URL) {
  const params = new URLSearchParams(url.search);
  params.delete("_routes");
  const query = params.toString();
  return url.pathname.replace(/\.data$/, "") + (query ? `?${query}` : "");
}
