import { useId } from "react";
import { HONEYPOT_FIELD } from "~/modules/forms/public-form";

/**
 * A field people never see nor reach (off-screen, out of the tab order, hidden from screen readers) and that form-
 * filling robots complete: the server then answers as if all went well and keeps nothing.
 */
export function Honeypot() {
  // Two forms may share a page (the footer's newsletter form and the page's own).
  const id = `champ-${HONEYPOT_FIELD}-${useId()}`;
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor={id}>Ne remplissez pas ce champ</label>
      <input id={id} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
