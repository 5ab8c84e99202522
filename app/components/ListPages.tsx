const linkClass =
  "inline-flex min-h-11 items-center rounded-lg bg-white px-4 py-2 font-semibold text-brand-800 ring-1 ring-stone-300 hover:bg-brand-50";

/**
 * The pages of a public list, newest first: « Plus récents » and « Plus anciens » (`rel="prev"` and `rel="next"`),
 * and where this page stands. Plain links: content pages run no script.
 */
export function ListPages({ link, page, pages }: { link: (page: number) => string; page: number; pages: number }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-10 flex flex-wrap items-center justify-between gap-3">
      {page > 1 ? (
        <a href={link(page - 1)} rel="prev" className={linkClass}>
          <span aria-hidden="true">←&nbsp;</span>Plus récents
        </a>
      ) : (
        <span />
      )}
      <span className="text-stone-700">
        Page {page} sur {pages}
      </span>
      {page < pages ? (
        <a href={link(page + 1)} rel="next" className={linkClass}>
          Plus anciens<span aria-hidden="true">&nbsp;→</span>
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}
