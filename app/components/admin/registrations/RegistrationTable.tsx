import { ConfirmDialog } from "~/components/ConfirmDialog";

export interface RegistrationRow {
  id: number;
  name: string;
  email: string;
  people: number;
  answer: string;
  at: string;
}

/**
 * Sign-ups as a table (a list on a phone): name, address, people, the answer, when; `cancellable`, each with its
 * « Désinscrire » under the name, where a phone shows it without scrolling sideways.
 */
export function RegistrationTable({
  rows,
  question,
  caption,
  cancellable = false,
}: {
  rows: RegistrationRow[];
  question: string | null;
  caption: string;
  cancellable?: boolean;
}) {
  if (rows.length === 0) return <p className="text-stone-700">Personne.</p>;
  return (
    // A phone scrolls the table sideways: focusable, so that the keyboard can scroll it too (WCAG 2.1.1).
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="overflow-x-auto" tabIndex={0}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-stone-600">
          <tr>
            <th scope="col" className="py-2 pr-3">
              Nom
            </th>
            <th scope="col" className="py-2 pr-3">
              Adresse
            </th>
            <th scope="col" className="py-2 pr-3">
              Personnes
            </th>
            {question ? (
              <th scope="col" className="py-2 pr-3">
                {question}
              </th>
            ) : null}
            <th scope="col" className="py-2">
              Inscrit le
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-200">
          {rows.map((r) => (
            <tr key={r.id}>
              <td className="py-2 pr-3">
                <span className="font-semibold text-stone-900 [overflow-wrap:anywhere]">{r.name}</span>
                {cancellable ? (
                  <div className="mt-1">
                    <ConfirmDialog
                      trigger="Désinscrire"
                      triggerName={`Désinscrire ${r.name}`}
                      title="Désinscrire"
                      message={`Désinscrire ${r.name} (${r.people} personne${r.people > 1 ? "s" : ""}) ? Une place libérée va à la liste d'attente. La personne n'est pas prévenue par e-mail.`}
                      confirm="Désinscrire"
                      fields={{ intent: "cancel", id: String(r.id) }}
                    />
                  </div>
                ) : null}
              </td>
              <td className="py-2 pr-3 [overflow-wrap:anywhere]">{r.email}</td>
              <td className="py-2 pr-3">{r.people}</td>
              {question ? <td className="py-2 pr-3">{r.answer}</td> : null}
              <td className="py-2">{r.at}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
