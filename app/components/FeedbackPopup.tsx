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

  const error = tone === "error";
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4">
      <div
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
