import { data } from "react-router";
import { MAX_DOCUMENT_BYTES } from "~/lib/constants";
import { parisToday } from "~/lib/paris-time";
import { FormError, readSubmittedForm, type SubmittedForm } from "~/modules/forms/multipart.server";
import { errorsByField } from "~/modules/forms/public-form";
import { withHistory, type Actor } from "~/modules/history/history.server";
import {
  checkDocumentFile,
  DocumentFileError,
  removeUnusedDocumentFiles,
  type CheckedFile,
} from "./document-files.server";
import {
  DOCUMENT_KIND_GROUPS,
  DOCUMENT_KINDS,
  documentActionSchema,
  documentMessages,
  publicDocumentPath,
  type DocumentAction,
  type DocumentActionResult,
} from "./documents.schema";
import { addVersion, createDocument, deleteDocument, listDocuments, updateDocument } from "./documents.server";

/** /admin/documents: the documents grouped by kind, the newest first, each with its versions (newest first). */
export async function documentsScreen() {
  const documents = await listDocuments();
  const shown = documents.map((doc) => {
    const current = doc.versions[0]!;
    return {
      id: doc.id,
      kind: doc.kind,
      title: doc.title,
      visibility: doc.visibility,
      date: current.date,
      format: current.format,
      publicPath: doc.visibility === "public" ? publicDocumentPath({ ...doc, format: current.format }) : null,
      versions: doc.versions.map((version, i) => ({
        id: version.id,
        number: doc.versions.length - i,
        date: version.date,
        format: version.format,
        bytes: version.bytes,
        pages: version.pages,
        originalName: version.originalName,
        addedBy: version.addedBy,
        addedAt: version.createdAt.toISOString(),
        downloadPath: `/admin/documents/${doc.id}/versions/${version.id}`,
      })),
    };
  });
  return {
    today: parisToday(),
    groups: DOCUMENT_KINDS.map((kind) => ({
      kind,
      label: DOCUMENT_KIND_GROUPS[kind],
      documents: shown.filter((doc) => doc.kind === kind),
    })).filter((group) => group.documents.length > 0),
  };
}

const TEXT_FIELDS = ["intent", "id", "kind", "title", "date", "visibility"] as const;

/** The form sent back: its intent and document, the message above it, each field's own, and what was typed. */
function refused(
  values: Record<string, string>,
  message: string,
  errors: Record<string, string>,
  status: number,
): ReturnType<typeof data<DocumentActionResult>> {
  const id = Number(values.id) || undefined;
  return data({ ok: false, intent: values.intent ?? "", id, message, errors, values }, { status });
}

const done = (intent: string, message: string, id?: number): DocumentActionResult => ({
  ok: true,
  intent,
  id,
  message,
});

/** Files of one form: one, of at most 10 MB, with a message that speaks of a document rather than of an image. */
const FORM_LIMITS = {
  maxFiles: 1,
  maxFields: 20,
  maxFileSize: MAX_DOCUMENT_BYTES,
  fileFields: ["file"],
  tooLargeMessage: () => documentMessages.tooLarge,
};

/** The file of a « Ajouter » or « Remplacer » form, checked by its content; a message for the form when refused. */
async function fileOf(form: SubmittedForm): Promise<CheckedFile | { refusal: string; status: number }> {
  const upload = form.file("file");
  if (!upload) return { refusal: documentMessages.noFile, status: 400 };
  try {
    return await checkDocumentFile({ path: upload.path });
  } catch (error) {
    if (error instanceof DocumentFileError) return { refusal: error.message, status: error.status };
    throw error;
  }
}

/**
 * One form of /admin/documents (decision 028): parsed with its schema, its file read by content, then written in one
 * transaction with its Historique entry. A refusal comes back with its French messages and what was typed (4xx).
 */
export async function runDocumentAction(request: Request, actor: Actor) {
  let form: SubmittedForm;
  try {
    form = await readSubmittedForm(request, FORM_LIMITS);
  } catch (error) {
    if (!(error instanceof FormError)) throw error;
    const errors: Record<string, string> =
      error.status === 413 && error.message === documentMessages.tooLarge ? { file: error.message } : {};
    const message = Object.keys(errors).length > 0 ? documentMessages.refused : error.message;
    return refused(error.fields, message, errors, error.status);
  }
  try {
    const typed: Record<string, string> = {};
    for (const name of TEXT_FIELDS) {
      const value = form.get(name);
      if (value !== undefined) typed[name] = value;
    }
    const parsed = documentActionSchema.safeParse(typed);
    if (!parsed.success && parsed.error.issues.some((issue) => issue.path[0] === "intent"))
      return refused(typed, documentMessages.unknown, {}, 400);
    const intent = typed.intent;
    const withFile = intent === "create" || intent === "replace";
    const file = withFile ? await fileOf(form) : null;
    const errors = parsed.success ? {} : errorsByField(parsed.error.issues);
    if (file && "refusal" in file) errors.file = file.refusal;
    if (!parsed.success || (file && "refusal" in file)) {
      // A file refused for its size or type says so with its own status (413, 415, 422); a field's mistake is a 400.
      const status = parsed.success && file && "refusal" in file ? file.status : 400;
      const gone = parsed.success ? false : errors.id === documentMessages.gone;
      if (gone) return refused(typed, documentMessages.gone, {}, 404);
      return refused(typed, documentMessages.refused, errors, status);
    }
    return await apply(parsed.data, file as CheckedFile | null, actor, form.file("file")?.filename, typed);
  } finally {
    await form.cleanup();
  }
}

async function apply(
  action: DocumentAction,
  file: CheckedFile | null,
  actor: Actor,
  originalName: string | undefined,
  typed: Record<string, string>,
) {
  const source = { addedBy: actor.username, originalName };
  const gone = () => refused(typed, documentMessages.gone, {}, 404);
  switch (action.intent) {
    case "create": {
      const { intent: _, ...fields } = action;
      const doc = await withHistory(
        actor,
        (tx) => createDocument(tx, fields, file!, source),
        (created) => ({ kind: "document.ajout", target: `document n° ${created.id}`, detail: created.title }),
      );
      return done("create", `Document « ${doc.title} » ajouté.`, doc.id);
    }
    case "replace": {
      const result = await withHistory(
        actor,
        (tx) => addVersion(tx, action.id, action.date, file!, source),
        (added) =>
          added && {
            kind: "document.remplacement",
            target: `document n° ${added.document.id}`,
            detail: `${added.document.title}, version n° ${added.number}`,
          },
      );
      if (!result) return gone();
      return done(
        "replace",
        `Nouvelle version de « ${result.document.title} » enregistrée (version n° ${result.number}) ; les précédentes restent dans la liste.`,
        action.id,
      );
    }
    case "update": {
      const { intent: _, id, ...fields } = action;
      const row = await withHistory(
        actor,
        (tx) => updateDocument(tx, id, fields),
        (updated) => updated && { kind: "document.modification", target: `document n° ${id}`, detail: updated.title },
      );
      if (!row) return gone();
      return done("update", `Document « ${row.title} » modifié.`, id);
    }
    case "delete": {
      const deleted = await withHistory(
        actor,
        (tx) => deleteDocument(tx, action.id),
        (removed) =>
          removed && { kind: "document.suppression", target: `document n° ${action.id}`, detail: removed.title },
      );
      if (!deleted) return gone();
      // A file written in the last minute may be another upload's, just before its row: the daily cleanup takes it.
      await removeUnusedDocumentFiles({ hashes: deleted.hashes, graceMs: 60_000 });
      return done("delete", `Document « ${deleted.title} » supprimé, avec ses versions.`);
    }
  }
}
