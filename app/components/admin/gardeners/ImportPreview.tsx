import { Form } from "react-router";
import { counted } from "~/lib/text";

interface Line {
  line: number;
  name: string;
  plots: string;
  outcome: "creer" | "ignorer" | "erreur";
  message: string;
}

const OUTCOME = {
  creer: { label: "À créer", className: "text-brand-900" },
  ignorer: { label: "Ignorée", className: "text-stone-700" },
  erreur: { label: "Erreur", className: "font-bold text-red-800" },
} as const;

/**
 * The dry run: every line of the file and what the import would make of it. With no error, the button that imports
 * (the file's text travels in the form, so nothing is kept on the server between the two steps).
 */
export function ImportPreview({
  lines,
  counts,
  csv,
}: {
  lines: Line[];
  counts: { creer: number; ignorer: number; erreur: number };
  csv: string;
}) {
  return (
    <div className="space-y-4">
      <output className="block font-semibold text-stone-900">
        {counted(counts.creer, "jardinier à créer", "jardiniers à créer")},{" "}
        {counted(counts.ignorer, "ligne ignorée", "lignes ignorées")},{" "}
        {counted(counts.erreur, "ligne en erreur", "lignes en erreur")}.
        {counts.erreur > 0 ? " Rien ne sera importé : corrigez le fichier puis vérifiez-le de nouveau." : null}
      </output>
      {/* A phone scrolls the table sideways: focusable, so that the keyboard can scroll it too (WCAG 2.1.1). */}
      {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="overflow-x-auto" tabIndex={0}>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Ce que l'import ferait de chaque ligne</caption>
          <thead className="border-b border-stone-300 text-stone-700">
            <tr>
              <th scope="col" className="py-2 pr-3">
                Ligne
              </th>
              <th scope="col" className="py-2 pr-3">
                Jardinier
              </th>
              <th scope="col" className="py-2 pr-3">
                Parcelles
              </th>
              <th scope="col" className="py-2 pr-3">
                Résultat
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-200">
            {lines.map((l) => (
              <tr key={l.line}>
                <td className="py-2 pr-3">{l.line}</td>
                <td className="py-2 pr-3 [overflow-wrap:anywhere]">{l.name || "—"}</td>
                <td className="py-2 pr-3">{l.plots || "—"}</td>
                <td className={`py-2 pr-3 ${OUTCOME[l.outcome].className}`}>
                  {OUTCOME[l.outcome].label} : {l.message}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {counts.erreur === 0 && counts.creer > 0 ? (
        <Form method="post">
          <input type="hidden" name="intent" value="import" />
          <textarea name="csv" defaultValue={csv} hidden readOnly />
          <button
            type="submit"
            className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
          >
            Importer {counted(counts.creer, "jardinier", "jardiniers")}
          </button>
        </Form>
      ) : null}
    </div>
  );
}
