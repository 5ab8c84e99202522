import { CsvFileForm } from "~/components/admin/CsvFileForm";
import type { IntentResult } from "~/components/admin/plots/IntentForm";

export interface UnmatchedLine {
  date: string;
  label: string;
  amount: string;
}

/** What « Importer le relevé » answers: the boxes it ticks, the bank's lines matched to no entry, the lines left out. */
export type ImportResult = IntentResult & {
  suggested?: string[];
  unmatched?: UnmatchedLine[];
  skipped?: { line: number; text: string }[];
};

/**
 * « Importer le relevé » (CSV or OFX): the bank's file suggests the ticks (nothing is saved until « Enregistrer les
 * pointages »); the lines of the bank found in no entry are listed, to enter them in the book.
 */
export function StatementImport({ result }: { result: ImportResult | undefined }) {
  const refusal = result && !result.ok && result.intent === "import" ? result.message : null;
  const unmatched = result?.ok && result.intent === "import" ? (result.unmatched ?? []) : [];
  const skipped = result?.ok && result.intent === "import" ? (result.skipped ?? []) : [];
  return (
    <div className="space-y-4">
      {skipped.length > 0 ? (
        <div className="rounded-lg bg-stone-50 p-3 ring-1 ring-stone-200">
          <h3 className="font-semibold text-stone-900">Lignes laissées de côté</h3>
          <p className="text-sm text-stone-700">
            Des soldes ou des totaux que la banque ajoute autour des opérations : ils ne sont pas des opérations.
          </p>
          <ul className="mt-2 list-disc pl-5 text-sm">
            {skipped.map((line) => (
              <li key={line.line}>
                Ligne {line.line} : « {line.text} »
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {unmatched.length > 0 ? (
        <div className="rounded-lg border-l-4 border-amber-600 bg-amber-50 p-3">
          <h3 className="font-semibold text-stone-900">Lignes du relevé sans écriture correspondante</h3>
          <p className="text-sm text-stone-700">
            Même montant et même sens introuvables à 10 jours près : enregistrez ces opérations dans le livre, ou
            vérifiez le montant saisi.
          </p>
          <ul className="mt-2 divide-y divide-amber-200">
            {unmatched.map((line, i) => (
              <li key={i} className="flex items-baseline justify-between gap-3 py-1.5">
                <span>
                  {line.label || "Sans libellé"} <span className="block text-sm text-stone-600">{line.date}</span>
                </span>
                <span className="font-semibold whitespace-nowrap tabular-nums">{line.amount}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <CsvFileForm
        intent="import"
        label="Relevé de la banque (CSV ou OFX)"
        accept=".csv,.ofx,.qfx,text/csv,application/x-ofx"
        refusal={refusal}
        submit="Importer le relevé"
      />
    </div>
  );
}
