import crypto from "node:crypto";
import { and, eq, isNull, or, sql } from "drizzle-orm";
import { publicUrl } from "~/db/association.server";
import { getDb } from "~/db/client.server";
import { applications } from "~/modules/applications/applications.tables";
import { gardeners, plannedAllotments } from "~/modules/register/register.tables";
import { keyedHash } from "~/server/server-secret.server";
import { getContent } from "~/modules/content/content.server";
import { enqueueMail } from "~/modules/mail/outbox.server";
import { applicationWithdrawnMail } from "./applications.mail.server";
import type { Application } from "./applications.server";

/** An application still in the list: archived is false or was never set (product §3: boolean or null). */
export const notArchived = or(isNull(applications.archived), eq(applications.archived, false));

/**
 * The applicant's private page, /ma-demande/{token}: a 256-bit random token, given once in the acknowledgement
 * e-mail and stored as an HMAC (a copy of the database does not open the pages). It opens the page of an active
 * application, or of one that received a plot (to say which); archiving otherwise forgets it, so an old e-mail cannot
 * show a closed application's details.
 */
export function newAccessToken() {
  const token = crypto.randomBytes(32).toString("base64url");
  return { token, hash: keyedHash(token) };
}

export function applicantLink(token: string) {
  return new URL(`/ma-demande/${token}`, publicUrl()).toString();
}

export async function findByAccessToken(token: string): Promise<Application | undefined> {
  if (!/^[\w-]{40,60}$/.test(token)) return undefined;
  const [row] = await getDb()
    .select()
    .from(applications)
    .where(
      and(
        eq(applications.accessTokenHash, keyedHash(token)),
        or(notArchived, sql`exists (select 1 from ${gardeners} where ${gardeners.applicationId} = ${applications.id})`),
      ),
    );
  return row;
}

/** Every active application's place in its town's list, for the admin screen. */
export async function waitingListPlaces(): Promise<Map<number, { place: number; total: number }>> {
  const rows = (await getDb().execute(sql`
    select id, row_number() over (partition by ville order by date, id)::int as place, count(*) over (partition by ville)::int as total
    from ${applications} where (archived is null or archived = false)
      -- A plot promised from a later day (decision 036): served, out of the list.
      and not exists (select 1 from ${plannedAllotments} p where p.application_id = ${applications}.id)`)) as unknown as {
    rows: { id: number; place: number; total: number }[];
  };
  return new Map(rows.rows.map((r) => [Number(r.id), { place: Number(r.place), total: Number(r.total) }]));
}

/** The place of one active application in its town's list; null once it is archived. */
export async function waitingListPlace(application: Pick<Application, "id">) {
  return (await waitingListPlaces()).get(application.id) ?? null;
}

/** The applicant corrects how to reach them; only while the application is active. */
export async function updateApplicantContact(id: number, contact: { email: string; telephoneportable: string }) {
  const [row] = await getDb()
    .update(applications)
    .set({ email: contact.email, telephonePortable: contact.telephoneportable, isDemo: false })
    .where(and(eq(applications.id, id), notArchived))
    .returning();
  return row;
}

/** The applicant withdraws: the application is archived and the association told, in one transaction. */
export async function withdrawApplication(id: number) {
  const content = await getContent();
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .update(applications)
      .set({ archived: true, archivedDate: new Date(), isDemo: false, accessTokenHash: null })
      .where(and(eq(applications.id, id), notArchived))
      .returning();
    if (row) await enqueueMail(tx, applicationWithdrawnMail(row, content?.email));
    return row;
  });
}
