import { and, count, desc, eq, getTableColumns, sql } from "drizzle-orm";
import { getDb, type Executor, type Transaction } from "~/db/client.server";
import { annonces } from "~/modules/ads/ads.tables";
import type { AdStatut, AdType } from "~/lib/constants";
import { parseId } from "~/lib/text";
import { adminSearchCondition, withPage, type AdminListQuery } from "~/server/admin-list.server";
import type { AdFormValues } from "./ads.schema";
import { getContent } from "~/modules/content/content.server";
import { enqueueMail } from "~/modules/mail/outbox.server";
import { newAdMail } from "./ads.mail.server";
import { adPublicUntil, notExpired } from "~/modules/retention/retention.server";

export type Ad = typeof annonces.$inferSelect;
/** Fields an administrator may change; only the ones present are written (null removes a photo). */
export type AdEditableFields = Partial<
  Pick<Ad, "nom" | "email" | "telephone" | "type" | "contenu" | "photo1" | "photo2">
>;

const EDITABLE = ["nom", "email", "telephone", "type", "contenu", "photo1", "photo2"] as const;
const newestFirst = [desc(annonces.createdAt), desc(annonces.id)];
const VALIDATED: AdStatut = "validé";
const PENDING: AdStatut = "en_attente";

/** Validated ads still within their publication time (the retention settings). */
const publicAd = () => and(eq(annonces.statut, VALIDATED), notExpired());

/** Public ads only, newest first (public list), of one type when `type` is given. */
export async function listPublicAds(type?: AdType): Promise<Ad[]> {
  const validated = publicAd();
  return getDb()
    .select()
    .from(annonces)
    .where(type ? and(validated, eq(annonces.type, type)) : validated)
    .orderBy(...newestFirst);
}

/** Every ad, newest first (admin list). */
export async function listAllAds(): Promise<Ad[]> {
  return getDb()
    .select()
    .from(annonces)
    .orderBy(...newestFirst);
}

/** An ad of the moderation screen: a validated one with the day it leaves (or left) the public list. */
export type ModeratedAdRow = Ad & { publicUntil: Date | null; expired: boolean };

/** A validated ad past its publication time: off the public list, deleted later by the retention sweeper. */
const expiredAd = () => and(eq(annonces.statut, VALIDATED), sql`not coalesce(${notExpired()}, false)`);

/** The back-office's search of ads: name, e-mail, phone, text, or the day sent. */
const matching = (q = "") =>
  adminSearchCondition(q, {
    texts: [annonces.nom, annonces.email, annonces.telephone, annonces.contenu],
    dates: [annonces.createdAt],
  });

/**
 * Ads newest first, each validated one with its end of publication and whether it is past (admin list): those
 * `page.q` finds, page `page.page`, or all of them.
 */
export async function listModeratedAds(page?: AdminListQuery): Promise<ModeratedAdRow[]> {
  const query = getDb()
    .select({
      ...getTableColumns(annonces),
      publicUntil: sql<Date | null>`case when ${annonces.statut} = ${VALIDATED} then ${adPublicUntil()} end`.mapWith(
        annonces.validatedAt,
      ),
      expired: sql<boolean>`coalesce(${expiredAd()}, false)`,
    })
    .from(annonces)
    .where(matching(page?.q))
    .orderBy(...newestFirst);
  return withPage(query.$dynamic(), page);
}

/** The moderation screen's counts: every ad, pending ones, expired ones, and those `q` finds. */
export async function countModeratedAds(q = "") {
  const [row] = await getDb()
    .select({
      total: count(),
      pending: sql<number>`count(*) filter (where ${annonces.statut} = ${PENDING})`.mapWith(Number),
      expired: sql<number>`count(*) filter (where ${expiredAd()})`.mapWith(Number),
      found: q ? sql<number>`count(*) filter (where ${matching(q)})`.mapWith(Number) : count(),
    })
    .from(annonces);
  return { total: row?.total ?? 0, pending: row?.pending ?? 0, expired: row?.expired ?? 0, found: row?.found ?? 0 };
}

