import { and, asc, count, desc, eq, ne, sql, type SQL } from "drizzle-orm";
import { getDb, type Executor } from "~/db/client.server";
import { blogPosts } from "~/modules/blog/blog.tables";
import { BLOG_CARD_EXCERPT_LENGTH, MAX_ANNEX_IMAGES } from "~/lib/constants";
import { altOf, imageAltsOf, type ImageAlts } from "~/lib/image-alt";
import { sanitizeRichText } from "~/server/sanitize.server";
import { cleanImageList, excerpt, parseId, stripHtml } from "~/lib/text";
import type { PublicationState } from "~/modules/publishing/publication.schema";
import { forgetItem, keepVersion } from "~/modules/publishing/versions.server";
import { adminSearchCondition, type AdminListQuery } from "~/server/admin-list.server";

export type BlogPost = typeof blogPosts.$inferSelect;

/** What the blog form provides; annex images may be in any shape, they are cleaned here. */
export interface BlogPostInput {
  title: string;
  content: string;
  image: string | null;
  imagesAnnexes?: unknown;
  /** The images' text alternatives by address; those of images the post does not show are dropped. */
  imageAlts?: ImageAlts;
  /** Who signs the article: a display name; 'Admin' when none is given (product §3). */
  author?: string;
  /** Published unless told otherwise (imports, the demo); a scheduled post needs `publishAt`. */
  state?: PublicationState;
  publishAt?: Date | null;
}

/** Who saves, for « Versions »: a display name. */
export interface SavedBy {
  by: string | null;
  at?: Date;
}

/** Only published articles are seen by visitors, anywhere. */
const isPublished = eq(blogPosts.state, "publie");
const newestFirst = [desc(blogPosts.publishedAt), desc(blogPosts.id)];

/** product §7 payload: sanitised content (and its plain text, for search), cleaned annexes (≤ 3), empty excerpt, author 'Admin', date = now. */
function payload(input: BlogPostInput, at: Date) {
  const content = sanitizeRichText(input.content);
  const image = input.image || null;
  const imagesAnnexes = cleanImageList(input.imagesAnnexes, MAX_ANNEX_IMAGES);
  const alts = input.imageAlts ?? {};
  const state = input.state ?? "publie";
  return {
    title: input.title,
    content,
    plainText: stripHtml(content),
    image,
    imagesAnnexes,
    imageAlts: imageAltsOf([image, ...imagesAnnexes].map((url) => [url, url ? alts[url] : null] as const)),
    excerpt: "",
    author: input.author?.trim() || "Admin",
    date: at,
    state,
    publishAt: state === "programme" ? (input.publishAt ?? null) : null,
  };
}

/** What a version keeps of a post: everything its page and its editor show. */
export function postSnapshot(post: BlogPost) {
  return {
    title: post.title,
    content: post.content,
    image: post.image,
    imagesAnnexes: post.imagesAnnexes,
    imageAlts: post.imageAlts,
    author: post.author,
    state: post.state,
    publishAt: post.publishAt?.toISOString() ?? null,
  };
}

/** Published posts, newest first (product §2), a page at a time. */
export async function listBlogPosts({ limit, offset = 0 }: { limit?: number; offset?: number } = {}) {
  const query = getDb()
    .select()
    .from(blogPosts)
    .where(isPublished)
    .orderBy(...newestFirst)
    .offset(offset);
  return limit === undefined ? query : query.limit(limit);
}

export async function countPublishedPosts(): Promise<number> {
  const [row] = await getDb().select({ n: count() }).from(blogPosts).where(isPublished);
  return row?.n ?? 0;
}

/** The `count` newest published posts. */
export async function latestPosts(howMany: number): Promise<BlogPost[]> {
  return listBlogPosts({ limit: howMany });
}

/** Every published post's address and last change, for the sitemap: no content read. */
export async function publishedPostDates() {
  return getDb()
    .select({ id: blogPosts.id, date: blogPosts.date })
    .from(blogPosts)
    .where(isPublished)
    .orderBy(...newestFirst);
}

/** A post in any state (the back-office). */
export async function getBlogPost(id: number): Promise<BlogPost | undefined> {
  if (parseId(id) === null) return undefined;
  const [row] = await getDb().select().from(blogPosts).where(eq(blogPosts.id, id));
  return row;
}

/** A post as visitors may see it: published, or nothing. */
export async function getPublishedPost(id: number): Promise<BlogPost | undefined> {
  const post = await getBlogPost(id);
  return post?.state === "publie" ? post : undefined;
}

/** The published posts just before (older) and after (newer) `post`, in the blog's order. */
export async function postNeighbours(post: Pick<BlogPost, "id" | "publishedAt">) {
  const at = post.publishedAt ?? new Date();
  const pick = { id: blogPosts.id, title: blogPosts.title };
  const [[older], [newer]] = await Promise.all([
    getDb()
      .select(pick)
      .from(blogPosts)
      .where(
        and(
          isPublished,
          ne(blogPosts.id, post.id),
          sql`(${blogPosts.publishedAt}, ${blogPosts.id}) < (${at}, ${post.id})`,
        ),
      )
      .orderBy(...newestFirst)
      .limit(1),
    getDb()
      .select(pick)
      .from(blogPosts)
      .where(
        and(
          isPublished,
          ne(blogPosts.id, post.id),
          sql`(${blogPosts.publishedAt}, ${blogPosts.id}) > (${at}, ${post.id})`,
        ),
      )
      .orderBy(asc(blogPosts.publishedAt), asc(blogPosts.id))
      .limit(1),
  ]);
  return { older: older ?? null, newer: newer ?? null };
}

