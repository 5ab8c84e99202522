import { desc, eq } from "drizzle-orm";
import { getDb, type Executor } from "~/db/client.server";
import { blogPosts } from "~/db/schema";
import { BLOG_CARD_EXCERPT_LENGTH, MAX_ANNEX_IMAGES } from "~/lib/constants";
import { sanitizeRichText } from "~/lib/sanitize.server";
import { cleanImageList, excerpt, parseId, stripHtml } from "~/lib/text";

export type BlogPost = typeof blogPosts.$inferSelect;

/** What the blog form provides; annex images may be in any shape, they are cleaned here. */
export interface BlogPostInput {
  title: string;
  content: string;
  image: string | null;
  imagesAnnexes?: unknown;
  /** Who signs the article: the administrator's display name; 'Admin' when none is given (SPEC §3). */
  author?: string;
}

const newestFirst = [desc(blogPosts.createdAt), desc(blogPosts.id)];

/** SPEC §7 payload: sanitised content (and its plain text, for search), cleaned annexes (≤ 3), empty excerpt, author 'Admin', date = now. */
function payload(input: BlogPostInput) {
  const content = sanitizeRichText(input.content);
  return {
    title: input.title,
    content,
    plainText: stripHtml(content),
    image: input.image || null,
    imagesAnnexes: cleanImageList(input.imagesAnnexes, MAX_ANNEX_IMAGES),
    excerpt: "",
    author: input.author?.trim() || "Admin",
    date: new Date(),
  };
}

/** Every post, newest first (created_at desc, then id desc). */
export async function listBlogPosts(): Promise<BlogPost[]> {
  return getDb()
    .select()
    .from(blogPosts)
    .orderBy(...newestFirst);
}

/** The `count` newest posts. */
export async function latestPosts(count: number): Promise<BlogPost[]> {
  return getDb()
    .select()
    .from(blogPosts)
    .orderBy(...newestFirst)
    .limit(count);
}

export async function getBlogPost(id: number): Promise<BlogPost | undefined> {
  if (parseId(id) === null) return undefined;
  const [row] = await getDb().select().from(blogPosts).where(eq(blogPosts.id, id));
  return row;
}

/** `createdAt` is for imports and demo content, which carry their own dates. */
export async function createBlogPost(
  input: BlogPostInput,
  { createdAt }: { createdAt?: Date } = {},
  executor: Executor = getDb(),
): Promise<BlogPost> {
  const values = createdAt ? { ...payload(input), date: createdAt, createdAt } : payload(input);
  const [row] = await executor.insert(blogPosts).values(values).returning();
  return row;
}

/** Rewrites the post `id` with the form's values; undefined when it does not exist. */
export async function updateBlogPost(
  id: number,
  input: BlogPostInput,
  executor: Executor = getDb(),
): Promise<BlogPost | undefined> {
  if (parseId(id) === null) return undefined;
  // An article an administrator edited is theirs: no longer demo content.
  const [row] = await executor
    .update(blogPosts)
    .set({ ...payload(input), isDemo: false })
    .where(eq(blogPosts.id, id))
    .returning();
  return row;
}

/** Deletes the post `id`; false when it did not exist. */
export async function deleteBlogPost(id: number, executor: Executor = getDb()): Promise<boolean> {
  if (parseId(id) === null) return false;
  const rows = await executor.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ id: blogPosts.id });
  return rows.length > 0;
}

/** A post as its card shows it (lists, home page): the excerpt is the visible text cut at 150 characters. */
export function postCard(post: BlogPost) {
  return {
    id: post.id,
    title: post.title,
    image: post.image,
    date: post.createdAt,
    excerpt: excerpt(post.plainText, BLOG_CARD_EXCERPT_LENGTH),
  };
}
