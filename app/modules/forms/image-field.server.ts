import { MediaError, saveImage } from "~/modules/media/media.server";
import type { SubmittedForm } from "./multipart.server";

/**
 * The image an `<ImageField worksWithoutScript>` sends: the address uploaded with JavaScript, or, without it, the
 * file sent with the form (stored now) or the box that removes the current image. A refused file gives its error.
 */
export async function imageFromForm(
  form: SubmittedForm,
  name: string,
): Promise<{ url: string | null } | { error: MediaError }> {
  const upload = form.file(`${name}__fichier`);
  if (upload) {
    try {
      return { url: (await saveImage({ path: upload.path })).url };
    } catch (error) {
      if (error instanceof MediaError) return { error };
      throw error;
    }
  }
  if (form.get(`${name}__retirer`)) return { url: null };
  return { url: form.get(name)?.trim() || null };
}
