import { publicUrl } from "~/db/association.server";
import { logger } from "~/server/logger.server";
import { mediaMessages } from "~/modules/media/media.schema";
import { MediaError, saveImage } from "~/modules/media/media.server";
import { FormError, parseMultipartForm } from "~/modules/forms/multipart.server";
import type { Route } from "./+types/admin-media";

/** Same-origin only: the Origin header (or, without it, Sec-Fetch-Site) must name this site. */
function isSameOrigin(request: Request) {
  const origin = request.headers.get("origin");
  if (origin) {
    const allowed = new Set([new URL(request.url).origin, new URL(publicUrl()).origin]);
    return allowed.has(origin);
  }
  return request.headers.get("sec-fetch-site") === "same-origin";
}

export function loader() {
  return Response.json({ error: "Méthode non autorisée." }, { status: 405, headers: { Allow: "POST" } });
}

/**
 * POST /admin/media (admin session enforced by the /admin guard, routes/admin/guard.tsx): multipart field
 * `file`, answers 201 `{ secure_url, url, width, height }` or 4xx `{ error }`.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") {
    return Response.json({ error: "Méthode non autorisée." }, { status: 405, headers: { Allow: "POST" } });
  }
  if (!isSameOrigin(request)) {
    return Response.json({ error: "Requête refusée." }, { status: 403 });
  }
  try {
    const form = await parseMultipartForm(request, { maxFiles: 1, maxFields: 5, fileFields: ["file"] });
    try {
      const upload = form.file("file");
      if (!upload) return Response.json({ error: mediaMessages.noFile }, { status: 400 });
      const image = await saveImage({ path: upload.path });
      return Response.json(
        { secure_url: image.url, url: image.url, width: image.width, height: image.height },
        { status: 201 },
      );
    } finally {
      await form.cleanup();
    }
  } catch (error) {
    if (error instanceof MediaError || error instanceof FormError)
      return Response.json({ error: error.message }, { status: error.status });
    logger.error({ err: error }, "téléversement d'image impossible");
    return Response.json({ error: mediaMessages.uploadFailed }, { status: 500 });
  }
}
