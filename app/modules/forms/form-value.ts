/** A value of a submitted form by name: the server's `SubmittedForm.get`, or `formDataValue` in the browser. */
export type FormValue = (name: string) => string | null | undefined;

export const formDataValue =
  (data: FormData): FormValue =>
  (name) => {
    const value = data.get(name);
    return typeof value === "string" ? value : null;
  };
