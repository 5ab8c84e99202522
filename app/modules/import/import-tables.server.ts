import { asc, eq } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import { annonces } from "~/modules/ads/ads.tables";
import { applications, formFields } from "~/modules/applications/applications.tables";
import { blogPosts } from "~/modules/blog/blog.tables";
import { associationContent } from "~/modules/content/content.tables";
import { events } from "~/modules/events/events.tables";
import { MAX_ANNEX_IMAGES, MAX_ASSOCIATION_IMAGES } from "~/lib/constants";
import { sanitizeRichText } from "~/server/sanitize.server";
import { plainToRichText, stripHtml } from "~/lib/text";
import { APPLICATION_FIELDS, APPLICATION_FORM_DEFAULT_LABELS } from "~/modules/applications/applications.schema";
import { updateContent } from "~/modules/content/content.server";
import type { ContentFields } from "~/modules/content/content.schema";
import { parisDateOf } from "~/lib/paris-time";
import type { SourceTable } from "./import-files.server";
import {
  addressListValue,
  booleanValue,
  column,
  foldColumn,
  instantValue,
  integerValue,
  textValue,
  type SourceRow,
} from "./import-values";
import { own } from "~/lib/records";

/** What a row needs while it is read: its images brought in, and remarks for the report. */
export interface RowContext {
  image(address: unknown, what: string): Promise<string | null>;
  note(remark: string): void;
  now: Date;
}

/** A row read and ready: `write` stores it in the transaction given and returns its new id. A string: why it is left out. */
export type MappedRow = { write: (tx: Transaction) => Promise<number> } | string;

const text = (row: SourceRow, ...names: string[]) => textValue(column(row, ...names));
const flag = (row: SourceRow, name: string) => booleanValue(column(row, name)) ?? false;
const instant = (row: SourceRow, ...names: string[]) => instantValue(column(row, ...names));

/** Rich text as the editor would have saved it: sanitised; plain text becomes paragraphs. */
const richText = (value: string | null) =>
  sanitizeRichText(value && !/<[a-z][\s\S]*>/i.test(value) ? plainToRichText(value) : value);

async function imageList(ctx: RowContext, value: unknown, max: number, what: string) {
  const given = addressListValue(value)
    .map((address, place) => ({ address, place }))
    .filter(({ address }) => address !== null);
  if (given.length > max) ctx.note(`${given.length} ${what}s, seules les ${max} premières sont gardées`);
  const urls = await Promise.all(
    given.slice(0, max).map(({ address, place }) => ctx.image(address, `${what} ${place + 1}`)),
  );
  return urls.filter((url): url is string => url !== null);
}

const insertedId = async (rows: Promise<{ id: number }[]>) => (await rows)[0].id;

// The single content record: only the columns present in the export are written, over the current record.
const CONTENT_TEXTS = [
  "titreAccueil",
  "texteIntro",
  "texteFooter",
  "titreAssociation",
  "adresse",
  "telephone",
  "email",
  "horaires",
] as const;

async function associationContentRow(row: SourceRow, ctx: RowContext): Promise<MappedRow> {
  const fields: ContentFields = {};
  const has = (name: string) => row.has(foldColumn(name));
  for (const name of CONTENT_TEXTS) if (has(name)) fields[name] = text(row, name);
  if (has("contentAssociation")) fields.contentAssociation = richText(text(row, "contentAssociation")) || null;
  if (has("parcellesOccupees")) fields.parcellesOccupees = integerValue(column(row, "parcellesOccupees")) ?? 0;
  if (has("parcellesTotal")) fields.parcellesTotal = integerValue(column(row, "parcellesTotal")) ?? 0;
  if (has("imageAccueil")) fields.imageAccueil = await ctx.image(column(row, "imageAccueil"), "image d'accueil");
  if (has("headerIcon")) fields.headerIcon = await ctx.image(column(row, "headerIcon"), "icône de l'en-tête");
  if (has("imagesAssociation"))
    fields.imagesAssociation = await imageList(
      ctx,
      column(row, "imagesAssociation"),
      MAX_ASSOCIATION_IMAGES,
      "image de l'association",
    );
  return {
    async write(tx) {
      const [current] = await tx
        .select({ id: associationContent.id })
        .from(associationContent)
        .orderBy(asc(associationContent.id))
        .limit(1);
      const id =
        current?.id ??
        (await insertedId(tx.insert(associationContent).values({}).returning({ id: associationContent.id })));
      await updateContent(id, fields, tx);
      return id;
    },
  };
}

/** The application form field a label belongs to: its `name` column, else the field whose name or default label the label starts with. */
function formFieldName(row: SourceRow, label: string) {
  const fold = (s: string) =>
    s
      .normalize("NFD")
      .replace(/[^a-zA-Z0-9]/g, "")
      .toLowerCase();
  const given = text(row, "name");
  if (given && APPLICATION_FIELDS.some((field) => field === given)) return given;
  const folded = fold(label);
  const matches = APPLICATION_FIELDS.filter(
    (field) => folded.startsWith(field) || folded === fold(APPLICATION_FORM_DEFAULT_LABELS[field]),
  );
  return matches.sort((a, b) => b.length - a.length)[0] ?? null;
}

function formFieldRow(row: SourceRow, ctx: RowContext): MappedRow {
  const label = text(row, "label");
  if (!label) return "libellé vide";
  const name = formFieldName(row, label);
  if (!name)
    ctx.note(
      `libellé « ${label} » rattaché à aucun champ du formulaire de demande : gardé, sans effet sur le formulaire`,
    );
  return {
    async write(tx) {
      if (name) {
        const [updated] = await tx
          .update(formFields)
          .set({ label })
          .where(eq(formFields.name, name))
          .returning({ id: formFields.id });
        if (updated) return updated.id;
      }
      return insertedId(tx.insert(formFields).values({ label, name }).returning({ id: formFields.id }));
    },
  };
}

