import { publicUrl } from "~/db/association.server";

/** GET /robots.txt — the back-office and the sign-in page are not for search engines; the sitemap is named. */
export function loader() {
  const sitemap = new URL("/sitemap.xml", publicUrl()).toString();
  return new Response(`User-agent: *\nDisallow: /admin\nDisallow: /login\n\nSitemap: ${sitemap}\n`, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
