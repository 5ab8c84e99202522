import type { ReactNode } from "react";

/** A card of « Mon jardin »: white on the page's background, as the site's other private pages. */
export const cardClass = "rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-5";

/** A link in a card's text: the site's green, underlined. */
export const linkClass =
  "font-medium text-brand-800 underline decoration-brand-600/60 underline-offset-2 hover:decoration-brand-800";

/** One part of the space: its heading (a target of the page's summary) and its content. */
export function SpaceSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-titre`} className="mt-10 scroll-mt-4">
      <h2 id={`${id}-titre`} className="text-2xl font-bold text-brand-800">
        {title}
      </h2>
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  );
}

/** Terms and their values, label above value on a phone and side by side from a tablet on. */
export function Facts({ items }: { items: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[11rem_1fr] sm:gap-y-2">
      {items.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-sm font-semibold text-stone-700 sm:text-base">{term}</dt>
          <dd className="mb-2 text-stone-900 sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
