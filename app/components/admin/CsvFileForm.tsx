import type { ReactNode } from "react";
import { Form } from "react-router";
import { inputClass, labelClass } from "~/components/form/styles";

/**
 * A spreadsheet's CSV sent to an import (the plots of a site, the gardeners): the file input, the server's refusal
 * under it, and the button. The file is read and checked by content on the server (`forms/csv-upload.server.ts`).
 */
export function CsvFileForm({
  intent,
  label = "Fichier CSV",
  accept = ".csv,text/csv",
  refusal,
  submit,
  children,
}: {
  intent: string;
  label?: string;
  /** The file types offered by the browser's dialog (the server checks the content whatever the name). */
  accept?: string;
  /** The server's refusal of the last file sent with this form. */
  refusal?: string | null;
  submit: string;
  /** Fields sent with the file. */
  children?: ReactNode;
}) {
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-3">
      <input type="hidden" name="intent" value={intent} />
      {children}
      <label htmlFor="import-file" className={labelClass}>
        {label}
      </label>
      <input
        id="import-file"
        type="file"
        name="file"
        accept={accept}
        required
        aria-invalid={refusal ? true : undefined}
        aria-describedby={refusal ? "import-file-error" : undefined}
        className={inputClass}
      />
      {refusal ? (
        <p id="import-file-error" role="alert" className="font-medium text-red-800">
          {refusal}
        </p>
      ) : null}
      <button
        type="submit"
        className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
      >
        {submit}
      </button>
    </Form>
  );
}
