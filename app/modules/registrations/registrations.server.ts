import crypto from "node:crypto";
import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import { DateTime } from "luxon";
import { publicUrl } from "~/db/association.server";
import { getDb, type Executor } from "~/db/client.server";
import { events } from "~/modules/events/events.tables";
import { eventRegistrations } from "~/modules/registrations/registrations.tables";
import { TIME_ZONE } from "~/lib/constants";
import { formatDateTime } from "~/lib/dates";
import { spreadsheetCsv } from "~/server/spreadsheet.server";
import { keyedHash } from "~/server/server-secret.server";
import { mailAssociation } from "~/modules/content/content.server";
import { enqueueMail } from "~/modules/mail/outbox.server";
import { allowRecipientMail } from "~/modules/rate-limits/recipients.server";
import { REGISTRATION_STATUS_LABELS } from "./registrations.messages";
import { registrationMail } from "./registrations.mail";
import type { RegistrationForm } from "./registrations.schema";
import { quarterHourlyJob } from "~/server/jobs.server";

export type Registration = typeof eventRegistrations.$inferSelect;
type EventRow = typeof events.$inferSelect;

/** How an event takes sign-ups, as the back-office sets it. */
export interface SignupSettings {
  signupsOpen: boolean;
  signupCapacity: number | null;
  signupClosesAt: Date | null;
  signupQuestion: string | null;
  signupMaxPeople: number;
}

export class RegistrationClosedError extends Error {}

const TOKEN_SHAPE = /^[\w-]{40,60}$/;

/** The cancel link's token, derived from the sign-up's key with the server's secret (the table keeps its HMAC). */
export function cancelToken(registration: Pick<Registration, "cancelKey">) {
  return keyedHash(`inscription:${registration.cancelKey}`);
}

/** The columns of a sign-up's cancel link: a new secret key, and the HMAC of the token it gives. */
export function cancelColumns(key = crypto.randomBytes(32).toString("base64url")) {
  return { cancelKey: key, cancelTokenHash: keyedHash(cancelToken({ cancelKey: key })) };
}

export function cancelLink(registration: Pick<Registration, "cancelKey">) {
  return new URL(`/inscription/annulation/${cancelToken(registration)}`, publicUrl()).toString();
}

/** Whether `event` takes sign-ups at `now`: published, open, not started, not past its closing time. */
export function signupsAccepted(event: EventRow, now = new Date()) {
  return (
    event.state === "publie" &&
    event.signupsOpen &&
    event.start !== null &&
    event.start > now &&
    (event.signupClosesAt === null || event.signupClosesAt > now)
  );
}

/** People present (« inscrit ») for an event. */
async function peoplePresent(executor: Executor, eventId: number) {
  const [row] = await executor
    .select({ n: sql<number>`coalesce(sum(${eventRegistrations.people}), 0)`.mapWith(Number) })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.status, "inscrit")));
  return row?.n ?? 0;
}

/** Places left (null: no limit). */
export async function placesLeft(event: Pick<EventRow, "id" | "signupCapacity">, executor: Executor = getDb()) {
  if (event.signupCapacity === null) return null;
  return Math.max(0, event.signupCapacity - (await peoplePresent(executor, event.id)));
}

/** The sign-up part of an event's public page: null when it takes none. */
export async function eventSignup(event: EventRow, now = new Date()) {
  if (!event.signupsOpen || event.state !== "publie") return null;
  return {
    open: signupsAccepted(event, now),
    placesLeft: await placesLeft(event),
    capacity: event.signupCapacity,
    closesAt: event.signupClosesAt,
    question: event.signupQuestion,
    maxPeople: event.signupMaxPeople,
  };
}

/**
 * A sign-up. The event's row is locked for the transaction, so simultaneous sign-ups are counted one after the
 * other: never more people present than the capacity, the others on the waiting list. An address already signed up
 * (not cancelled) gets nothing new. The confirmation e-mail (a place or the waiting list, with the cancel link) is
 * queued in the same transaction, unless the address had its day's e-mails from the public forms: the sign-up holds
 * all the same. The page says the same in every case: only the e-mail tells the outcome (decision 023).
 */