/**
 * The back-office's lists: drafts and scheduled posts (all of them: a handful), and a page of the published ones;
 * `query.q` filters all three by title, author or date.
 */
export async function postsForAdmin(query: AdminListQuery) {
  const matching = adminSearchCondition(query.q, {
    texts: [blogPosts.title, blogPosts.author],
    dates: [sql`coalesce(${blogPosts.publishedAt}, ${blogPosts.publishAt}, ${blogPosts.updatedAt})`],
  });
  const where = (state: PublicationState, extra?: SQL) => and(eq(blogPosts.state, state), matching, extra);
  const [drafts, scheduled, published, [total]] = await Promise.all([
    getDb().select().from(blogPosts).where(where("brouillon")).orderBy(desc(blogPosts.updatedAt)),
    getDb().select().from(blogPosts).where(where("programme")).orderBy(asc(blogPosts.publishAt)),
    getDb()
      .select()
      .from(blogPosts)
      .where(where("publie"))
      .orderBy(...newestFirst)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    getDb().select({ n: count() }).from(blogPosts).where(where("publie")),
  ]);
  return { drafts, scheduled, published, publishedTotal: total?.n ?? 0 };
}

/** `createdAt` is for imports and demo content, which carry their own dates. */
export async function createBlogPost(
  input: BlogPostInput,
  { createdAt, by = null }: { createdAt?: Date; by?: string | null } = {},
  executor: Executor = getDb(),
): Promise<BlogPost> {
  const at = createdAt ?? new Date();
  const values = { ...payload(input, at), createdAt: at, updatedAt: at, updatedBy: by };
  const [row] = await executor.insert(blogPosts).values(values).returning();
  return row!;
}

/**
 * Rewrites the post `id` with the form's values, keeping its previous state among its versions; undefined when it
 * does not exist. A post that becomes public for the first time is dated now.
 */
export async function updateBlogPost(
  id: number,
  input: BlogPostInput,
  { by = null, at = new Date() }: SavedBy = { by: null },
  executor: Executor = getDb(),
): Promise<BlogPost | undefined> {
  if (parseId(id) === null) return undefined;
  const [previous] = await executor.select().from(blogPosts).where(eq(blogPosts.id, id)).for("update");
  if (!previous) return undefined;
  await keepVersion(executor, "article", id, postSnapshot(previous), previous.updatedAt, previous.updatedBy);
  const values = payload(input, at);
  // An article an administrator edited is theirs: no longer demo content.
  const [row] = await executor
    .update(blogPosts)
    .set({
      ...values,
      isDemo: false,
      updatedAt: at,
      updatedBy: by,
      publishedAt: values.state === "publie" ? (previous.publishedAt ?? at) : previous.publishedAt,
    })
    .where(eq(blogPosts.id, id))
    .returning();
  return row;
}

/** Deletes the post `id` with its versions; false when it did not exist. */
export async function deleteBlogPost(id: number, executor: Executor = getDb()): Promise<boolean> {
  if (parseId(id) === null) return false;
  const rows = await executor.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ id: blogPosts.id });
  if (rows.length > 0) await forgetItem(executor, "article", id);
  return rows.length > 0;
}

/** A post as its card shows it (lists, home page): the excerpt is the visible text cut at 150 characters. */
export function postCard(post: BlogPost) {
  return {
    id: post.id,
    title: post.title,
    image: post.image,
    imageAlt: altOf(post.imageAlts, post.image),
    date: post.publishedAt ?? post.createdAt,
    excerpt: excerpt(post.plainText, BLOG_CARD_EXCERPT_LENGTH),
  };
}

/** What an article's page needs of it: a stored post, or an editor's form not saved yet (a preview). */
export type ArticleSource = Pick<
  BlogPost,
  "title" | "content" | "image" | "imagesAnnexes" | "imageAlts" | "author" | "publishedAt"
> & { id: number | null };

/**
 * What an article's page shows (components/blog/ArticleView.tsx): its rich text sanitised again (what is rendered
 * never depends on what was stored), the images with their descriptions, and the published articles around it.
 * A post not published yet is dated `now`, as it would be if published.
 */
export async function articlePage(post: ArticleSource, now = new Date()) {
  const date = post.publishedAt ?? now;
  const html = sanitizeRichText(post.content);
  return {
    title: post.title,
    html,
    text: stripHtml(html),
    image: post.image,
    imageAlt: altOf(post.imageAlts, post.image),
    date,
    author: post.author,
    annexes: post.imagesAnnexes.map((src) => ({ src, alt: altOf(post.imageAlts, src) })),
    neighbours: await postNeighbours({ id: post.id ?? 0, publishedAt: date }),
  };
}
