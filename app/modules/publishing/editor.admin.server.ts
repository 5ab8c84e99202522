import { data, redirect } from "react-router";
import type { ZodType } from "zod";
import { getDb, type Transaction } from "~/db/client.server";
import { formatDateTime, formatDayTime } from "~/lib/dates";
import { parseId } from "~/lib/text";
import { ARTICLE_FORM_LIMITS, formMatchesPage, readArticleForm } from "./article-form.server";
import { articleSchemaInput } from "./article-form";
import { FormError, readSubmittedForm, type SubmittedForm } from "~/modules/forms/multipart.server";
import { authorName, type Admin } from "~/modules/auth/auth.server";
import { withHistory, type Actor } from "~/modules/history/history.server";
import type { HistoryKind } from "~/modules/history/history.kinds";
import { logger } from "~/server/logger.server";
import { adminListQuery, type AdminListQuery } from "~/server/admin-list.server";
import { discardAutosaves, findAutosave, NEW_ITEM } from "./autosave.server";
import { INTENTS, type PublicationState, type WithPublication } from "./publication.schema";
import type { EditorRefusal } from "./editor.schema";
import { getVersion, listVersions, type ItemKind } from "./versions.server";
import { own } from "~/lib/records";

/**
 * The back-office editors of articles and events, which work alike (product §4 and issue « Publishing »): a list of
 * drafts, scheduled and published items above or beside a form whose buttons publish, save a draft or schedule;
 * an autosave offered back; deletion after a confirmation. Each kind says what differs in an `EditorDefinition`.
 */

/** Who saves: for the history (`actor`), for « Versions » and the author's default (`name`, a display name). */
export interface Editor {
  actor: Actor;
  name: string;
}

/** The signed-in administrator as an editor. */
export const editorFrom = (admin: Admin): Editor => ({
  actor: { id: admin.id, username: admin.username },
  name: authorName(admin),
});

type Issues = readonly { path: readonly PropertyKey[]; message: string }[];

export interface EditorItem {
  id: number;
  title: string;
  state: PublicationState;
  updatedAt: Date;
}

export interface EditorDefinition<Row extends EditorItem, Input, Fields> {
  kind: ItemKind;
  /** The editor's address: "/admin/blog". */
  path: string;
  /** The form's own text fields (besides content and images). */
  texts: readonly string[];
  schema: ZodType<WithPublication<Input>>;
  refusalOf: (issues: Issues) => EditorRefusal;
  messages: {
    saveFailed: string;
    gone: string;
    mismatch: string;
    /** After each save, by what became of the item, and after a deletion. */
    done: Record<"publie" | "maj" | "brouillon" | "programme" | "supprime" | "restaure", string>;
  };
  get(id: number): Promise<Row | undefined>;
  /** The form's values for an item being edited. */
  fieldsOf(row: Row): Fields;
  /** The item as it would be with an earlier version's content (`snapshot`), its state unchanged. */
  fromVersion(row: Row, snapshot: Record<string, unknown>): Row;
  /** What the checked form becomes before it is saved (an article's author by default). */
  prepare?(input: WithPublication<Input>, editor: Editor): WithPublication<Input>;
  create(input: WithPublication<Input>, by: string, tx: Transaction): Promise<Row>;
  update(id: number, input: WithPublication<Input>, by: string, tx: Transaction): Promise<Row | undefined>;
  /** Deletes an item: false when it no longer exists; throws `KeptItem` when it must stay. */
  remove(id: number, tx: Transaction): Promise<boolean>;
  /** How the history names the item: "article n° 12". */
  target(id: number): string;
}

/** An item that cannot be deleted, and why (in French, for the person deleting it). */
export class KeptItem extends Error {}

/** The history entry of a save, from the state before (null: a new item) and after. */
function saveKind(kind: ItemKind, before: PublicationState | null, after: PublicationState): HistoryKind {
  if (after === "brouillon") return `${kind}.brouillon`;
  if (after === "programme") return `${kind}.programmation`;
  if (before === null) return `${kind}.creation`;
  return before === "publie" ? `${kind}.modification` : `${kind}.publication`;
}

export type EditorOutcome<Fields> =
  | { ok: true; id: number; state: PublicationState; wasPublic: boolean }
  | ({ ok: false; status: number; values: (Fields & { id: string }) | null } & EditorRefusal);

/**
 * Saves the editor's form: creates the item, or updates the one named by `id`, in the state its button asked for,
 * after the same checks as the browser's (the spec's messages). The item's autosaves go with the save.
 */
