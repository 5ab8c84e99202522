import { useEffect, useId, useRef } from "react";

/**
 * A result that needs acknowledging ('Succès' … OK); give it a new key for a new result. Rendered open by the server, so it shows without JavaScript
 * and 'OK' closes it (a form of method dialog); with JavaScript it becomes modal, focused on 'OK'.
 */
export function SuccessDialog({
  title = "Succès",
  message,
  onClose,
}: {
  title?: string;
  message: string;
  onClose?: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const ok = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    // Opened by the `open` attribute (non-modal): reopened as a modal so the page behind is inert. Removing the
    // attribute hides it without the `close` event that close() would send (and that would dismiss it).
    element.removeAttribute("open");
    element.showModal();
    ok.current?.focus();
  }, []);
  return (
    <dialog
      ref={dialog}
      open
      aria-labelledby={titleId}
      onClose={onClose}
      className="fixed inset-0 z-50 m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl p-6 shadow-xl ring-1 ring-stone-200 backdrop:bg-black/50"
    >
      <h2 id={titleId} className="text-lg font-bold text-brand-900">
        {title}
      </h2>
      <p className="mt-2 text-stone-800">{message}</p>
      <form method="dialog" className="mt-4 flex justify-end">
        <button
          ref={ok}
          type="submit"
          className="inline-flex min-h-11 min-w-20 items-center justify-center rounded-lg bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          OK
        </button>
      </form>
    </dialog>
  );
}
