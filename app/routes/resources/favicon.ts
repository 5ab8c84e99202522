import type { Route } from "./+types/favicon";
import { getSiteContent } from "~/modules/content/content.server";
import { faviconPng, headerIconWebp } from "~/modules/content/favicon.server";

/**
 * /favicon.ico and /favicon.png (32 px) and /apple-touch-icon.png (180 px), drawn from the header icon, and
 * /icon.webp, the header icon as the header shows it (its address carries `?v=` and the icon's hash, so that a new
 * icon is a new address).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname;
  const { headerIcon } = await getSiteContent();
  const header = path === "/icon.webp";
  const image = header
    ? await headerIconWebp(headerIcon)
    : await faviconPng(headerIcon, path === "/apple-touch-icon.png" ? 180 : 32);
  return new Response(new Uint8Array(image), {
    headers: {
      "Content-Type": header ? "image/webp" : "image/png",
      "Content-Length": String(image.length),
      "Cache-Control": "public, max-age=86400",
    },
  });
}
