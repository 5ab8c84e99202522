import { HONEYPOT_FIELD } from "~/modules/forms/public-form";

/**
 * A field people never see nor reach (off-screen, out of the tab order, hidden from screen readers) and that form-
 * filling robots complete: the server then answers as if all went well and keeps nothing.
 */
export function Honeypot() {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor={`champ-${HONEYPOT_FIELD}`}>Ne remplissez pas ce champ</label>
      <input
        id={`champ-${HONEYPOT_FIELD}`}
        type="text"
        name={HONEYPOT_FIELD}
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
}