async function blogPostRow(row: SourceRow, ctx: RowContext): Promise<MappedRow> {
  const title = text(row, "title");
  if (!title) return "article sans titre";
  const content = richText(text(row, "content"));
  const date = instant(row, "date", "created_at") ?? ctx.now;
  const values = {
    title,
    content,
    plainText: stripHtml(content),
    excerpt: text(row, "excerpt") ?? "",
    image: await ctx.image(column(row, "image"), "image de couverture"),
    imagesAnnexes: await imageList(ctx, column(row, "imagesannexes"), MAX_ANNEX_IMAGES, "image annexe"),
    author: text(row, "author") ?? "Admin",
    date,
    createdAt: instant(row, "created_at") ?? date,
  };
  return { write: (tx) => insertedId(tx.insert(blogPosts).values(values).returning({ id: blogPosts.id })) };
}

async function eventRow(row: SourceRow, ctx: RowContext): Promise<MappedRow> {
  const title = text(row, "title");
  if (!title) return "événement sans titre";
  const start = instant(row, "start", "date");
  if (!start) return "événement sans date de début lisible";
  let end = instant(row, "enddate", "end") ?? start;
  if (end < start) {
    ctx.note("date de fin avant la date de début : la fin est ramenée au début");
    end = start;
  }
  const content = richText(text(row, "content") ?? text(row, "description"));
  const values = {
    title,
    description: text(row, "description") ?? "",
    location: text(row, "location") ?? "",
    start,
    endDate: end,
    content,
    plainText: stripHtml(content),
    image: await ctx.image(column(row, "image"), "image"),
    imagesAnnexes: await imageList(ctx, column(row, "imagesannexes"), MAX_ANNEX_IMAGES, "image annexe"),
    date: parisDateOf(start),
    author: text(row, "author") ?? "admin",
    createdAt: instant(row, "created_at") ?? ctx.now,
  };
  return { write: (tx) => insertedId(tx.insert(events).values(values).returning({ id: events.id })) };
}

const AD_TYPES = {
  recherche: "recherche",
  cherche: "recherche",
  vend: "vend",
  vente: "vend",
  donne: "donne",
  don: "donne",
  echange: "échange",
} as const;

async function adRow(row: SourceRow, ctx: RowContext): Promise<MappedRow> {
  const nom = text(row, "nom");
  if (!nom) return "annonce sans nom";
  const typeText = (text(row, "type") ?? "")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
  const type = own(AD_TYPES, typeText);
  if (!type) return `type d'annonce inconnu « ${text(row, "type") ?? ""} »`;
  const statut = text(row, "statut")
    ?.normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
  const validated = statut ? statut === "valide" || statut === "validated" : flag(row, "isValidated");
  const createdAt = instant(row, "created_at", "date") ?? ctx.now;
  const values = {
    nom,
    email: text(row, "email"),
    telephone: text(row, "telephone") ?? "",
    type,
    contenu: text(row, "contenu"),
    photo1: await ctx.image(column(row, "photo1"), "photo 1"),
    photo2: await ctx.image(column(row, "photo2"), "photo 2"),
    statut: validated ? ("validé" as const) : ("en_attente" as const),
    isValidated: validated,
    // The old site did not keep when an ad was validated: its creation is the closest date known.
    validatedAt: validated ? createdAt : null,
    createdAt,
  };
  return { write: (tx) => insertedId(tx.insert(annonces).values(values).returning({ id: annonces.id })) };
}

function applicationRow(row: SourceRow, ctx: RowContext): MappedRow {
  const nom = text(row, "nom");
  const email = text(row, "email");
  if (!nom && !email) return "demande sans nom ni e-mail";
  const date = instant(row, "date", "created_at") ?? ctx.now;
  const archived = booleanValue(column(row, "archived"));
  let archivedDate = instant(row, "archived_date");
  if (archived && !archivedDate) {
    ctx.note("demande archivée sans date d'archivage : la date de la demande est prise");
    archivedDate = date;
  }
  const values = {
    nom: nom ?? "",
    email: email ?? "",
    adresse: text(row, "adresse") ?? "",
    ville: text(row, "ville") ?? "",
    telephonePortable: text(row, "telephoneportable") ?? "",
    telephoneFixe: text(row, "telephonefixe"),
    tailleJardin: text(row, "taillejardin") ?? "",
    experience: text(row, "experience") ?? "",
    budgetConnu: flag(row, "budgetconnu"),
    tempsDisponible: text(row, "tempsdisponible") ?? "",
    inspectionConnu: flag(row, "inspectionconnu"),
    engagementCharte: flag(row, "engagementcharte"),
    engagementReglement: flag(row, "engagementreglement"),
    engagementLieuPublic: flag(row, "engagementlieupublic"),
    motivations: text(row, "motivations") ?? "",
    date,
    processed: flag(row, "processed"),
    archived,
    archivedDate: archived ? archivedDate : null,
  };
  return { write: (tx) => insertedId(tx.insert(applications).values(values).returning({ id: applications.id })) };
}

/** How each table of the export is read. */
export const TABLE_IMPORTS: Record<
  SourceTable,
  { read: (row: SourceRow, ctx: RowContext) => MappedRow | Promise<MappedRow> }
> = {
  association_content: { read: associationContentRow },
  form_fields: { read: formFieldRow },
  blogPosts: { read: blogPostRow },
  events: { read: eventRow },
  annonces: { read: adRow },
  applications: { read: applicationRow },
};