export async function signUp(eventId: number, form: RegistrationForm, now = new Date()) {
  const email = form.email.trim().toLowerCase();
  return getDb().transaction(async (tx) => {
    const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for("update");
    if (!event || !signupsAccepted(event, now)) throw new RegistrationClosedError();
    const [existing] = await tx
      .select()
      .from(eventRegistrations)
      .where(
        and(
          eq(eventRegistrations.eventId, eventId),
          eq(eventRegistrations.email, email),
          sql`${eventRegistrations.status} <> 'annule'`,
        ),
      )
      .limit(1);
    // Its confirmation went already: a second one would only serve to flood the address.
    if (existing) return existing;
    const left = await placesLeft(event, tx);
    const people = Math.min(form.people, event.signupMaxPeople);
    const [registration] = await tx
      .insert(eventRegistrations)
      .values({
        eventId,
        name: form.name,
        email,
        people,
        answer: event.signupQuestion ? form.answer : "",
        status: left === null || people <= left ? "inscrit" : "attente",
        ...cancelColumns(),
        createdAt: now,
      })
      .returning();
    if (await allowRecipientMail(tx, email, now))
      await enqueueMail(
        tx,
        registrationMail("confirmation", registration!, event, cancelLink(registration!), await mailAssociation(tx)),
      );
    return registration!;
  });
}

/** The sign-up of a cancel link, with its event; undefined for an unknown token. */
export async function findByCancelToken(token: string) {
  if (!TOKEN_SHAPE.test(token)) return undefined;
  const [row] = await getDb()
    .select({ registration: eventRegistrations, event: events })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(eq(eventRegistrations.cancelTokenHash, keyedHash(token)));
  return row;
}

/**
 * Gives freed places to the waiting list, first come first served (one who would not fit lets the next through),
 * each with an e-mail; inside the caller's transaction, the event locked.
 */
async function promoteWaiting(tx: Executor, event: EventRow, now: Date) {
  let left = await placesLeft(event, tx);
  const waiting = await tx
    .select()
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, event.id), eq(eventRegistrations.status, "attente")))
    .orderBy(asc(eventRegistrations.createdAt), asc(eventRegistrations.id));
  const promoted: Registration[] = [];
  const association = await mailAssociation(tx);
  for (const registration of waiting) {
    if (left !== null && registration.people > left) continue;
    await tx
      .update(eventRegistrations)
      .set({ status: "inscrit", promotedAt: now })
      .where(eq(eventRegistrations.id, registration.id));
    await enqueueMail(tx, registrationMail("promotion", registration, event, cancelLink(registration), association));
    promoted.push(registration);
    if (left !== null) left -= registration.people;
    if (left === 0) break;
  }
  return promoted;
}

/**
 * Cancels sign-up `registrationId` of `eventId` in `tx` (again is harmless); a place freed goes to the waiting list.
 * Returns the sign-up as it is now, or undefined when it is not one of the event's.
 */
export async function cancelSignup(tx: Executor, eventId: number, registrationId: number, now = new Date()) {
  const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for("update");
  // Read under the event's lock: another cancellation may have given this sign-up a place meanwhile.
  const [current] = await tx
    .select()
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.id, registrationId), eq(eventRegistrations.eventId, eventId)));
  if (!event || !current || current.status === "annule") return current;
  const [cancelled] = await tx
    .update(eventRegistrations)
    .set({ status: "annule", cancelledAt: now })
    .where(eq(eventRegistrations.id, current.id))
    .returning();
  if (current.status === "inscrit" && event.start && event.start > now) await promoteWaiting(tx, event, now);
  return cancelled;
}

/**
 * Cancels the sign-up of a cancel link (again is harmless); a place freed goes to the waiting list. Returns the
 * sign-up as it is now, or undefined for an unknown token.
 */
export async function cancelRegistration(token: string, now = new Date()) {
  const found = await findByCancelToken(token);
  if (!found) return undefined;
  if (found.registration.status === "annule") return found.registration;
  return getDb().transaction(
    async (tx) => (await cancelSignup(tx, found.event.id, found.registration.id, now)) ?? found.registration,
  );
}

