import { z } from "zod";
import { DOCUMENT_TOO_LARGE_MESSAGE } from "~/lib/constants";
import { recordId, requiredLine } from "~/modules/forms/fields.schema";

// The association's documents (decision 028): what they are, the back-office's forms, their addresses. Safe for the
// browser: the admin form checks itself with these schemas before it is sent, the action checks again.

export const DOCUMENT_KINDS = [
  "statuts",
  "reglement_interieur",
  "proces_verbal",
  "rapport",
  "convention_occupation",
  "autre",
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** One document of the kind, as a form or a list line names it. */
export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = {
  statuts: "Statuts",
  reglement_interieur: "Règlement intérieur",
  proces_verbal: "Procès-verbal",
  rapport: "Rapport",
  convention_occupation: "Convention d'occupation",
  autre: "Autre document",
};

/** The documents of the kind, as a group's heading. */
export const DOCUMENT_KIND_GROUPS: Record<DocumentKind, string> = {
  statuts: "Statuts",
  reglement_interieur: "Règlement intérieur",
  proces_verbal: "Procès-verbaux",
  rapport: "Rapports",
  convention_occupation: "Conventions d'occupation",
  autre: "Autres documents",
};

export const DOCUMENT_VISIBILITIES = ["public", "membres"] as const;
export type DocumentVisibility = (typeof DOCUMENT_VISIBILITIES)[number];
export const DOCUMENT_VISIBILITY_LABELS: Record<DocumentVisibility, string> = {
  public: "Public : listé sur la page « Notre association »",
  membres: "Réservé aux membres (par leur lien personnel)",
};

export type DocumentFormat = "pdf" | "jpeg";
export const DOCUMENT_EXTENSIONS: Record<DocumentFormat, "pdf" | "jpg"> = { pdf: "pdf", jpeg: "jpg" };
export const DOCUMENT_CONTENT_TYPES: Record<DocumentFormat, string> = { pdf: "application/pdf", jpeg: "image/jpeg" };

export const DOCUMENT_TITLE_MAX = 200;
/** A stored file's name: the first 32 hex digits of its SHA-256, and its extension. */
export const DOCUMENT_FILE_PATTERN = /^([0-9a-f]{32})\.(pdf|jpg)$/;

/** What the browser's file input accepts: a hint only, the server reads the content. */
export const DOCUMENT_ACCEPT = "application/pdf,.pdf,image/jpeg,image/png,image/webp,image/heic,.heic";

/** French messages, shared by the server (authority) and the browser. */
export const documentMessages = {
  title: "Indiquez le titre du document.",
  date: "Indiquez la date du document.",
  kind: "Choisissez le type de document.",
  visibility: "Choisissez qui peut lire le document.",
  gone: "Ce document n'existe plus : il a peut-être été supprimé entre-temps.",
  noFile: "Choisissez le fichier du document (PDF ou image).",
  tooLarge: DOCUMENT_TOO_LARGE_MESSAGE,
  notAccepted:
    "Ce fichier n'est ni un PDF ni une image acceptée. Enregistrez le document en PDF (ou photographiez-le en JPEG) puis réessayez.",
  pdfDamaged: "Ce PDF est incomplet ou endommagé et ne peut pas être lu. Enregistrez-le de nouveau puis réessayez.",
  pdfProtected: "Ce PDF est protégé par un mot de passe : enregistrez-en une copie sans mot de passe.",
  refused: "Le document n'a pas été enregistré :",
  unknown: "Action inconnue.",
} as const;

/** A calendar date as `<input type="date">` sends it (YYYY-MM-DD), a real one, between 1900 and 2100. */
const documentDate = z
  .string({ error: documentMessages.date })
  .trim()
  // `abort`: the day check below only ever sees the right shape (an empty or odd value would be an Invalid Date).
  .regex(/^(19\d\d|20\d\d|2100)-\d{2}-\d{2}$/, { error: documentMessages.date, abort: true })
  .refine(isRealDay, { error: documentMessages.date });

/** Whether "YYYY-MM-DD" names a day of the calendar (not 31 February). */
function isRealDay(value: string) {
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
}

const documentId = recordId(documentMessages.gone);

/** What describes a document: its kind, title, date and who may read it. */
const describedFields = {
  kind: z.enum(DOCUMENT_KINDS, { error: documentMessages.kind }),
  title: requiredLine(DOCUMENT_TITLE_MAX, documentMessages.title),
  date: documentDate,
  visibility: z.enum(DOCUMENT_VISIBILITIES, { error: documentMessages.visibility }),
};

/**
 * The forms of /admin/documents, told apart by `intent`: « Ajouter » (with its file), « Remplacer » (a new version:
 * its file and its date), « Modifier » (what describes it) and « Supprimer ». The file is read on the server only.
 */
export const documentActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("create"), ...describedFields }),
    z.object({ intent: z.literal("replace"), id: documentId, date: documentDate }),
    z.object({ intent: z.literal("update"), id: documentId, ...describedFields }),
    z.object({ intent: z.literal("delete"), id: documentId }),
  ],
  { error: documentMessages.unknown },
);
export type DocumentAction = z.output<typeof documentActionSchema>;
export type DocumentFields = Omit<Extract<DocumentAction, { intent: "create" }>, "intent">;

