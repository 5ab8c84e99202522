import { useId, useRef, type KeyboardEvent, type ReactNode } from "react";
import { Form } from "react-router";
import { useHydrated } from "~/lib/use-hydrated";

export interface ConfirmDialogProps {
  /** The button that asks for confirmation, e.g. "Supprimer". */
  trigger: string;
  /** Its accessible name when the visible text is not enough ("Supprimer « Les semis »"). */
  triggerName?: string;
  title: string;
  message: ReactNode;
  confirm: string;
  /** The fields posted to the page's action once confirmed. */
  fields: Record<string, string>;
  triggerClassName?: string;
  /** Fields the person fills in before confirming (a date, a reason), above the buttons. */
  children?: ReactNode;
}

const dangerButton =
  "inline-flex min-h-11 items-center justify-center rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700";
const quietButton =
  "inline-flex min-h-11 items-center justify-center rounded-lg border border-stone-300 bg-white px-4 py-2 font-semibold text-stone-800 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700";

/**
 * A confirmation before something that cannot be undone. With JavaScript, a modal <dialog>: the focus goes into it
 * (on "Annuler") and stays there, Escape cancels, and the focus comes back to the button that opened it. Without
 * JavaScript, a <details> opens the same question and the same form in place.
 */
export function ConfirmDialog({
  trigger,
  triggerName,
  title,
  message,
  confirm,
  fields,
  triggerClassName = quietButton,
  children,
}: ConfirmDialogProps) {
  const hydrated = useHydrated();
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  // The safe choice takes the focus when the dialog opens (showModal alone would give it to the first button).
  const open = () => {
    dialog.current?.showModal();
    cancel.current?.focus();
  };
  // A modal dialog makes the page inert, but Tab may still leave it for the browser's own controls: it cycles here.
  const keepFocusInside = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== "Tab") return;
    const buttons = [
      ...event.currentTarget.querySelectorAll<HTMLElement>("button, a[href], input, [tabindex]:not([tabindex='-1'])"),
    ];
    const first = buttons[0];
    const last = buttons[buttons.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };
  const form = (
    <Form method="post" className="mt-4 flex flex-wrap gap-3" onSubmit={() => dialog.current?.close()}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children ? <div className="w-full space-y-4">{children}</div> : null}
      <button type="submit" className={dangerButton}>
        {confirm}
      </button>
      {hydrated ? (
        <button ref={cancel} type="button" className={quietButton} onClick={() => dialog.current?.close()}>
          Annuler
        </button>
      ) : null}
    </Form>
  );
  if (!hydrated) {
    return (
      <details className="group">
        <summary
          className={`${triggerClassName} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}
          aria-label={triggerName}
        >
          {trigger}
        </summary>
        <div className="mt-2 rounded-lg bg-red-50 p-4 ring-1 ring-red-200">
          <p className="font-semibold text-red-900">{message}</p>
          {form}
        </div>
      </details>
    );
  }
  return (
    <>
      <button ref={opener} type="button" className={triggerClassName} aria-label={triggerName} onClick={open}>
        {trigger}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        onClose={() => opener.current?.focus()}
        onKeyDown={keepFocusInside}
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl p-6 shadow-xl backdrop:bg-black/50"
      >
        <h2 id={titleId} className="text-lg font-bold text-stone-900">
          {title}
        </h2>
        <p className="mt-2 text-stone-800">{message}</p>
        {form}
      </dialog>
    </>
  );
}