/** Changes how an event takes sign-ups; more places (or no limit) go to the waiting list at once. */
export async function updateSignupSettings(eventId: number, settings: SignupSettings, executor: Executor) {
  const [event] = await executor.update(events).set(settings).where(eq(events.id, eventId)).returning();
  if (event?.start && event.start > new Date()) await promoteWaiting(executor, event, new Date());
  return event;
}

/** An event's sign-ups, present first, then the waiting list in its order, then the cancelled ones. */
export async function registrationsOf(eventId: number, executor: Executor = getDb()) {
  return executor
    .select()
    .from(eventRegistrations)
    .where(eq(eventRegistrations.eventId, eventId))
    .orderBy(
      sql`case ${eventRegistrations.status} when 'inscrit' then 0 when 'attente' then 1 else 2 end`,
      asc(eventRegistrations.createdAt),
      asc(eventRegistrations.id),
    );
}

/** An event's sign-ups that hold a place, and the people they bring. */
export async function presentSignups(eventId: number, executor: Executor = getDb()) {
  const [row] = await executor
    .select({
      signups: count(),
      people: sql<number>`coalesce(sum(${eventRegistrations.people}), 0)`.mapWith(Number),
    })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.status, "inscrit")));
  return { signups: row?.signups ?? 0, people: row?.people ?? 0 };
}

/** The sign-ups as CSV (semicolons and a BOM, as French spreadsheets open it). */
export async function registrationsCsv(eventId: number, question: string | null) {
  const rows = await registrationsOf(eventId);
  return spreadsheetCsv(
    ["Nom", "Adresse", "Personnes", "Statut", ...(question ? [question] : []), "Inscrit le"],
    rows.map((r) => [
      r.name,
      r.email,
      r.people,
      REGISTRATION_STATUS_LABELS[r.status],
      ...(question ? [r.answer] : []),
      formatDateTime(r.createdAt),
    ]),
  );
}

/**
 * Queues the reminder of the day before, once per event: from 10h (Paris) the day before (or later, until the event
 * starts, when the server was down then). The event's mark and the e-mails are written in one transaction.
 */
export async function queueReminders(now = new Date()): Promise<number> {
  const today = DateTime.fromJSDate(now, { zone: TIME_ZONE });
  const dayAfterTomorrow = today.startOf("day").plus({ days: 2 }).toJSDate();
  const candidates = await getDb()
    .select()
    .from(events)
    .where(
      and(
        eq(events.state, "publie"),
        isNull(events.remindersQueuedAt),
        sql`${events.start} > ${now} and ${events.start} < ${dayAfterTomorrow}`,
        sql`exists (select 1 from ${eventRegistrations} where ${eventRegistrations.eventId} = ${events.id} and ${eventRegistrations.status} = 'inscrit')`,
      ),
    );
  let queued = 0;
  for (const candidate of candidates) {
    const start = DateTime.fromJSDate(candidate.start!, { zone: TIME_ZONE });
    const dayBefore = start.startOf("day").minus({ days: 1 }).set({ hour: 10 });
    if (today < dayBefore) continue;
    queued += await getDb().transaction(async (tx) => {
      const [event] = await tx
        .update(events)
        .set({ remindersQueuedAt: now })
        .where(and(eq(events.id, candidate.id), isNull(events.remindersQueuedAt)))
        .returning();
      if (!event) return 0;
      const present = await tx
        .select()
        .from(eventRegistrations)
        .where(and(eq(eventRegistrations.eventId, event.id), eq(eventRegistrations.status, "inscrit")));
      const association = await mailAssociation(tx);
      for (const registration of present)
        await enqueueMail(
          tx,
          registrationMail("rappel", registration, event, cancelLink(registration), association, now),
        );
      return present.length;
    });
  }
  return queued;
}

/** The reminder of the day before, once per event with sign-ups. */
export const eventRemindersJob = quarterHourlyJob("rappels d'événements", () => queueReminders());
