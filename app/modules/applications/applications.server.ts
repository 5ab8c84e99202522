import { and, count, desc, eq, sql } from "drizzle-orm";
import { getDb, type Executor, type Transaction } from "~/db/client.server";
import { applications } from "~/modules/applications/applications.tables";
import { parseId } from "~/lib/text";
import { adminSearchCondition, withPage, type AdminListQuery } from "~/server/admin-list.server";
import type { ApplicationFormValues } from "./applications.schema";
import { enqueueMail } from "~/modules/mail/outbox.server";
import { applicationAckMail, newApplicationMail } from "./applications.mail.server";
import { getContent } from "~/modules/content/content.server";
import { allowRecipientMail } from "~/modules/rate-limits/recipients.server";
import { applicantLink, newAccessToken, notArchived } from "./applicant.server";

export type Application = typeof applications.$inferSelect;

/** The versions of the charter and the rules an applicant was shown and accepted, and when. */
export interface Commitments {
  charteVersion: string;
  reglementVersion: string;
  acceptedAt: Date;
}

/**
 * A visitor's application: stored, the association notified and the applicant acknowledged (within the address's
 * daily cap of e-mails from the public forms, decision 023), all in one transaction so no submission exists without
 * its e-mails (nor the reverse).
 */
export async function submitApplication(input: ApplicationFormValues, commitments?: Commitments): Promise<Application> {
  const content = await getContent();
  // The applicant's private link: given once, in the acknowledgement; only its HMAC is kept.
  const access = newAccessToken();
  return createApplication(
    input,
    async (tx, application) => {
      await enqueueMail(tx, newApplicationMail(application, content?.email));
      const ack = applicationAckMail(application, content, applicantLink(access.token));
      // Over the address's daily cap of e-mails from the public forms, the application is kept all the same.
      if (ack && (await allowRecipientMail(tx, ack.to))) await enqueueMail(tx, ack);
    },
    { commitments, accessTokenHash: access.hash },
  );
}

/** Stores an application, unprocessed, dated now; `onCreated` runs in the same transaction (e.g. to queue an e-mail). */
export async function createApplication(
  input: ApplicationFormValues,
  onCreated?: (tx: Transaction, application: Application) => Promise<void>,
  {
    date = new Date(),
    commitments,
    accessTokenHash,
  }: { date?: Date; commitments?: Commitments; accessTokenHash?: string } = {}, // date: for imports and demo content
): Promise<Application> {
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .insert(applications)
      .values({
        nom: input.nom,
        email: input.email,
        adresse: input.adresse,
        ville: input.ville,
        telephonePortable: input.telephoneportable,
        telephoneFixe: input.telephonefixe ?? null,
        tailleJardin: input.taillejardin,
        experience: input.experience,
        budgetConnu: input.budgetconnu === true,
        tempsDisponible: input.tempsdisponible,
        inspectionConnu: input.inspectionconnu === true,
        engagementCharte: input.engagementcharte === true,
        engagementReglement: input.engagementreglement === true,
        engagementLieuPublic: input.engagementlieupublic === true,
        motivations: input.motivations,
        charteVersion: commitments?.charteVersion ?? null,
        reglementVersion: commitments?.reglementVersion ?? null,
        engagementsAcceptesLe: commitments?.acceptedAt ?? null,
        date,
        processed: false,
        accessTokenHash: accessTokenHash ?? null,
      })
      .returning();
    await onCreated?.(tx, row);
    return row;
  });
}

/** Every application, latest id first. */
export async function listApplications(): Promise<Application[]> {
  return getDb().select().from(applications).orderBy(desc(applications.id));
}

/** The back-office's search of applications: name, e-mail, address, town, mobile, or the day sent or archived. */
const matching = (q = "") =>
  adminSearchCondition(q, {
    texts: [
      applications.nom,
      applications.email,
      applications.adresse,
      applications.ville,
      applications.telephonePortable,
    ],
    dates: [applications.date, applications.archivedDate],
  });

const isArchived = eq(applications.archived, true);

/** Applications not archived, latest date first (admin list): those `page.q` finds, page `page.page`, or all. */
export async function listActiveApplications(page?: AdminListQuery): Promise<Application[]> {
  const query = getDb()
    .select()
    .from(applications)
    .where(and(notArchived, matching(page?.q)))
    .orderBy(desc(applications.date), desc(applications.id));
  return withPage(query.$dynamic(), page);
}

/** Archived applications, latest archived first ('Demandes archivées'): those `page.q` finds, a page, or all. */
export async function listArchivedApplications(page?: AdminListQuery): Promise<Application[]> {
  const query = getDb()
    .select()
    .from(applications)
    .where(and(isArchived, matching(page?.q)))
    .orderBy(desc(applications.archivedDate), desc(applications.id));
  return withPage(query.$dynamic(), page);
}

/** How many applications there are, active and archived, that `q` finds (all of them for an empty `q`). */
export async function countApplications(q = "") {
  const [row] = await getDb()
    .select({
      active: sql<number>`count(*) filter (where ${notArchived})`.mapWith(Number),
      archived: sql<number>`count(*) filter (where ${isArchived})`.mapWith(Number),
    })
    .from(applications)
    .where(matching(q));
  return { active: row?.active ?? 0, archived: row?.archived ?? 0 };
}

export async function getApplication(id: number): Promise<Application | undefined> {
  if (parseId(id) === null) return undefined;
  const [row] = await getDb().select().from(applications).where(eq(applications.id, id));
  return row;
}

/** Marks application `id` processed or not; undefined when it does not exist or is archived. */
export async function setApplicationProcessed(
  id: number,
  processed: boolean,
  executor: Executor = getDb(),
): Promise<Application | undefined> {
  if (parseId(id) === null) return undefined;
  const [row] = await executor
    .update(applications)
    .set({ processed, isDemo: false })
    .where(and(eq(applications.id, id), notArchived))
    .returning();
  return row;
}

/**
 * Archives application `id` (archived_date = now) if it is processed and not yet archived; otherwise undefined. The
 * applicant's private link stops working.
 */
export async function archiveApplication(id: number, executor: Executor = getDb()): Promise<Application | undefined> {
  if (parseId(id) === null) return undefined;
  const [row] = await executor
    .update(applications)
    .set({ archived: true, archivedDate: new Date(), isDemo: false, accessTokenHash: null })
    .where(and(eq(applications.id, id), eq(applications.processed, true), notArchived))
    .returning();
  return row;
}

/** Deletes application `id` and returns it (for 'Demande de {name} supprimée avec succès.'); undefined when missing. */
export async function deleteApplication(id: number, executor: Executor = getDb()): Promise<Application | undefined> {
  if (parseId(id) === null) return undefined;
  const [row] = await executor.delete(applications).where(eq(applications.id, id)).returning();
  return row;
}

/** Applications neither processed nor archived (menu badge, dashboard). */
export async function countUnprocessedApplications(): Promise<number> {
  const [row] = await getDb()
    .select({ n: count() })
    .from(applications)
    .where(and(eq(applications.processed, false), notArchived));
  return row.n;
}
