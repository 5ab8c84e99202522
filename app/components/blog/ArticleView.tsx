import { Link } from "react-router";
import { Gallery, type GalleryImage } from "~/components/Gallery";
import { Image } from "~/components/Image";
import { ARTICLE_SIZES } from "~/components/image-sizes";
import { RichText } from "~/components/RichText";
import { formatDate, toIso } from "~/lib/dates";

/** What an article's page shows (see `articlePage` in the blog module). */
export interface ArticleViewData {
  title: string;
  html: string;
  image: string | null;
  imageAlt: string | null;
  date: string | Date;
  author: string;
  annexes: GalleryImage[];
  neighbours: { older: { id: number; title: string } | null; newer: { id: number; title: string } | null };
}

const neighbourClass =
  "flex min-h-11 flex-col rounded-xl bg-white p-4 ring-1 ring-stone-200 hover:ring-brand-600 focus-visible:outline-2 focus-visible:outline-brand-700";

/** An article as visitors read it (product §2): the public page, the editor's preview and a version's view alike. */
export function ArticleView({ article }: { article: ArticleViewData }) {
  const { title, html, image, imageAlt, date, author, annexes, neighbours } = article;
  return (
    <article className="mx-auto max-w-3xl px-4 py-6">
      <p>
        <Link to="/blog" className="text-sm font-semibold text-brand-800 underline underline-offset-4">
          ← Tous les articles
        </Link>
      </p>
      <h1 className="mt-4 text-3xl font-bold text-brand-800 sm:text-4xl">{title}</h1>
      <p className="mt-2 text-stone-700">
        Publié le <time dateTime={toIso(date)}>{formatDate(date)}</time> par {author}
      </p>
      <Image
        src={image}
        alt={imageAlt ?? ""}
        priority
        sizes={ARTICLE_SIZES}
        className="mt-6 aspect-[3/2] w-full rounded-2xl object-cover shadow-sm"
      />
      <RichText html={html} className="mt-6 text-lg text-stone-800" />
      <Gallery images={annexes} title={title} />
      {neighbours.older || neighbours.newer ? (
        <nav aria-label="Autres articles" className="mt-12 grid gap-4 sm:grid-cols-2">
          {neighbours.older ? (
            <Link to={`/blog/${neighbours.older.id}`} rel="prev" className={neighbourClass}>
              <span className="text-sm text-stone-600">← Article précédent</span>
              <span className="font-semibold text-brand-800">{neighbours.older.title}</span>
            </Link>
          ) : (
            <span />
          )}
          {neighbours.newer ? (
            <Link to={`/blog/${neighbours.newer.id}`} rel="next" className={`${neighbourClass} sm:text-right`}>
              <span className="text-sm text-stone-600">Article suivant →</span>
              <span className="font-semibold text-brand-800">{neighbours.newer.title}</span>
            </Link>
          ) : null}
        </nav>
      ) : null}
    </article>
  );
}
