/** A CSV file to download, never kept by a cache. */
export function csvDownload(csv: string, fileName: string) {
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

/** The answer to a GET on a download (an export), which only a form's POST (same origin, in the history) may ask for. */
export const postOnly = () => new Response("Méthode non autorisée.", { status: 405, headers: { Allow: "POST" } });
