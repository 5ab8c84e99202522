import { and, asc, count, desc, eq, gte, lt, ne, sql, type SQL } from "drizzle-orm";
import { getDb, type Executor } from "~/db/client.server";
import { assemblies } from "~/modules/assembly/assembly.tables";
import { events } from "~/modules/events/events.tables";
import { EVENT_CARD_DESCRIPTION_LENGTH, MAX_ANNEX_IMAGES } from "~/lib/constants";
import { altOf, imageAltsOf, type ImageAlts } from "~/lib/image-alt";
import { sanitizeRichText } from "~/server/sanitize.server";
import { cleanImageList, excerpt, parseId, stripHtml } from "~/lib/text";
import { parisDateOf } from "~/lib/paris-time";
import { formatDate, formatDateTime, formatTime } from "~/lib/dates";
import type { PublicationState } from "~/modules/publishing/publication.schema";
import { adminSearchCondition, type AdminListQuery } from "~/server/admin-list.server";
import { forgetItem, keepVersion } from "~/modules/publishing/versions.server";

export type EventRow = typeof events.$inferSelect;
/** A scheduled or published event: it has its dates (a draft may not, yet). */
export type DatedEvent = EventRow & { start: Date; endDate: Date; date: string };
/** An event as visitors see it: dated, plus `isPast` (start earlier than now), computed at read time. */
export type EventItem = DatedEvent & { isPast: boolean };

/** What the event form provides; annex images may be in any shape, they are cleaned here. */
export interface EventInput {
  title: string;
  description?: string;
  location?: string;
  /** A draft may have no dates yet; anything else has both. */
  start: Date | null;
  endDate: Date | null;
  content: string;
  image?: string | null;
  imagesAnnexes?: unknown;
  imageAlts?: ImageAlts;
  state?: PublicationState;
  publishAt?: Date | null;
}

const isPublished = eq(events.state, "publie");

/** Whether the event has its dates: always true of a published or scheduled one (a check of the table). */
export const isDated = (row: EventRow): row is DatedEvent =>
  row.start !== null && row.endDate !== null && row.date !== null;

function withStatus(row: EventRow, now: Date): EventItem {
  if (!isDated(row)) throw new Error(`événement n° ${row.id} sans dates hors brouillon`);
  return { ...row, isPast: row.start.getTime() < now.getTime() };
}

/** product §3 payload: sanitised content (and its plain text), annexes ≤ 3 without blob: addresses, date = Paris date of start. */
function payload(input: EventInput) {
  const content = sanitizeRichText(input.content);
  const image = input.image || null;
  const imagesAnnexes = cleanImageList(input.imagesAnnexes, MAX_ANNEX_IMAGES);
  const alts = input.imageAlts ?? {};
  const state = input.state ?? "publie";
  return {
    title: input.title,
    description: input.description ?? "",
    location: input.location ?? "",
    start: input.start,
    endDate: input.endDate,
    content,
    plainText: stripHtml(content),
    image,
    imagesAnnexes,
    imageAlts: imageAltsOf([image, ...imagesAnnexes].map((url) => [url, url ? alts[url] : null] as const)),
    date: input.start ? parisDateOf(input.start) : null,
    author: "admin",
    state,
    publishAt: state === "programme" ? (input.publishAt ?? null) : null,
  };
}

/** What a version keeps of an event: everything its page and its editor show. */
export function eventSnapshot(event: EventRow) {
  return {
    title: event.title,
    description: event.description,
    location: event.location,
    start: event.start?.toISOString() ?? null,
    endDate: event.endDate?.toISOString() ?? null,
    content: event.content,
    image: event.image,
    imagesAnnexes: event.imagesAnnexes,
    imageAlts: event.imageAlts,
    state: event.state,
    publishAt: event.publishAt?.toISOString() ?? null,
  };
}

/** Published events, newest first (product §2), a page at a time. */
export async function listEvents(
  now = new Date(),
  { limit, offset = 0 }: { limit?: number; offset?: number } = {},
): Promise<EventItem[]> {
  const query = getDb()
    .select()
    .from(events)
    .where(isPublished)
    .orderBy(desc(events.publishedAt), desc(events.id))
    .offset(offset);
  const rows = limit === undefined ? await query : await query.limit(limit);
  return rows.map((row) => withStatus(row, now));
}

export async function countPublishedEvents(): Promise<number> {
  const [row] = await getDb().select({ n: count() }).from(events).where(isPublished);
  return row?.n ?? 0;
}

