import { useEffect, useLayoutEffect, useRef } from "react";

export interface FeedbackPopupProps {
  /** The message to show; null keeps the popup closed (its live region stays in the page). */
  message: string | null;
  tone?: "success" | "error";
  onClose: () => void;
}

/**
 * The result of a save, in a small popup fixed to the bottom of the screen. The live region is always
 * present, so screen readers announce each new message. 'Fermer' or Escape closes it; without
 * JavaScript 'Fermer' reloads the page, which closes it too.
 */
export function FeedbackPopup({ message, tone = "success", onClose }: FeedbackPopupProps) {
  // Listening from the first render, not from when a message arrives: an Escape pressed as soon as the message
  // shows (before an effect would run) closes it too.
  const current = useRef({ message, onClose });
  useLayoutEffect(() => {
    current.current = { message, onClose };
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape" && !event.defaultPrevented && current.current.message) current.current.onClose();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  // The popup must not hide what was just clicked (a form's button at the bottom of a phone's screen): while it is
  // open, the page gets room under its last part, and the button that sent the form is scrolled above the popup (it
  // may have lost the focus meanwhile, disabled while its form was sent).
  const box = useRef<HTMLDivElement>(null);
  const sender = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const onSubmit = (event: SubmitEvent) => {
      sender.current = event.submitter ?? (event.target instanceof HTMLElement ? event.target : null);
    };
    document.addEventListener("submit", onSubmit, true);
    return () => document.removeEventListener("submit", onSubmit, true);
  }, []);
  useEffect(() => {
    const popup = box.current;
    if (!message || !popup) return;
    const before = document.body.style.paddingBottom;
    document.body.style.paddingBottom = `${popup.getBoundingClientRect().height + 32}px`;
    const focused = document.activeElement;
    const target = sender.current?.isConnected
      ? sender.current
      : focused instanceof HTMLElement && focused !== document.body
        ? focused
        : null;
    sender.current = null;
    const uncover = () => {
      if (!target?.isConnected || popup.contains(target)) return;
      const covered = target.getBoundingClientRect().bottom - popup.getBoundingClientRect().top;
      if (covered > -8) window.scrollBy({ top: covered + 16 });
    };
    uncover();
    // The page's data is read again after a save (a list grows above the button): uncovered again for a moment.
    const resized = new ResizeObserver(uncover);
    resized.observe(document.body);
    const settle = setTimeout(() => resized.disconnect(), 2000);
    return () => {
      clearTimeout(settle);
      resized.disconnect();
      document.body.style.paddingBottom = before;
    };
  }, [message]);

  const error = tone === "error";
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4">
      <div
        ref={box}
        className={
          message
            ? `pointer-events-auto flex w-full max-w-md items-center gap-3 rounded-xl border-l-4 bg-white p-4 shadow-lg ring-1 ring-stone-200 ${
                error ? "border-red-700" : "border-brand-700"
              }`
            : undefined
        }
      >
        {/* The live region itself stays in the page, empty while closed, so each message is announced. */}
        <output aria-live="polite" className={`flex-1 font-medium ${error ? "text-red-800" : "text-brand-900"}`}>
          {message}
        </output>
        {message ? (
          <form method="get">
            <button
              type="submit"
              onClick={(event) => {
                event.preventDefault();
                onClose();
              }}
              className="rounded-md border border-stone-300 px-3 py-1 text-sm font-medium text-stone-800 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              Fermer
            </button>
          </form>
        ) : null}
      </div>
    </div>
  );
}
