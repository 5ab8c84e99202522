import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import * as tar from "tar";
import { afterEach, beforeEach, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { history } from "~/db/schema";
import { setMediaDir } from "~/modules/media/media.server";
import { describeEachDatabase } from "../../../tests/db";
import { insertContactMessage } from "../../../tests/factories";
import { formPost, routeArgs } from "../../../tests/routes";
import { action, loader } from "./backup-download";

beforeEach(async () => setMediaDir(await fsp.mkdtemp(path.join(os.tmpdir(), "potager-media-"))));
afterEach(() => setMediaDir(undefined));

describeEachDatabase("/admin/sauvegarde", () => {
  it("builds nothing on a GET (a link followed from another site carries the cookie): 405, POST only", async () => {
    const before = new Set(await fsp.readdir(os.tmpdir()));
    // Called as React Router calls it, with the signed-in administrator.
    const get: (args: never) => Response | Promise<Response> = loader;
    const response = await get(
      routeArgs(new Request("http://localhost:3000/admin/sauvegarde"), {
        admin: { id: null as unknown as number, username: "marie" },
      }),
    );
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
    expect(response.headers.get("Content-Disposition")).toBeNull();
    expect(
      [...(await fsp.readdir(os.tmpdir()))].filter(
        (n) => !before.has(n) && /^potager-(telechargement|sauvegarde)-/.test(n),
      ),
    ).toEqual([]);
    expect(await getDb().select().from(history)).toEqual([]);
  });

  it("streams a fresh, complete archive, leaves no file behind, and records the download", async () => {
    await insertContactMessage({ subject: "Visite" });
    const before = new Set(await fsp.readdir(os.tmpdir()));
    const response = await action(
      routeArgs(formPost("/admin/sauvegarde", {}), { admin: { id: null as unknown as number, username: "marie" } }),
    );
    const name = /filename="(potager-[\dT-]+Z\.tar\.gz)"/.exec(response.headers.get("Content-Disposition")!)![1];
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.length).toBe(Number(response.headers.get("Content-Length")));
    expect([...body.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    expect(
      [...(await fsp.readdir(os.tmpdir()))].filter((n) => !before.has(n) && n.startsWith("potager-telechargement-")),
    ).toEqual([]);

    const dir = await fsp.mkdtemp(path.join(os.tmpdir(), "potager-lecture-"));
    await fsp.writeFile(path.join(dir, name), body);
    await tar.extract({ file: path.join(dir, name), cwd: dir });
    const manifest = JSON.parse(await fsp.readFile(path.join(dir, "potager-sauvegarde", "manifest.json"), "utf8"));
    expect(manifest.tables.find((t: { name: string }) => t.name === "contact_messages").rows).toBe(1);
    expect((await getDb().select().from(history)).map((e) => [e.actor, e.kind, e.target])).toEqual([
      ["marie", "sauvegarde.telechargement", name],
    ]);
  });
});
