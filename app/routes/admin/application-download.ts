import type { Route } from "./+types/application-download";
import { parseId } from "~/lib/text";
import { applicationExportFileName, applicationToText } from "~/modules/applications/applications.export";
import { getApplication } from "~/modules/applications/applications.server";
import { currentActor } from "~/modules/history/actor.server";
import { recordHistory } from "~/modules/history/history.server";
import { getDb } from "~/db/client.server";

/** `attachment` with the name as plain ASCII for old clients and in full as UTF-8 (RFC 6266). */
function attachment(fileName: string) {
  const ascii = fileName
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** GET /admin/applications/:id/telechargement: the request as 'key: value' lines, in a file `demande-{nom}.txt`. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const application = id === null ? undefined : await getApplication(id);
  if (!application)
    return new Response("Cette demande n'existe plus.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  await recordHistory(getDb(), currentActor(context), {
    kind: "demande.telechargement",
    target: `demande n° ${application.id}`,
  });
  return new Response(`${applicationToText(application)}\n`, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Disposition": attachment(applicationExportFileName(application)),
    },
  });
}
