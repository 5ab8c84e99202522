import { MEDIA_FILE_PATTERN } from "~/modules/media/media.schema";
import { readMediaFile } from "~/modules/media/media.server";
import type { Route } from "./+types/media";

const CONTENT_TYPES = { jpg: "image/jpeg", webp: "image/webp" } as const;

function notFound() {
  return new Response("Introuvable", {
    status: 404,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "no-store",
    },
  });
}

/** GET /media/:file — a stored image variant; the name is checked against our own naming before any file access. */
export async function loader({ params }: Route.LoaderArgs) {
  const file = params.file;
  const match = MEDIA_FILE_PATTERN.exec(file);
  if (!match) return notFound();
  // A file that cannot be read, or a missing variant that cannot be made, is answered as no file at all.
  const data = await readMediaFile(file).catch(() => null);
  if (!data) return notFound();
  return new Response(new Uint8Array(data), {
    headers: {
      "Content-Type": CONTENT_TYPES[match[5] as keyof typeof CONTENT_TYPES],
      "Content-Length": String(data.length),
      "X-Content-Type-Options": "nosniff",
      // The name holds the content hash: a given URL never changes.
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