/** Published events starting from `since` on, by start date: what the calendar feed holds. */
export async function eventsForCalendar(since: Date, now = new Date()): Promise<EventItem[]> {
  const rows = await getDb()
    .select()
    .from(events)
    .where(and(isPublished, gte(events.start, since)))
    .orderBy(asc(events.start), asc(events.id));
  return rows.map((row) => withStatus(row, now));
}

/** Every published event's address and when it was last saved, for the sitemap: no content read. */
export async function publishedEventDates() {
  return getDb()
    .select({ id: events.id, date: events.updatedAt })
    .from(events)
    .where(isPublished)
    .orderBy(desc(events.publishedAt), desc(events.id));
}

/** An event in any state (the back-office). */
export async function getEvent(id: number): Promise<EventRow | undefined> {
  if (parseId(id) === null) return undefined;
  const [row] = await getDb().select().from(events).where(eq(events.id, id));
  return row;
}

/** An event as visitors may see it: published, or nothing. */
export async function getPublishedEvent(id: number, now = new Date()): Promise<EventItem | undefined> {
  const row = await getEvent(id);
  return row?.state === "publie" ? withStatus(row, now) : undefined;
}

/** The published events just before and after `event` by start date. */
export async function eventNeighbours(event: { id: number; start: Date }) {
  const pick = { id: events.id, title: events.title };
  const [[previous], [next]] = await Promise.all([
    getDb()
      .select(pick)
      .from(events)
      .where(
        and(isPublished, ne(events.id, event.id), sql`(${events.start}, ${events.id}) < (${event.start}, ${event.id})`),
      )
      .orderBy(desc(events.start), desc(events.id))
      .limit(1),
    getDb()
      .select(pick)
      .from(events)
      .where(
        and(isPublished, ne(events.id, event.id), sql`(${events.start}, ${events.id}) > (${event.start}, ${event.id})`),
      )
      .orderBy(asc(events.start), asc(events.id))
      .limit(1),
  ]);
  return { previous: previous ?? null, next: next ?? null };
}

/**
 * The back-office's lists: drafts and scheduled events (all of them: a handful), and a page of the published ones
 * by start date, latest first (product §2); `query.q` filters all three by title, place or date.
 */
