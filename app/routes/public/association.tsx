import type { Route } from "./+types/association";
import { siteContentContext } from "~/request/context";
import { Image } from "~/components/Image";
import { photoGrid } from "~/components/image-sizes";
import { RichText } from "~/components/RichText";
import { pageMeta, siteFromMatches } from "~/modules/seo/seo";
import { altOf } from "~/lib/image-alt";
import { stripHtml } from "~/lib/text";
import { CONTENT_PAGE, type PageHandle } from "~/lib/page-handle";
import { formatCalendarDate } from "~/lib/dates";
import { listPublicDocuments } from "~/modules/documents/documents.server";
import { DOCUMENT_KIND_LABELS, documentFileFacts, documentVersionPath } from "~/modules/documents/documents.schema";

/** Plain HTML in the browser: no React (docs/decisions/016). */
export const handle: PageHandle = { ...CONTENT_PAGE, query: [] };
export async function loader({ context }: Route.LoaderArgs) {
  const [content, documents] = await Promise.all([context.get(siteContentContext), listPublicDocuments()]);
  return {
    title: content.titreAssociation,
    html: content.contentAssociation, // sanitised by getSiteContent
    images: content.imagesAssociation
      .filter((url): url is string => Boolean(url))
      .slice(0, 3)
      .map((src) => ({ src, alt: altOf(content.imageAlts, src) })),
    // The public documents, each at its current version's own address (the page follows each replacement).
    documents: documents.map((doc) => ({
      id: doc.id,
      title: doc.title,
      href: documentVersionPath(doc, doc),
      facts: `${DOCUMENT_KIND_LABELS[doc.kind]} du ${formatCalendarDate(doc.date)} · ${documentFileFacts(doc)}`,
    })),
  };
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  return pageMeta(siteFromMatches(matches), {
    title: loaderData?.title ?? "Notre association",
    description: stripHtml(loaderData?.html ?? ""),
    path: location.pathname,
    image: loaderData?.images[0]?.src,
    imageAlt: loaderData?.images[0]?.alt,
  });
}

export default function Association({ loaderData }: Route.ComponentProps) {
  const { title, html, images, documents } = loaderData;
  // In the page's column (max-w-4xl).
  const grid = photoGrid(images.length, 896);
  return (
    <article className="mx-auto max-w-4xl px-4 py-6">
      <h1 className="text-3xl font-bold text-brand-800 sm:text-4xl">{title}</h1>
      <RichText html={html} className="mt-6 text-lg text-stone-800" />
      {images.length > 0 && (
        <div className={`mt-10 grid gap-4 ${grid.className}`}>
          {images.map(({ src, alt }, i) => (
            <Image
              key={src}
              src={src}
              alt={alt ?? `${title}, photo ${i + 1}`}
              sizes={grid.sizes}
              className="aspect-[4/3] w-full rounded-xl object-cover shadow-sm"
            />
          ))}
        </div>
      )}
      {documents.length > 0 && (
        <section aria-labelledby="documents" className="mt-10">
          <h2 id="documents" className="text-2xl font-bold text-brand-800">
            Documents de l'association
          </h2>
          <ul className="mt-4 divide-y divide-stone-200 rounded-xl bg-white shadow-sm ring-1 ring-stone-200">
            {documents.map((doc) => (
              <li key={doc.id} className="px-4 py-3">
                <a href={doc.href} className="font-semibold text-brand-800 underline underline-offset-2">
                  {doc.title}
                </a>
                <p className="text-sm text-stone-700">{doc.facts}</p>
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