/** The `limit` newest public ads (home page). */
export async function latestValidatedAds(limit: number): Promise<Ad[]> {
  return getDb()
    .select()
    .from(annonces)
    .where(publicAd())
    .orderBy(...newestFirst)
    .limit(limit);
}

export async function getAd(id: number): Promise<Ad | undefined> {
  if (parseId(id) === null) return undefined;
  const [row] = await getDb().select().from(annonces).where(eq(annonces.id, id));
  return row;
}

/** A visitor's ad: stored as en_attente and the association notified, in one transaction. */
export async function submitAd(input: AdFormValues): Promise<Ad> {
  const associationEmail = (await getContent())?.email;
  return createAd(input, async (tx, ad) => {
    await enqueueMail(tx, newAdMail(ad, associationEmail));
  });
}

/** Stores a submitted ad as en_attente; `onCreated` runs in the same transaction (e.g. to queue an e-mail). */
export async function createAd(
  input: AdFormValues,
  onCreated?: (tx: Transaction, ad: Ad) => Promise<void>,
  { createdAt }: { createdAt?: Date } = {}, // for imports and demo content
): Promise<Ad> {
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .insert(annonces)
      .values({
        nom: input.nom,
        email: input.email ?? null,
        telephone: input.telephone,
        type: input.type,
        contenu: input.contenu ?? null,
        photo1: input.photo1 ?? null,
        photo2: input.photo2 ?? null,
        statut: PENDING,
        isValidated: false,
        ...(createdAt && { createdAt }),
      })
      .returning();
    await onCreated?.(tx, row);
    return row;
  });
}

/** Writes the given fields of ad `id`; undefined when it does not exist. */
export async function updateAd(
  id: number,
  fields: AdEditableFields,
  executor: Executor = getDb(),
): Promise<Ad | undefined> {
  if (parseId(id) === null) return undefined;
  const values: AdEditableFields = {};
  for (const key of EDITABLE) {
    if (fields[key] !== undefined) (values as Record<string, unknown>)[key] = fields[key];
  }
  if (Object.keys(values).length === 0) return getAd(id);
  const [row] = await executor
    .update(annonces)
    .set({ ...values, isDemo: false })
    .where(eq(annonces.id, id))
    .returning();
  return row;
}

/** Publishes ad `id` (statut validé, isValidated true) if it is waiting; undefined when it is missing or already public. */
export async function validateAd(id: number, executor: Executor = getDb()): Promise<Ad | undefined> {
  if (parseId(id) === null) return undefined;
  const [row] = await executor
    .update(annonces)
    .set({ statut: VALIDATED, isValidated: true, isDemo: false, validatedAt: new Date() })
    .where(and(eq(annonces.id, id), eq(annonces.statut, PENDING)))
    .returning();
  return row;
}

/**
 * Puts an expired ad back on the public list for a whole period: its validation date becomes now. Undefined when it
 * is missing, waiting, or still public.
 */
export async function republishAd(id: number, executor: Executor = getDb()): Promise<Ad | undefined> {
  if (parseId(id) === null) return undefined;
  const [row] = await executor
    .update(annonces)
    .set({ validatedAt: new Date(), isDemo: false })
    .where(and(eq(annonces.id, id), expiredAd()))
    .returning();
  return row;
}

/** Deletes ad `id` and returns it (its photos may then be cleaned up); undefined when it did not exist. */
export async function deleteAd(id: number, executor: Executor = getDb()): Promise<Ad | undefined> {
  if (parseId(id) === null) return undefined;
  const [row] = await executor.delete(annonces).where(eq(annonces.id, id)).returning();
  return row;
}

async function countByStatut(statut: AdStatut): Promise<number> {
  const [row] = await getDb().select({ n: count() }).from(annonces).where(eq(annonces.statut, statut));
  return row.n;
}

/** Ads waiting for validation (menu badge). */
export function countPendingAds(): Promise<number> {
  return countByStatut(PENDING);
}

/** Validated ads still shown on the site. */
export async function countValidatedAds(): Promise<number> {
  const [row] = await getDb().select({ n: count() }).from(annonces).where(publicAd());
  return row.n;
}