export async function eventsForAdmin(query: AdminListQuery) {
  const matching = adminSearchCondition(query.q, {
    texts: [events.title, events.location],
    dates: [events.start, events.publishAt],
  });
  const where = (state: PublicationState, extra?: SQL) => and(eq(events.state, state), matching, extra);
  const [drafts, scheduled, published, [total]] = await Promise.all([
    getDb().select().from(events).where(where("brouillon")).orderBy(desc(events.updatedAt)),
    getDb().select().from(events).where(where("programme")).orderBy(asc(events.publishAt)),
    getDb()
      .select()
      .from(events)
      .where(where("publie"))
      .orderBy(desc(events.start), desc(events.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    getDb().select({ n: count() }).from(events).where(where("publie")),
  ]);
  return { drafts, scheduled, published, publishedTotal: total?.n ?? 0 };
}

/** `createdAt` is for imports and demo content, which carry their own dates. */
export async function createEvent(
  input: EventInput,
  now = new Date(),
  { createdAt, by = null }: { createdAt?: Date; by?: string | null } = {},
  executor: Executor = getDb(),
): Promise<EventRow> {
  const at = createdAt ?? now;
  const [row] = await executor
    .insert(events)
    .values({ ...payload(input), createdAt: at, updatedAt: at, updatedBy: by })
    .returning();
  return row!;
}

/**
 * Rewrites the event `id` (date recomputed from start), keeping its previous state among its versions; undefined
 * when it does not exist.
 */
export async function updateEvent(
  id: number,
  input: EventInput,
  { by = null, at = new Date() }: { by?: string | null; at?: Date } = {},
  executor: Executor = getDb(),
): Promise<EventRow | undefined> {
  if (parseId(id) === null) return undefined;
  const [previous] = await executor.select().from(events).where(eq(events.id, id)).for("update");
  if (!previous) return undefined;
  await keepVersion(executor, "evenement", id, eventSnapshot(previous), previous.updatedAt, previous.updatedBy);
  const values = payload(input);
  // An event an administrator edited is theirs: no longer demo content.
  const [row] = await executor
    .update(events)
    .set({
      ...values,
      isDemo: false,
      updatedAt: at,
      updatedBy: by,
      publishedAt: values.state === "publie" ? (previous.publishedAt ?? at) : previous.publishedAt,
      // Moved to another time: the people signed up get the reminder of the new day before.
      ...(values.start?.getTime() !== previous.start?.getTime() && { remindersQueuedAt: null }),
    })
    .where(eq(events.id, id))
    .returning();
  return row;
}

/** Deletes the event `id` with its versions; false when it did not exist. */
/**
 * Whether `id` is a general assembly's event, and whether its convocation went, for a deletion in `executor`'s
 * transaction: the event is locked first, so an assembly marked on it meanwhile either is seen here or waits.
 */
export async function assemblyOfEvent(id: number, executor: Executor) {
  await executor.select({ id: events.id }).from(events).where(eq(events.id, id)).for("update");
  const [assembly] = await executor
    .select({ convokedAt: assemblies.convokedAt })
    .from(assemblies)
    .where(eq(assemblies.eventId, id));
  return assembly && { convoked: assembly.convokedAt !== null };
}

export async function deleteEvent(id: number, executor: Executor = getDb()): Promise<boolean> {
  if (parseId(id) === null) return false;
  const rows = await executor.delete(events).where(eq(events.id, id)).returning({ id: events.id });
  if (rows.length > 0) await forgetItem(executor, "evenement", id);
  return rows.length > 0;
}

/** The `count` soonest published events starting now or later (dashboard). */
export async function upcomingEvents(howMany: number, now = new Date()): Promise<EventItem[]> {
  const rows = await getDb()
    .select()
    .from(events)
    .where(and(isPublished, gte(events.start, now)))
    .orderBy(asc(events.start), asc(events.id))
    .limit(howMany);
  return rows.map((row) => withStatus(row, now));
}

/** The soonest event starting now or later (home page). */
export async function nextUpcomingEvent(now = new Date()): Promise<EventItem | undefined> {
  const [event] = await upcomingEvents(1, now);
  return event;
}

/** The most recent event that started before now (home page). */
export async function latestPastEvent(now = new Date()): Promise<EventItem | undefined> {
  const [row] = await getDb()
    .select()
    .from(events)
    .where(and(isPublished, lt(events.start, now)))
    .orderBy(desc(events.start), desc(events.id))
    .limit(1);
  return row && withStatus(row, now);
}

/** An event as its card shows it: the description cut at 100 characters. */
export function eventCard(event: EventItem) {
  return {
    id: event.id,
    title: event.title,
    image: event.image,
    imageAlt: altOf(event.imageAlts, event.image),
    start: event.start,
    location: event.location,
    isPast: event.isPast,
    description: excerpt(event.description, EVENT_CARD_DESCRIPTION_LENGTH),
  };
}

/** What an event's page needs of it: a stored event, or an editor's form not saved yet (a preview). */
export type EventSource = Pick<
  EventRow,
  "title" | "description" | "location" | "content" | "image" | "imagesAnnexes" | "imageAlts"
> & { id: number | null; start: Date | null; endDate: Date | null };

/**
 * What an event's page shows (components/events/EventView.tsx): its rich text sanitised again, the images with their
 * descriptions, the association's contact for the practical note, and the published events around it by start.
 * A draft's preview may have no dates yet.
 */
export async function eventPage<Source extends EventSource>(
  event: Source,
  contact: { email: string | null; telephone: string | null },
  now = new Date(),
) {
  return {
    title: event.title,
    description: event.description,
    location: event.location,
    start: event.start as Source["start"],
    end: event.endDate && event.endDate.getTime() !== event.start?.getTime() ? event.endDate : null,
    isPast: event.start !== null && event.start.getTime() < now.getTime(),
    html: sanitizeRichText(event.content),
    image: event.image,
    imageAlt: altOf(event.imageAlts, event.image),
    annexes: event.imagesAnnexes.map((src) => ({ src, alt: altOf(event.imageAlts, src) })),
    contact,
    neighbours: event.start
      ? await eventNeighbours({ id: event.id ?? 0, start: event.start })
      : { previous: null, next: null },
  };
}

/** When and where an event takes place, as one line each. */
export function eventPractical(event: Pick<EventRow, "start" | "endDate" | "location">) {
  const lines: string[] = [];
  if (event.start) {
    const end = event.endDate && event.endDate.getTime() !== event.start.getTime() ? event.endDate : null;
    const sameDay = end && formatDate(end) === formatDate(event.start);
    lines.push(
      end
        ? sameDay
          ? `Le ${formatDate(event.start)}, de ${formatTime(event.start)} à ${formatTime(end)}`
          : `Du ${formatDateTime(event.start)} au ${formatDateTime(end)}`
        : `Le ${formatDateTime(event.start)}`,
    );
  }
  if (event.location.trim()) lines.push(`Lieu : ${event.location.trim()}`);
  return lines;
}
