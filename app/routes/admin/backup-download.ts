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

/** GET /admin/sauvegarde: a fresh archive of the whole site, streamed, kept nowhere on the server. */
export async function loader({ context }: Route.LoaderArgs) {
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
