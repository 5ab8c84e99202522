import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { history } from "~/db/schema";
import { MAX_DOCUMENT_BYTES } from "~/lib/constants";
import { documentMessages } from "~/modules/documents/documents.schema";
import { describeEachDatabase } from "../../../tests/db";
import { samplePdf, usePrivateDocumentsDir } from "../../../tests/documents";
import { usePrivateMediaDir } from "../../../tests/media";
import { answered, formPost, multipartPost, routeArgs } from "../../../tests/routes";
import { action, loader } from "./documents";
import { loader as download } from "./document-download";
import { loader as publicDocument } from "../resources/document";
import type { Route } from "./+types/documents";

usePrivateDocumentsDir();
usePrivateMediaDir();

// No account row: the history names her without linking to one.
const marie = { id: null as unknown as number, username: "marie" };

function multipart(fields: Record<string, string>, file?: { bytes: Buffer; name: string; type?: string }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file)
    form.append("file", new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "application/pdf" }), file.name);
  return multipartPost("/admin/documents", form);
}

/** What the action answered: a refusal comes as `data()` with its status, a success as the plain result. */
async function send(request: Request) {
  const result = await action(routeArgs(request, { admin: marie }) as Route.ActionArgs);
  return "init" in result ? answered<Record<string, unknown>>(result) : { value: result, status: 200 };
}

const screen = async () => loader();

const statutes = {
  intent: "create",
  kind: "statuts",
  title: "Statuts de l'association",
  date: "2024-03-16",
  visibility: "public",
};