export async function saveEditorForm<Row extends EditorItem, Input, Fields>(
  definition: EditorDefinition<Row, Input, Fields>,
  form: SubmittedForm,
  editor: Editor,
): Promise<EditorOutcome<Fields>> {
  const id = form.get("id") ? parseId(form.get("id")) : null;
  const { fields, refusal } = await readArticleForm(form, definition.texts);
  const values = { id: form.get("id") ?? "", ...fields } as unknown as Fields & { id: string };
  const refuse = (status: number, reason: EditorRefusal): EditorOutcome<Fields> => ({
    ok: false,
    status,
    ...reason,
    values,
  });

  if (refusal) return refuse(refusal.status, refusal);
  const existing = id === null ? undefined : await definition.get(id);
  if (form.get("id") && !existing) return refuse(404, { message: definition.messages.gone });

  const parsed = definition.schema.safeParse(articleSchemaInput(fields, form.get("intent")));
  if (!parsed.success) return refuse(400, definition.refusalOf(parsed.error.issues));
  const input = definition.prepare ? definition.prepare(parsed.data, editor) : parsed.data;
  const describe = (row: Row | undefined) =>
    row && { kind: saveKind(definition.kind, existing?.state ?? null, row.state), target: definition.target(row.id) };
  try {
    const saved = await withHistory(
      editor.actor,
      async (tx) => {
        const row = existing
          ? await definition.update(existing.id, input, editor.name, tx)
          : await definition.create(input, editor.name, tx);
        if (row) await discardAutosaves(tx, definition.kind, existing ? row.id : NEW_ITEM, editor.actor.id ?? -1);
        return row;
      },
      describe,
    );
    if (!saved) return refuse(404, { message: definition.messages.gone });
    return { ok: true, id: saved.id, state: saved.state, wasPublic: existing?.state === "publie" };
  } catch (error) {
    logger.error({ err: error, kind: definition.kind }, "enregistrement impossible");
    return refuse(500, { message: definition.messages.saveFailed });
  }
}

/**
 * Where a save leads: a draft stays open in the editor; anything else goes back to the list with its popup, which
 * says « publié » when the item goes public (new, or a draft or scheduled item published) and « mis à jour » else.
 */
function afterSave(path: string, outcome: { id: number; state: PublicationState; wasPublic: boolean }) {
  if (outcome.state === "brouillon") return `${path}?edit=${outcome.id}&fait=brouillon`;
  if (outcome.state === "programme") return `${path}?fait=programme`;
  return `${path}?fait=${outcome.wasPublic ? "maj" : "publie"}`;
}

const SAVE_INTENTS: string[] = Object.values(INTENTS);

/** The form « Aperçu » posts, as the editor's action reads it; a form that cannot be read is a 4xx with its message. */
export async function readPreviewForm(request: Request) {
  try {
    return await readSubmittedForm(request, ARTICLE_FORM_LIMITS);
  } catch (error) {
    if (error instanceof FormError) throw data(error.message, { status: error.status });
    throw error;
  }
}

/**
 * An editor page's action: a save by any of the three buttons, a deletion, or « Ignorer » of an autosave offered.
 * A refusal comes back with what was typed, so that nothing is lost.
 */
export async function runEditorAction<Row extends EditorItem, Input, Fields>(
  definition: EditorDefinition<Row, Input, Fields>,
  request: Request,
  editor: Editor,
) {
  const refused = (status: number, message: string) =>
    data<EditorOutcome<Fields>>({ ok: false, status, message, missing: [], values: null }, { status });
  let form: SubmittedForm;
  try {
    form = await readSubmittedForm(request, ARTICLE_FORM_LIMITS);
  } catch (error) {
    if (error instanceof FormError) return refused(error.status, error.message);
    throw error;
  }
  try {
    const intent = form.get("intent") ?? "";
    if (SAVE_INTENTS.includes(intent)) {
      if (!formMatchesPage(request, form)) return refused(400, definition.messages.mismatch);
      const outcome = await saveEditorForm(definition, form, editor);
      if (outcome.ok) return redirect(afterSave(definition.path, outcome));
      return data(outcome, { status: outcome.status });
    }
    const id = parseId(form.get("id"));
    if (intent === "delete") {
      let deleted: boolean;
      try {
        deleted =
          id !== null &&
          (await withHistory(
            editor.actor,
            (tx) => definition.remove(id, tx),
            (done) => done && { kind: `${definition.kind}.suppression`, target: definition.target(id) },
          ));
      } catch (error) {
        if (error instanceof KeptItem) return refused(409, error.message);
        throw error;
      }
      if (!deleted) return refused(404, definition.messages.gone);
      return redirect(`${definition.path}?fait=supprime`);
    }
    if (intent === "discardAutosave") {
      await discardAutosaves(getDb(), definition.kind, id ?? NEW_ITEM, editor.actor.id ?? -1);
      return redirect(id === null ? definition.path : `${definition.path}?edit=${id}`);
    }
    return refused(400, "Action inconnue.");
  } finally {
    await form.cleanup();
  }
}

