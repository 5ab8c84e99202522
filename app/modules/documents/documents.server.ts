import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { getDb, readAll, type Executor, type Transaction } from "~/db/client.server";
import { documents, documentVersions } from "~/modules/documents/documents.tables";
import { storeDocumentFile, type CheckedFile } from "./document-files.server";
import { DOCUMENT_KINDS, type DocumentFields } from "./documents.schema";

export type DocumentRow = typeof documents.$inferSelect;
export type DocumentVersion = typeof documentVersions.$inferSelect;
/** A document with its versions, newest (the current one) first. */
export type DocumentWithVersions = DocumentRow & { versions: DocumentVersion[] };

/** Who added a file and what it was called on their computer (a reminder only). */
export interface VersionSource {
  addedBy: string;
  originalName?: string;
}

const NAME_MAX = 200;
const cleanName = (name = "") =>
  name
    .replace(/[\p{Cc}\p{Cf}]+/gu, "")
    .trim()
    .slice(0, NAME_MAX);

const kindRank = (kind: DocumentRow["kind"]) => DOCUMENT_KINDS.indexOf(kind);

/** Grouped by kind (in the order of DOCUMENT_KINDS), then the newest first: by the current version's date, then id. */
function byKindThenNewest<T extends { kind: DocumentRow["kind"]; id: number }>(date: (item: T) => string) {
  return (a: T, b: T) => kindRank(a.kind) - kindRank(b.kind) || date(b).localeCompare(date(a)) || b.id - a.id;
}

/** Every document with its versions, for the back-office. */
export async function listDocuments(executor: Executor = getDb()): Promise<DocumentWithVersions[]> {
  const [rows, versions] = await readAll(executor, [
    () => executor.select().from(documents),
    () => executor.select().from(documentVersions).orderBy(desc(documentVersions.id)),
  ]);
  const byDocument = Map.groupBy(versions, (version) => version.documentId);
  return rows
    .map((row) => ({ ...row, versions: byDocument.get(row.id) ?? [] }))
    .filter((doc) => doc.versions.length > 0)
    .sort(byKindThenNewest((doc) => doc.versions[0]!.date));
}

async function insertVersion(
  tx: Transaction,
  documentId: number,
  date: string,
  file: CheckedFile,
  source: VersionSource,
): Promise<DocumentVersion> {
  // The file first: a version's row never names a file that is not there yet.
  await storeDocumentFile(file);
  const [version] = await tx
    .insert(documentVersions)
    .values({
      documentId,
      hash: file.hash,
      format: file.format,
      bytes: file.data.length,
      pages: file.pages,
      date,
      originalName: cleanName(source.originalName),
      addedBy: source.addedBy,
    })
    .returning();
  return version!;
}

