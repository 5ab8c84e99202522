export interface RegistrationRow {
  id: number;
  name: string;
  email: string;
  people: number;
  answer: string;
  at: string;
}

/** Sign-ups as a table (a list on a phone): name, address, people, the answer, when. */
export function RegistrationTable({
  rows,
  question,
  caption,
}: {
  rows: RegistrationRow[];
  question: string | null;
  caption: string;
}) {
  if (rows.length === 0) return <p className="text-stone-700">Personne.</p>;
  return (
    <div className="overflow-x-auto">
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
              <td className="py-2 pr-3 font-semibold text-stone-900">{r.name}</td>
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
