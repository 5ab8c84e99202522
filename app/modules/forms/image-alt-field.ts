import type { FormValue } from "./form-value";

/**
 * The two fields an image field of the back-office adds for its text alternative (app/lib/image-alt.ts): a
 * description, and a box that marks the image decorative. `name` is the image field's own name (or, for images sent
 * under one repeated name, the name of its place: "imageAssociation2").
 */
export const altField = (name: string) => `${name}__alt`;
export const decorativeField = (name: string) => `${name}__decoratif`;

/** The alternative the form gives for the image of `name`: "" when ticked decorative, the description, or null. */
export function altFromForm(get: FormValue, name: string): string | null {
  if (get(decorativeField(name))) return "";
  return get(altField(name))?.trim() || null;
}