/** What an action answers: done, or the form sent back with its messages and what was typed (`id`: its document). */
export type DocumentActionResult =
  | { ok: true; intent: string; id?: number; message: string }
  | {
      ok: false;
      intent: string;
      id?: number;
      message: string;
      errors: Record<string, string>;
      values: Record<string, string>;
    };

/** The fields of each form, in the order it shows them (the first in error takes the focus). */
export const DOCUMENT_FORM_ORDER = {
  create: ["kind", "title", "date", "visibility", "file"],
  replace: ["date", "file"],
  update: ["kind", "title", "date", "visibility"],
} as const;

/** A size as French readers write it: « 840 octets », « 120 Ko », « 1,4 Mo ». */
function formatBytes(bytes: number) {
  if (bytes < 1024) return `${bytes} octets`;
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} Ko`;
  return `${(bytes / (1024 * 1024)).toLocaleString("fr-FR", { maximumFractionDigits: 1 })} Mo`;
}

/** « PDF, 3 pages, 120 Ko » or « Image JPEG, 240 Ko ». */
export function documentFileFacts(version: { format: DocumentFormat; bytes: number; pages: number | null }) {
  const what =
    version.format === "pdf"
      ? `PDF${version.pages ? `, ${version.pages} page${version.pages > 1 ? "s" : ""}` : ""}`
      : "Image JPEG";
  return `${what}, ${formatBytes(version.bytes)}`;
}

/** The title as a file name: « Statuts de l'association » → `statuts-de-l-association`. */
export function documentSlug(title: string) {
  const slug = title
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/œ/g, "oe")
    .replace(/æ/g, "ae")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return slug || "document";
}

/** The file name a download gets: the title, as typed, with the extension of its format. */
export const documentFileName = (title: string, format: DocumentFormat) =>
  `${title.replace(/[/\\:*?"<>|\p{Cc}]+/gu, " ").trim() || "document"}.${DOCUMENT_EXTENSIONS[format]}`;

/** The lasting address of a public document: always its current version. */
export const publicDocumentPath = (doc: { id: number; title: string; format: DocumentFormat }) =>
  `/documents/${doc.id}/${documentSlug(doc.title)}.${DOCUMENT_EXTENSIONS[doc.format]}`;

/** A version's own address, which never changes content: cached for good. */
export const documentVersionPath = (doc: { id: number }, version: { hash: string; format: DocumentFormat }) =>
  `/documents/${doc.id}/version/${version.hash}.${DOCUMENT_EXTENSIONS[version.format]}`;
