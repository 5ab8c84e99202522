import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";
import { timestamptz } from "../../db/columns";
import { publicationColumns } from "../publishing/publishing.tables";

export const events = pgTable(
  "events",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    location: text("location").notNull().default(""),
    /** Start, end and their Paris date: a draft may have none yet; a scheduled or published event has them all. */
    start: timestamptz("start"),
    endDate: timestamptz("enddate"),
    content: text("content").notNull(),
    /** The visible text of `content`, written with it (feeds, descriptions). */
    plainText: text("plain_text").notNull().default(""),
    image: text("image"),
    imagesAnnexes: jsonb("imagesannexes").$type<string[]>().notNull().default([]),
    date: date("date", { mode: "string" }),
    author: text("author").notNull().default("admin"),
    /** Demo content, which the dashboard offers to remove until an administrator edits it. */
    isDemo: boolean("is_demo").notNull().default(false),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    ...publicationColumns(),
    /** Sign-ups (workshops, the general assembly): open or not, places (null: no limit), until when, a question. */
    signupsOpen: boolean("signups_open").notNull().default(false),
    signupCapacity: integer("signup_capacity"),
    signupClosesAt: timestamptz("signup_closes_at"),
    signupQuestion: text("signup_question"),
    signupMaxPeople: integer("signup_max_people").notNull().default(4),
    /** When the reminders of the day before were queued: once per event. */
    remindersQueuedAt: timestamptz("reminders_queued_at"),
  },
  (t) => [
    index("events_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("events_start_idx").on(t.start.desc().nullsFirst()),
    index("events_published_idx")
      .on(t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.state} = 'publie'`),
    index("events_published_start_idx")
      .on(t.start, t.id)
      .where(sql`${t.state} = 'publie'`),
    index("events_scheduled_idx")
      .on(t.publishAt)
      .where(sql`${t.state} = 'programme'`),
    check(
      "events_dated_unless_draft",
      sql`${t.state} = 'brouillon' or (${t.start} is not null and ${t.endDate} is not null and ${t.date} is not null)`,
    ),
    check("events_public_has_date", sql`${t.state} <> 'publie' or ${t.publishedAt} is not null`),
    check("events_scheduled_has_time", sql`${t.state} <> 'programme' or ${t.publishAt} is not null`),
  ],
);
