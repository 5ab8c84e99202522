import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { applications, history } from "~/db/schema";
import { describeEachDatabase } from "../../../tests/db";
import { insertApplication } from "../../../tests/factories";
import { answered, formPost, routeArgs } from "../../../tests/routes";
import { action } from "./applications";
import { loader as download } from "./application-download";

const marie = { id: null as unknown as number, username: "marie" };
const post = (fields: Record<string, string>) =>
  action(routeArgs(formPost("/admin/applications", fields), { admin: marie }));
const rows = () => getDb().select().from(applications).orderBy(applications.id);
const entries = async () =>
  (await getDb().select().from(history).orderBy(history.id)).map((e) => [e.actor, e.kind, e.target]);

describeEachDatabase("/admin/applications action", () => {
  it("toggles, archives only a processed request, deletes; each with its message and its history entry", async () => {
    const { id } = await insertApplication({ nom: "Nadia Cherif" });
    expect(answered<{ message: string }>(await post({ intent: "archive", id: String(id) }))).toMatchObject({
      status: 409,
      value: { message: "Seule une demande traitée et non archivée peut être archivée." },
    });
    expect(await post({ intent: "toggle", id: String(id), processed: "true" })).toEqual({
      ok: true,
      message: "Demande marquée comme traitée.",
    });
    expect(await post({ intent: "toggle", id: String(id) })).toEqual({
      ok: true,
      message: "Demande marquée comme non traitée.",
    });
    await post({ intent: "toggle", id: String(id), processed: "true" });
    expect(await post({ intent: "archive", id: String(id) })).toEqual({
      ok: true,
      message: "Demande archivée avec succès.",
    });
    const [archived] = await rows();
    expect(archived).toMatchObject({ processed: true, archived: true });
    expect(Date.now() - archived.archivedDate!.getTime()).toBeLessThan(60_000);
    // No un-archiving, no toggling once archived.
    expect(answered(await post({ intent: "toggle", id: String(id) })).status).toBe(409);
    expect((await rows())[0].processed).toBe(true);
    expect(await post({ intent: "delete", id: String(id) })).toEqual({
      ok: true,
      deleted: true,
      message: "Demande de Nadia Cherif supprimée avec succès.",
    });
    expect(await rows()).toEqual([]);
    const target = `demande n° ${id}`;
    expect(await entries()).toEqual([
      ["marie", "demande.traitee", target],
      ["marie", "demande.non-traitee", target],
      ["marie", "demande.traitee", target],
      ["marie", "demande.archivage", target],
      ["marie", "demande.suppression", target],
    ]);
    // The entries name the record, never the applicant.
    expect(JSON.stringify(await getDb().select().from(history))).not.toContain("Nadia");
  });

  it.each([
    ["an unknown intent", { intent: "unarchive", id: "ID" }, 400],
    ["no intent", { id: "ID" }, 400],
    ["an unknown id", { intent: "delete", id: "999999" }, 404],
    ["a malformed id", { intent: "toggle", id: "1 or 1=1", processed: "true" }, 400],
    ["an unknown id to toggle", { intent: "toggle", id: "999999", processed: "true" }, 404],
    ["an unknown id to archive", { intent: "archive", id: "999999" }, 404],
  ])("refuses %s with a 4xx and writes nothing", async (_case, fields, status) => {
    const before = await insertApplication();
    const form = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.replace("ID", String(before.id))]));
    expect(answered(await post(form)).status).toBe(status);
    expect(await rows()).toEqual([before]);
    expect(await entries()).toEqual([]);
  });

  it("downloads demande-{nom}.txt in UTF-8, every field but id and processed, and records it", async () => {
    const { id } = await insertApplication({ nom: "Zoé Lefèvre", telephoneFixe: "0478000000" });
    const response = await download(
      routeArgs(new Request(`http://localhost:3000/admin/applications/${id}/telechargement`), {
        params: { id: String(id) },
        admin: marie,
      }),
    );
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="demande-Zoe Lefevre.txt"; filename*=UTF-8''demande-Zo%C3%A9%20Lef%C3%A8vre.txt`,
    );
    const lines = (await response.text()).trimEnd().split("\n");
    expect(lines[0]).toBe("nom: Zoé Lefèvre");
    expect(lines).toContain("telephonefixe: 0478000000");
    expect(lines.some((line) => /^(id|processed):/.test(line))).toBe(false);
    expect(await entries()).toEqual([["marie", "demande.telechargement", `demande n° ${id}`]]);
    const missing = await download(
      routeArgs(new Request("http://localhost:3000/"), { params: { id: "999999" }, admin: marie }),
    );
    expect(missing.status).toBe(404);
  });
});
