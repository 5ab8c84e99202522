import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import type { Route } from "./+types/backup-download";
import { getDatabaseKind, getDb } from "~/db/client.server";
import { backupFileName } from "~/modules/backup/backup-schedule.server";
import { createBackup } from "~/modules/backup/backup.server";
import { currentActor } from "~/modules/history/actor.server";
import { recordHistory } from "~/modules/history/history.server";

/**
 * POST /admin/sauvegarde, the dashboard's button: a fresh archive of the whole site, streamed, kept nowhere on the
 * server. A POST because building one costs CPU, disk and a history row: a link followed from another site (which
 * carries the session cookie on a top-level GET) must not start one.
 */
export async function action({ context }: Route.ActionArgs) {
  const name = backupFileName(new Date());
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), "potager-telechargement-"));
  const file = path.join(dir, name);
  try {
    await createBackup(file, getDatabaseKind());
    const { size } = await fsp.stat(file);
    const stream = fs.createReadStream(file);
    // The open file is read to the end even once its name is gone: nothing is left behind, whatever happens.
    await new Promise<void>((resolve, reject) => stream.once("open", () => resolve()).once("error", reject));
    await fsp.rm(dir, { recursive: true, force: true });
    await recordHistory(getDb(), currentActor(context), { kind: "sauvegarde.telechargement", target: name });
    return new Response(Readable.toWeb(stream) as ReadableStream, {
      headers: {
        "Content-Type": "application/gzip",
        "Content-Length": String(size),
        "Content-Disposition": `attachment; filename="${name}"`,
      },
    });
  } catch (error) {
    await fsp.rm(dir, { recursive: true, force: true });
    throw error;
  }
}

export function loader() {
  return new Response("Méthode non autorisée : la sauvegarde se télécharge avec le bouton du tableau de bord.", {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8" },
  });
}
