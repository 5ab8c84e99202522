import type { ReactNode } from "react";
import { FeedbackPopup } from "~/components/FeedbackPopup";

/** The class of the small link above a screen's title: back to a list, or to what the record belongs to. */
export const backLinkClass = "text-sm font-semibold text-brand-800 underline underline-offset-2";

const WIDTHS = { "3xl": "max-w-3xl", "4xl": "max-w-4xl", "5xl": "max-w-5xl" } as const;

/**
 * The frame of a back-office screen: its width, the title (the screen's only h1) with what stands just above and
 * under it, the parts of the screen, and the popup that says how the last save went.
 */
export function AdminPage({
  title,
  width = "4xl",
  nav,
  back,
  context,
  intro,
  roomBelow = false,
  popup,
  children,
}: {
  title: ReactNode;
  /** 4xl for most screens, 5xl for wide tables, 3xl for a single record read or answered. */
  width?: keyof typeof WIDTHS;
  /** A menu of the area, above everything (the register's tabs). */
  nav?: ReactNode;
  /** A link on its own line above the title (« Retour aux… »). */
  back?: ReactNode;
  /** What the record belongs to, right above the title in the same block (the site of a plot). */
  context?: ReactNode;
  /** Facts right under the title, in the same block. */
  intro?: ReactNode;
  /** Room under the last part, for the editors' long forms that end at the bottom of the screen. */
  roomBelow?: boolean;
  /** The result of the last save: `useSaveNotice`'s message and close, and whether it was refused. */
  popup?: { message: string | null; close: () => void; error?: boolean };
  children: ReactNode;
}) {
  return (
    <div className={`mx-auto ${WIDTHS[width]} space-y-6${roomBelow ? " pb-24" : ""}`}>
      {nav}
      {back ? <p>{back}</p> : null}
      <div>
        {context ? <p>{context}</p> : null}
        {/* Titles often carry a name typed by someone: a long one wraps instead of widening the page. */}
        <h1 className="text-2xl font-bold text-stone-900 [overflow-wrap:anywhere]">{title}</h1>
        {intro}
      </div>
      {children}
      {popup ? (
        <FeedbackPopup message={popup.message} tone={popup.error ? "error" : "success"} onClose={popup.close} />
      ) : null}
    </div>
  );
}