describeEachDatabase("/admin/documents", () => {
  it("adds a document from a form sent without JavaScript, lists it by kind and writes its history", async () => {
    const sent = await send(multipart(statutes, { bytes: samplePdf(), name: "statuts.pdf" }));
    expect(sent).toMatchObject({
      status: 200,
      value: { ok: true, message: "Document « Statuts de l'association » ajouté." },
    });
    const { groups } = await screen();
    expect(groups).toMatchObject([
      {
        label: "Statuts",
        documents: [
          {
            title: "Statuts de l'association",
            date: "2024-03-16",
            visibility: "public",
            publicPath: expect.stringMatching(/^\/documents\/\d+\/statuts-de-l-association\.pdf$/),
            versions: [{ number: 1, format: "pdf", originalName: "statuts.pdf", addedBy: "marie" }],
          },
        ],
      },
    ]);
    expect(await getDb().select({ kind: history.kind, detail: history.detail }).from(history)).toEqual([
      { kind: "document.ajout", detail: "Statuts de l'association" },
    ]);
  });

  it("sends a form back with each field's message and what was typed, as a 400", async () => {
    const sent = await send(multipart({ ...statutes, title: "  ", date: "2024-02-31" }));
    expect(sent.status).toBe(400);
    expect(sent.value).toMatchObject({
      ok: false,
      intent: "create",
      errors: { title: documentMessages.title, date: documentMessages.date, file: documentMessages.noFile },
      values: { kind: "statuts", date: "2024-02-31", visibility: "public" },
    });
    expect((await screen()).groups).toEqual([]);
  });

  it("refuses by content a program renamed .pdf, and a file over 10 MB, keeping what was typed", async () => {
    const exe = Buffer.concat([Buffer.from("MZ\x90\x00", "latin1"), Buffer.alloc(4000, 1)]);
    const renamed = await send(multipart(statutes, { bytes: exe, name: "statuts.pdf" }));
    expect(renamed).toMatchObject({
      status: 415,
      value: { errors: { file: documentMessages.notAccepted }, values: { title: "Statuts de l'association" } },
    });
    const big = Buffer.concat([samplePdf(), Buffer.alloc(MAX_DOCUMENT_BYTES, 32), Buffer.from("%%EOF\n")]);
    const tooLarge = await send(multipart(statutes, { bytes: big, name: "scan.pdf" }));
    expect(tooLarge).toMatchObject({
      status: 413,
      value: {
        ok: false,
        errors: { file: documentMessages.tooLarge },
        values: { title: "Statuts de l'association", date: "2024-03-16" },
      },
    });
    const page = Buffer.from("<html><body>Statuts</body></html>");
    expect((await send(multipart(statutes, { bytes: page, name: "statuts.pdf" }))).status).toBe(415);
    expect((await screen()).groups).toEqual([]);
  });

  it("replaces a document by a new version, keeps the earlier one downloadable, and changes what describes it", async () => {
    await send(multipart(statutes, { bytes: samplePdf(), name: "statuts-2019.pdf" }));
    const [{ documents }] = (await screen()).groups;
    const id = documents[0]!.id;
    const replaced = await send(
      multipart(
        { intent: "replace", id: String(id), date: "2026-03-14" },
        { bytes: samplePdf("Statuts modifiés", "Article 2 — Siège"), name: "statuts-2026.pdf" },
      ),
    );
    expect(replaced.value).toMatchObject({ ok: true, message: expect.stringContaining("version n° 2") });
    const [doc] = (await screen()).groups[0]!.documents;
    expect(doc!.versions.map((v) => [v.number, v.date, v.originalName])).toEqual([
      [2, "2026-03-14", "statuts-2026.pdf"],
      [1, "2024-03-16", "statuts-2019.pdf"],
    ]);
    const earlier = await download(
      routeArgs(new Request(`http://localhost:3000${doc!.versions[1]!.downloadPath}`), {
        admin: marie,
        params: { id: String(id), version: String(doc!.versions[1]!.id) },
      }) as never,
    );
    expect(earlier.status).toBe(200);
    expect(earlier.headers.get("Content-Disposition")).toMatch(/^attachment; filename="Statuts de l'association\.pdf"/);
    expect(earlier.headers.get("Cache-Control")).toBe("private, no-cache");

    // Members only: the public address no longer serves it.
    const publicArgs = () =>
      routeArgs(new Request(`http://localhost:3000${doc!.publicPath}`), { params: { id: String(id), file: "x.pdf" } });
    expect((await publicDocument(publicArgs() as never)).status).toBe(200);
    const updated = await send(
      formPost("/admin/documents", {
        intent: "update",
        id: String(id),
        kind: "statuts",
        title: "Statuts",
        date: "2026-03-14",
        visibility: "membres",
      }),
    );
    expect(updated.value).toMatchObject({ ok: true, message: "Document « Statuts » modifié." });
    expect((await publicDocument(publicArgs() as never)).status).toBe(404);
  });

  it("deletes a document with its versions; a document gone meanwhile or an unknown form is refused", async () => {
    await send(multipart(statutes, { bytes: samplePdf(), name: "statuts.pdf" }));
    const id = String((await screen()).groups[0]!.documents[0]!.id);
    expect((await send(formPost("/admin/documents", { intent: "delete", id }))).value).toMatchObject({
      ok: true,
      message: "Document « Statuts de l'association » supprimé, avec ses versions.",
    });
    expect((await screen()).groups).toEqual([]);
    expect(await send(formPost("/admin/documents", { intent: "delete", id }))).toMatchObject({
      status: 404,
      value: { message: documentMessages.gone },
    });
    const replaced = await send(
      multipart({ intent: "replace", id, date: "2026-03-14" }, { bytes: samplePdf(), name: "statuts.pdf" }),
    );
    expect(replaced.status).toBe(404);
    expect(await send(formPost("/admin/documents", { intent: "publish", id }))).toMatchObject({
      status: 400,
      value: { message: documentMessages.unknown },
    });
  });

  it.each(["", "2026-13-45", "2026-02-31", "mars 2026"])(
    "refuses the date %j of a new version with its message, as a 400, and keeps the document as it was",
    async (date) => {
      await send(multipart(statutes, { bytes: samplePdf(), name: "statuts.pdf" }));
      const before = await screen();
      const id = String(before.groups[0]!.documents[0]!.id);
      const refused = await send(
        multipart({ intent: "replace", id, date }, { bytes: samplePdf(), name: "statuts.pdf" }),
      );
      expect(refused).toMatchObject({ status: 400 });
      expect(JSON.stringify(refused.value)).toContain(documentMessages.date);
      expect(await screen()).toEqual(before);
    },
  );
});