/**
 * What an editor page shows of the item in its form: the item named by `?edit=` (or a new one), its state, and the
 * administrator's autosave when newer than its last save; `?reprendre=1` puts the autosave in the form.
 */
export async function editorPageData<Row extends EditorItem, Input, Fields>(
  definition: EditorDefinition<Row, Input, Fields>,
  request: Request,
  adminId: number,
) {
  const url = new URL(request.url);
  const editId = url.searchParams.has("edit") ? parseId(url.searchParams.get("edit")) : null;
  const editing = editId === null ? undefined : await definition.get(editId);
  // An address to edit an item that is gone leads back to the list.
  if (url.searchParams.has("edit") && !editing) throw redirect(definition.path);
  const autosave = await findAutosave(
    definition.kind,
    editing?.id ?? NEW_ITEM,
    adminId,
    editing ? editing.updatedAt : null,
  );
  const resumed = Boolean(autosave && url.searchParams.get("reprendre") === "1");
  const fields = resumed ? (autosave!.fields as Fields) : editing ? definition.fieldsOf(editing) : null;
  const query: AdminListQuery = adminListQuery(request);
  return {
    done: own<string>(definition.messages.done, url.searchParams.get("fait")) ?? null,
    item: editing ? { id: editing.id, state: editing.state, fields } : { id: null, state: null, fields },
    autosave: autosave && !resumed ? { savedAt: formatDayTime(autosave.savedAt) } : null,
    resumed,
    query,
  };
}

/** The button that saves an item in the state it is in: what restoring a version checks it against. */
const INTENT_OF_STATE: Record<PublicationState, string> = {
  brouillon: INTENTS.draft,
  programme: INTENTS.schedule,
  publie: INTENTS.publish,
};

/**
 * Brings back an earlier version of an item: its content replaces the current one, which is kept as a version in
 * turn; the item stays in its state (a published item stays published), so the version must meet that state's
 * rules (the spec's messages otherwise). A history entry says which version.
 */
export async function restoreVersion<Row extends EditorItem, Input, Fields>(
  definition: EditorDefinition<Row, Input, Fields>,
  itemId: number,
  versionId: number,
  editor: Editor,
): Promise<{ ok: true } | { ok: false; status: number; message: string }> {
  const [row, version] = await Promise.all([definition.get(itemId), getVersion(definition.kind, itemId, versionId)]);
  if (!row || !version) return { ok: false, status: 404, message: "Cette version n'existe plus." };
  const fields = definition.fieldsOf(definition.fromVersion(row, version.snapshot));
  const parsed = definition.schema.safeParse(articleSchemaInput(fields as never, INTENT_OF_STATE[row.state]));
  if (!parsed.success) {
    const { message } = definition.refusalOf(parsed.error.issues);
    return {
      ok: false,
      status: 400,
      message: `Cette version ne peut pas remplacer la version publiée : ${message || "il y manque un champ obligatoire"}. Repassez d'abord en brouillon pour la restaurer.`,
    };
  }
  const input = definition.prepare ? definition.prepare(parsed.data, editor) : parsed.data;
  await withHistory(
    editor.actor,
    (tx) => definition.update(itemId, input, editor.name, tx),
    (saved) =>
      saved && {
        kind: `${definition.kind}.restauration`,
        target: definition.target(itemId),
        detail: `version du ${formatDateTime(version.savedAt)}`,
      },
  );
  return { ok: true };
}

/** An item's « Versions »: the current state, then the earlier ones, newest first. */
export async function versionsPageData<Row extends EditorItem & { updatedBy: string | null }, Input, Fields>(
  definition: EditorDefinition<Row, Input, Fields>,
  itemId: number,
) {
  const row = await definition.get(itemId);
  if (!row) return null;
  const versions = await listVersions(definition.kind, itemId);
  return {
    item: {
      id: row.id,
      title: row.title,
      state: row.state,
      savedAt: formatDateTime(row.updatedAt),
      savedBy: row.updatedBy,
    },
    versions: versions.map((version) => ({
      id: version.id,
      title: version.title,
      state: version.state as PublicationState,
      savedAt: formatDateTime(version.savedAt),
      savedBy: version.savedBy,
    })),
  };
}

/** An item as it was at one of its versions, for its public rendering; undefined when either is gone. */
export async function itemAtVersion<Row extends EditorItem, Input, Fields>(
  definition: EditorDefinition<Row, Input, Fields>,
  itemId: number,
  versionId: number,
) {
  const [row, version] = await Promise.all([definition.get(itemId), getVersion(definition.kind, itemId, versionId)]);
  if (!row || !version) return undefined;
  return {
    item: definition.fromVersion(row, version.snapshot),
    savedAt: formatDateTime(version.savedAt),
    savedBy: version.savedBy,
  };
}
