import { and, asc, desc, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import { DateTime } from "luxon";
import { getDb, type Executor } from "~/db/client.server";
import { blogPosts } from "~/modules/blog/blog.tables";
import { associationContent } from "~/modules/content/content.tables";
import { events } from "~/modules/events/events.tables";
import { TIME_ZONE } from "~/lib/constants";
import { formatDate } from "~/lib/dates";
import { logger } from "~/server/logger.server";
import { articleCard, eventCard, LETTER_RULE, letterBody } from "./letter-mail.server";
import { createLetter, deleteDraftLetter, LetterError, queueLetter } from "./letters.server";
import { quarterHourlyJob } from "~/server/jobs.server";

/** How often the automatic letter goes: never (the default), every week, every month. */
export const DIGEST_FREQUENCIES = ["jamais", "semaine", "mois"] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];

export const DIGEST_LABELS: Record<DigestFrequency, string> = {
  jamais: "Jamais",
  semaine: "Chaque semaine",
  mois: "Chaque mois",
};

/** The most items one digest lists of each kind (the newest articles, the nearest events). */
const DIGEST_MAX_ITEMS = 10;

const periodStart = (frequency: Exclude<DigestFrequency, "jamais">, now: Date) =>
  DateTime.fromJSDate(now, { zone: TIME_ZONE })
    .minus(frequency === "semaine" ? { weeks: 1 } : { months: 1 })
    .toJSDate();

/** The digest's subject: « Les nouvelles du jardin — semaine du 23 novembre 2026 » or « — novembre 2026 ». */
function digestSubject(frequency: Exclude<DigestFrequency, "jamais">, now: Date) {
  const day = DateTime.fromJSDate(now, { zone: TIME_ZONE }).setLocale("fr");
  return frequency === "semaine"
    ? `Les nouvelles du jardin — semaine du ${formatDate(day.startOf("week").toJSDate())}`
    : `Les nouvelles du jardin — ${day.toFormat("LLLL yyyy")}`;
}

/**
 * Sends the automatic letter when it is due: once a week or once a month (as set in « Lettre d'information »), the
 * articles published since the last one and the events to come published since then. The slot is taken by a
 * conditional update of `digest_last_at`, so two instances never both send it; nothing new, nothing is sent.
 * Returns the letter queued, or null.
 */
export async function sendDigestIfDue(now = new Date()) {
  const [settings] = await getDb()
    .select({
      id: associationContent.id,
      frequency: associationContent.digestFrequency,
      last: associationContent.digestLastAt,
    })
    .from(associationContent)
    .orderBy(asc(associationContent.id))
    .limit(1);
  const frequency = settings?.frequency as DigestFrequency | undefined;
  if (!settings || !frequency || frequency === "jamais") return null;
  const due = periodStart(frequency, now);
  // What was published since the last letter (or over the last period, for the first one).
  const since = settings.last ?? due;
  const [slot] = await getDb()
    .update(associationContent)
    .set({ digestLastAt: now })
    .where(
      and(
        eq(associationContent.id, settings.id),
        or(isNull(associationContent.digestLastAt), lte(associationContent.digestLastAt, due)),
      ),
    )
    .returning({ id: associationContent.id });
  if (!slot) return null;
  const [posts, upcoming] = await Promise.all([
    getDb()
      .select()
      .from(blogPosts)
      .where(and(eq(blogPosts.state, "publie"), gt(blogPosts.publishedAt, since)))
      .orderBy(desc(blogPosts.publishedAt))
      .limit(DIGEST_MAX_ITEMS),
    getDb()
      .select()
      .from(events)
      .where(and(eq(events.state, "publie"), gt(events.publishedAt, since), sql`${events.start} > ${now}`))
      .orderBy(asc(events.start))
      .limit(DIGEST_MAX_ITEMS),
  ]);
  if (posts.length === 0 && upcoming.length === 0) return null;
  const sections = [
    posts.length ? `<h2 style="margin:0 0 16px;font-size:18px;color:#57534e">Sur le blog</h2>` : "",
    posts.map(articleCard).join(LETTER_RULE),
    upcoming.length
      ? `${posts.length ? LETTER_RULE : ""}<h2 style="margin:0 0 16px;font-size:18px;color:#57534e">À venir</h2>`
      : "",
    upcoming.map(eventCard).join(LETTER_RULE),
  ].join("");
  const body = letterBody("", sections);
  const letter = await createLetter(
    {
      audience: "abonnes",
      source: "resume",
      sourceId: null,
      eventId: null,
      subject: digestSubject(frequency, now),
      message: "",
    },
    "lettre automatique",
  );
  try {
    return await getDb().transaction((tx) => queueLetter(letter, body, tx));
  } catch (error) {
    // Nobody to send it to: no letter at all, and the next period tries again.
    if (error instanceof LetterError) {
      await deleteDraftLetter(letter.id, getDb());
      logger.info({ letterId: letter.id }, "lettre automatique non envoyée : aucun abonné confirmé");
      return null;
    }
    throw error;
  }
}

/** The frequency set in « Lettre d'information ». */
export async function getDigestFrequency(): Promise<DigestFrequency> {
  const [row] = await getDb()
    .select({ frequency: associationContent.digestFrequency })
    .from(associationContent)
    .orderBy(asc(associationContent.id))
    .limit(1);
  return (DIGEST_FREQUENCIES as readonly string[]).includes(row?.frequency ?? "")
    ? (row!.frequency as DigestFrequency)
    : "jamais";
}

/**
 * Sets how often the automatic letter goes (the content's row is made first, outside the caller's transaction).
 * Switching it on counts from now: the first one lists what is published from today, not the whole blog.
 */
export async function setDigestFrequency(frequency: DigestFrequency, executor: Executor, now = new Date()) {
  await executor.update(associationContent).set({
    digestFrequency: frequency,
    // Saved again unchanged, the count of days goes on.
    digestLastAt: sql`case when ${associationContent.digestFrequency} = ${frequency} then ${associationContent.digestLastAt} else ${now} end`,
  });
}

/** The automatic letter, when it is set and due. */
export const digestJob = quarterHourlyJob("lettre automatique", () => sendDigestIfDue());
