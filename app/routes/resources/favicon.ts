import type { Route } from "./+types/favicon";
import { getSiteContent } from "~/modules/content/content.server";
import { faviconPng } from "~/modules/content/favicon.server";

/** /favicon.ico and /favicon.png (32 px) and /apple-touch-icon.png (180 px), drawn from the header icon. */
export async function loader({ request }: Route.LoaderArgs) {
  const size = new URL(request.url).pathname === "/apple-touch-icon.png" ? 180 : 32;
  const { headerIcon } = await getSiteContent();
  const png = await faviconPng(headerIcon, size);
  return new Response(new Uint8Array(png), {
    headers: {
      "Content-Type": "image/png",
      "Content-Length": String(png.length),
      "Cache-Control": "public, max-age=86400",
    },
  });
}
