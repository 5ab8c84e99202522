import { sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { lacksDescription } from "~/lib/image-alt";
import { getContent } from "~/modules/content/content.server";

/** An item whose images are not all described: where to fix it, and how many images wait. */
export interface UndescribedItem {
  label: string;
  href: string;
  images: number;
}

/** How many items the dashboard lists; the count covers them all. */
const LISTED = 8;

type Row = { id: number; title: string; images: string | number; total: string | number };

/** Articles or events (any state) with a cover or annex neither described nor marked decorative. */
async function undescribedIn(table: "blog_posts" | "events") {
  const result = await getDb().execute(sql`
    with missing as (
      select t.id, t.title, t.updated_at, count(*) as images
        from ${sql.identifier(table)} t
        cross join lateral (
          select t.image as url
          union all
          select value from jsonb_array_elements_text(t.imagesannexes)
        ) img
       where img.url is not null and img.url <> '' and not (t.image_alts ? img.url)
       group by t.id
    )
    select id, title, images, sum(images) over () as total from missing order by updated_at desc, id desc limit ${LISTED}
  `);
  const rows = (result as unknown as { rows: Row[] }).rows;
  return { total: Number(rows[0]?.total ?? 0), rows };
}

/**
 * The images a visitor would get without a text alternative, for the dashboard: how many, and the items to open to
 * describe them (the site's own images first).
 */
export async function undescribedImages(): Promise<{ count: number; items: UndescribedItem[] }> {
  const [content, posts, events] = await Promise.all([
    getContent(),
    undescribedIn("blog_posts"),
    undescribedIn("events"),
  ]);
  const site = [content?.imageAccueil, content?.headerIcon, ...(content?.imagesAssociation ?? [])].filter((url) =>
    lacksDescription(content?.imageAlts, url),
  ).length;
  const items: UndescribedItem[] = [
    ...(site > 0
      ? [{ label: "Images du site (accueil, icône, page association)", href: "/admin/settings", images: site }]
      : []),
    ...posts.rows.map((row) => ({
      label: `Article « ${row.title} »`,
      href: `/admin/blog?edit=${row.id}`,
      images: Number(row.images),
    })),
    ...events.rows.map((row) => ({
      label: `Événement « ${row.title} »`,
      href: `/admin/events?edit=${row.id}`,
      images: Number(row.images),
    })),
  ];
  return { count: site + posts.total + events.total, items: items.slice(0, LISTED) };
}