/** A new document and its first version. */
export async function createDocument(
  tx: Transaction,
  fields: DocumentFields,
  file: CheckedFile,
  source: VersionSource & { isDemo?: boolean; at?: Date },
): Promise<DocumentWithVersions> {
  const at = source.at ?? new Date();
  const [row] = await tx
    .insert(documents)
    .values({
      kind: fields.kind,
      title: fields.title,
      visibility: fields.visibility,
      isDemo: source.isDemo ?? false,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  const version = await insertVersion(tx, row!.id, fields.date, file, source);
  return { ...row!, versions: [version] };
}

/**
 * Replaces a document's file by a new version, dated `date`; the earlier ones stay. Null when the document is gone.
 * Its row is locked for the transaction: two replacements at once are numbered one after the other.
 */
export async function addVersion(
  tx: Transaction,
  id: number,
  date: string,
  file: CheckedFile,
  source: VersionSource,
): Promise<{ document: DocumentRow; version: DocumentVersion; number: number } | null> {
  const [row] = await tx
    .update(documents)
    .set({ updatedAt: new Date(), isDemo: false })
    .where(eq(documents.id, id))
    .returning();
  if (!row) return null;
  const version = await insertVersion(tx, id, date, file, source);
  const [{ n }] = await tx.select({ n: count() }).from(documentVersions).where(eq(documentVersions.documentId, id));
  return { document: row, version, number: n };
}

/** Changes what describes a document: kind, title, visibility, and its current version's date. Null when gone. */
export async function updateDocument(tx: Transaction, id: number, fields: DocumentFields): Promise<DocumentRow | null> {
  const [row] = await tx
    .update(documents)
    .set({
      kind: fields.kind,
      title: fields.title,
      visibility: fields.visibility,
      updatedAt: new Date(),
      isDemo: false,
    })
    .where(eq(documents.id, id))
    .returning();
  if (!row) return null;
  const current = tx
    .select({ id: documentVersions.id })
    .from(documentVersions)
    .where(eq(documentVersions.documentId, id))
    .orderBy(desc(documentVersions.id))
    .limit(1);
  await tx
    .update(documentVersions)
    .set({ date: fields.date })
    .where(eq(documentVersions.id, sql`(${current})`));
  return row;
}

/** Deletes a document and its versions; the files they named, for the caller to remove once no version needs them. */
export async function deleteDocument(tx: Transaction, id: number): Promise<{ title: string; hashes: string[] } | null> {
  const versions = await tx
    .select({ hash: documentVersions.hash })
    .from(documentVersions)
    .where(eq(documentVersions.documentId, id));
  const [row] = await tx.delete(documents).where(eq(documents.id, id)).returning({ title: documents.title });
  if (!row) return null;
  return { title: row.title, hashes: [...new Set(versions.map((v) => v.hash))] };
}

/** The current version of each document (with the document's columns), optionally of some only. */
function currentVersions(executor: Executor, where?: ReturnType<typeof and>) {
  return executor
    .selectDistinctOn([documentVersions.documentId], {
      id: documents.id,
      kind: documents.kind,
      title: documents.title,
      visibility: documents.visibility,
      versionId: documentVersions.id,
      hash: documentVersions.hash,
      format: documentVersions.format,
      bytes: documentVersions.bytes,
      pages: documentVersions.pages,
      date: documentVersions.date,
    })
    .from(documentVersions)
    .innerJoin(documents, eq(documents.id, documentVersions.documentId))
    .where(where)
    .orderBy(asc(documentVersions.documentId), desc(documentVersions.id));
}

export type CurrentDocument = Awaited<ReturnType<typeof currentVersions>>[number];

/** The public documents as /association lists them: by kind, the newest first, each with its current version. */
export async function listPublicDocuments(executor: Executor = getDb()): Promise<CurrentDocument[]> {
  const rows = await currentVersions(executor, and(eq(documents.visibility, "public")));
  return rows.sort(byKindThenNewest((doc) => doc.date));
}

/** The members-only documents, as « Mon jardin » lists them: by kind, the newest first, each with its current version. */
export async function listMembersDocuments(executor: Executor = getDb()): Promise<CurrentDocument[]> {
  const rows = await currentVersions(executor, and(eq(documents.visibility, "membres")));
  return rows.sort(byKindThenNewest((doc) => doc.date));
}

/** A document's current version, public or not: the caller decides who may read it. */
export async function currentDocument(id: number, executor: Executor = getDb()): Promise<CurrentDocument | null> {
  const [row] = await currentVersions(executor, and(eq(documents.id, id)));
  return row ?? null;
}

/** One version of a document, by its id (the back-office's downloads). */
export async function documentVersion(documentId: number, versionId: number) {
  const [row] = await getDb()
    .select({ title: documents.title, version: documentVersions })
    .from(documentVersions)
    .innerJoin(documents, eq(documents.id, documentVersions.documentId))
    .where(and(eq(documentVersions.documentId, documentId), eq(documentVersions.id, versionId)));
  return row ?? null;
}

/** Whether `hash` is the file of one of the document's versions (an earlier one's address leads to the current). */
export async function isVersionOf(documentId: number, hash: string): Promise<boolean> {
  const [row] = await getDb()
    .select({ id: documentVersions.id })
    .from(documentVersions)
    .where(and(eq(documentVersions.documentId, documentId), eq(documentVersions.hash, hash)))
    .limit(1);
  return Boolean(row);
}

/**
 * The règlement intérieur in force: the current version of the public « Règlement intérieur » whose version is the
 * newest by date. Null when there is none (the text of Paramètres is then the rules applicants accept).
 */
export async function rulesInForce(executor: Executor = getDb()): Promise<CurrentDocument | null> {
  const rows = await currentVersions(
    executor,
    and(eq(documents.kind, "reglement_interieur"), eq(documents.visibility, "public")),
  );
  return rows.sort((a, b) => b.date.localeCompare(a.date) || b.versionId - a.versionId)[0] ?? null;
}

/** The demo's documents an administrator has not touched. */
export async function countDemoDocuments(executor: Executor = getDb()): Promise<number> {
  const [row] = await executor.select({ n: count() }).from(documents).where(eq(documents.isDemo, true));
  return row?.n ?? 0;
}

/** Removes the demo's documents and their versions; their files go with the next cleanup of unused files. */
export async function removeDemoDocuments(tx: Transaction): Promise<number> {
  return (await tx.delete(documents).where(eq(documents.isDemo, true)).returning({ id: documents.id })).length;
}
