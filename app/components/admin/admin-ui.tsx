import type { ReactNode } from "react";
import { Link } from "react-router";

/** A card of the back-office: a titled part of a screen, with what it is for and an action beside its title. */
export function Section({
  id,
  title,
  description,
  action,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="scroll-mt-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-bold text-stone-900">
          {title}
        </h2>
        {action}
      </div>
      {description ? <div className="mt-1 text-sm text-stone-600">{description}</div> : null}
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
