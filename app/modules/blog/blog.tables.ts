import { sql } from "drizzle-orm";
import { boolean, check, index, jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";
import { timestamptz } from "../../db/columns";
import { publicationColumns } from "../publishing/publishing.tables";

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    content: text("content").notNull(),
    /** The visible text of `content`, written with it: what search reads. */
    plainText: text("plain_text").notNull().default(""),
    excerpt: text("excerpt").notNull().default(""),
    image: text("image"),
    imagesAnnexes: jsonb("imagesannexes").$type<string[]>().notNull().default([]),
    author: text("author").notNull().default("Admin"),
    /** Demo content, which the dashboard offers to remove until an administrator edits it. */
    isDemo: boolean("is_demo").notNull().default(false),
    date: timestamptz("date").notNull().defaultNow(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    ...publicationColumns(),
  },
  (t) => [
    index("blog_posts_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("blog_posts_published_idx")
      .on(t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.state} = 'publie'`),
    index("blog_posts_scheduled_idx")
      .on(t.publishAt)
      .where(sql`${t.state} = 'programme'`),
    check("blog_posts_public_has_date", sql`${t.state} <> 'publie' or ${t.publishedAt} is not null`),
    check("blog_posts_scheduled_has_time", sql`${t.state} <> 'programme' or ${t.publishAt} is not null`),
  ],
);
