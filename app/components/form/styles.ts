/** The look of every form of the site, public and back-office. Touch targets are at least 44 px high. */

export const inputClass =
  "mt-1 block min-h-11 w-full rounded-lg border border-stone-400 bg-white px-3 py-2.5 text-stone-900 placeholder:text-stone-500 focus:border-brand-700 focus:outline-2 focus:outline-offset-1 focus:outline-brand-700 aria-[invalid=true]:border-red-700 aria-[invalid=true]:bg-red-50/40";

export const labelClass = "block font-medium text-stone-900";

export const buttonClass =
  "inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-5 py-2 font-semibold text-white shadow-sm hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60";

export const quietButtonClass =
  "inline-flex min-h-11 items-center justify-center rounded-lg border border-stone-300 bg-white px-4 py-2 font-semibold text-stone-800 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700";

/** A refusal above a form: the server's answer, or the browser's when it checked the form first. */
export const alertClass = "rounded-xl border-l-4 border-red-700 bg-red-50 p-4 font-medium text-red-900";
