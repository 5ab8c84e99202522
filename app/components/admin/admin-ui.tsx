import type { ReactNode } from "react";
import { Link } from "react-router";

/** The look of the back-office's buttons and sections. Touch targets are at least 44 px high. */
export const adminButton =
  "inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-5 py-2 font-semibold text-white shadow-sm hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 aria-disabled:cursor-not-allowed aria-disabled:opacity-60";
export const adminQuietButton =
  "inline-flex min-h-11 items-center justify-center rounded-lg border border-stone-300 bg-white px-4 py-2 font-semibold text-stone-800 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700";

export function AdminSection({
  id,
  title,
  children,
  action,
}: {
  id: string;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-bold text-stone-900">
          {title}
        </h2>
        {action}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** Newer and older pages of a list, with "Page n sur m"; `link(n)` gives page n's address. */
export function Pagination({
  page,
  pages,
  link,
  newer,
  older,
}: {
  page: number;
  pages: number;
  link: (n: number) => string;
  newer: string;
  older: string;
}) {
  if (pages <= 1) return null;
  const linkClass = "min-h-11 content-center font-semibold text-brand-800 underline";
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm">
      {page > 1 ? (
        <Link to={link(page - 1)} className={linkClass}>
          ← {newer}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-stone-600">
        Page {page} sur {pages}
      </span>
      {page < pages ? (
        <Link to={link(page + 1)} className={linkClass}>
          {older} →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
