/** The treasury screens' link style. */
export const linkClass = "font-semibold text-brand-800 underline underline-offset-2";
