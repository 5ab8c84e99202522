import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import * as tar from "tar";
import { expect, it } from "vitest";
import { createBackup, restoreBackup } from "~/modules/backup/backup.server";
import { describeEachDatabase } from "../../../tests/db";
import { insertDocument, samplePdf, usePrivateDocumentsDir } from "../../../tests/documents";
import { usePrivateMediaDir } from "../../../tests/media";
import { listDocuments } from "./documents.server";

const dir = usePrivateDocumentsDir();
usePrivateMediaDir();

describeEachDatabase("documents in backups", ({ handle }) => {
  it("an archive carries every document's files, and a restore brings them back with their rows", async () => {
    const statutes = await insertDocument({ title: "Statuts" }, samplePdf("Statuts", "Article 1 — Objet"));
    await insertDocument(
      { kind: "proces_verbal", title: "PV", visibility: "membres" },
      samplePdf("PV", "Point 1 — Comptes"),
    );
    const names = (await fsp.readdir(dir())).sort();
    expect(names).toHaveLength(2);
    const work = await fsp.mkdtemp(path.join(os.tmpdir(), "potager-documents-backup-"));
    try {
      const file = path.join(work, "sauvegarde.tar.gz");
      const manifest = await createBackup(file, handle().kind);
      expect(manifest.documents!.map((d) => d.name).sort()).toEqual(names);
      const entries: string[] = [];
      await tar.t({ file, onReadEntry: (entry) => entries.push(entry.path) });
      for (const name of names) expect(entries).toContain(`potager-sauvegarde/documents/${name}`);

      // The files lost, the rows changed: the restore brings both back as they were.
      await fsp.rm(dir(), { recursive: true });
      await insertDocument({ title: "Écrit après la sauvegarde" }, samplePdf("Après"));
      await restoreBackup(file, { force: true });
      expect((await listDocuments()).map((d) => d.title)).toEqual(["Statuts", "PV"]);
      for (const name of names) expect((await fsp.stat(path.join(dir(), name))).size).toBeGreaterThan(0);
      const restored = await fsp.readFile(path.join(dir(), `${statutes.versions[0]!.hash}.pdf`));
      expect(restored.subarray(0, 5).toString()).toBe("%PDF-");
    } finally {
      await fsp.rm(work, { recursive: true, force: true });
    }
  });
});
