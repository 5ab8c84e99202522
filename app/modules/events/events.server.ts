import { asc, desc, eq, gte, lt } from "drizzle-orm";
import { getDb, type Executor } from "~/db/client.server";
import { events } from "~/db/schema";
import { EVENT_CARD_DESCRIPTION_LENGTH, MAX_ANNEX_IMAGES } from "~/lib/constants";
import { sanitizeRichText } from "~/lib/sanitize.server";
import { cleanImageList, excerpt, parseId, stripHtml } from "~/lib/text";
import { parisDateOf } from "./paris-time";

export type EventRow = typeof events.$inferSelect;
/** An event as modules return it: the row plus `isPast` (start earlier than now), computed at read time. */
export type EventItem = EventRow & { isPast: boolean };

/** What the event form provides; annex images may be in any shape, they are cleaned here. */
export interface EventInput {
  title: string;
  description?: string;
  location?: string;
  start: Date;
  endDate: Date;
  content: string;
  image?: string | null;
  imagesAnnexes?: unknown;
}

const withStatus = (row: EventRow, now: Date): EventItem => ({ ...row, isPast: row.start.getTime() < now.getTime() });

/** SPEC §3 payload: sanitised content (and its plain text), annexes ≤ 3 without blob: addresses, date = Paris date of start. */
function payload(input: EventInput) {
  const content = sanitizeRichText(input.content);
  return {
    title: input.title,
    description: input.description ?? "",
    location: input.location ?? "",
    start: input.start,
    endDate: input.endDate,
    content,
    plainText: stripHtml(content),
    image: input.image || null,
    imagesAnnexes: cleanImageList(input.imagesAnnexes, MAX_ANNEX_IMAGES),
    date: parisDateOf(input.start),
    author: "admin",
  };
}

/** Every event, newest first (created_at desc, then id desc). */
export async function listEvents(now = new Date()): Promise<EventItem[]> {
  const rows = await getDb().select().from(events).orderBy(desc(events.createdAt), desc(events.id));
  return rows.map((row) => withStatus(row, now));
}

/** Every event by start date, latest first (admin list). */
export async function listEventsByStart(now = new Date()): Promise<EventItem[]> {
  const rows = await getDb().select().from(events).orderBy(desc(events.start), desc(events.id));
  return rows.map((row) => withStatus(row, now));
}

export async function getEvent(id: number, now = new Date()): Promise<EventItem | undefined> {
  if (parseId(id) === null) return undefined;
  const [row] = await getDb().select().from(events).where(eq(events.id, id));
  return row && withStatus(row, now);
}

/** `createdAt` is for imports and demo content, which carry their own dates. */
export async function createEvent(
  input: EventInput,
  now = new Date(),
  { createdAt }: { createdAt?: Date } = {},
  executor: Executor = getDb(),
): Promise<EventItem> {
  const [row] = await executor
    .insert(events)
    .values({ ...payload(input), ...(createdAt && { createdAt }) })
    .returning();
  return withStatus(row, now);
}

/** Rewrites the event `id` (date recomputed from start); undefined when it does not exist. */
export async function updateEvent(
  id: number,
  input: EventInput,
  now = new Date(),
  executor: Executor = getDb(),
): Promise<EventItem | undefined> {
  if (parseId(id) === null) return undefined;
  // An event an administrator edited is theirs: no longer demo content.
  const [row] = await executor
    .update(events)
    .set({ ...payload(input), isDemo: false })
    .where(eq(events.id, id))
    .returning();
  return row && withStatus(row, now);
}

/** Deletes the event `id`; false when it did not exist. */
export async function deleteEvent(id: number, executor: Executor = getDb()): Promise<boolean> {
  if (parseId(id) === null) return false;
  const rows = await executor.delete(events).where(eq(events.id, id)).returning({ id: events.id });
  return rows.length > 0;
}

/** The `count` soonest events starting now or later (dashboard). */
export async function upcomingEvents(count: number, now = new Date()): Promise<EventItem[]> {
  const rows = await getDb()
    .select()
    .from(events)
    .where(gte(events.start, now))
    .orderBy(asc(events.start), asc(events.id))
    .limit(count);
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
    .where(lt(events.start, now))
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
    start: event.start,
    location: event.location,
    isPast: event.isPast,
    description: excerpt(event.description, EVENT_CARD_DESCRIPTION_LENGTH),
  };
}
