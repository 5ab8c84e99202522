import { Link } from "react-router";

export interface LetterRow {
  id: number;
  subject: string;
  status: "brouillon" | "envoi" | "envoyee";
  date: string;
  audience: string;
  total: number;
  sent: number;
  bounced: number;
}

const STATUS = { brouillon: "Brouillon", envoi: "Envoi en cours", envoyee: "Envoyée" } as const;

/** The letters, newest first: each subject links to its screen (the draft to finish, or the sending's figures). */
export function LetterList({ letters }: { letters: LetterRow[] }) {
  if (letters.length === 0) return <p className="text-stone-700">Aucune lettre pour l'instant.</p>;
  return (
    <ul className="divide-y divide-stone-200">
      {letters.map((letter) => (
        <li key={letter.id} className="flex flex-wrap items-baseline justify-between gap-2 py-3">
          <div className="min-w-0">
            <Link
              to={`/admin/lettre/${letter.id}`}
              className="font-semibold text-stone-900 hover:underline [overflow-wrap:anywhere]"
            >
              {letter.subject}
            </Link>
            <p className="text-sm text-stone-600">
              {STATUS[letter.status]} · {letter.date} · {letter.audience}
            </p>
          </div>
          {letter.status === "brouillon" ? null : (
            <p className="text-sm text-stone-800">
              {letter.sent} / {letter.total} envoyés
              {letter.bounced ? ` · ${letter.bounced} refusé${letter.bounced > 1 ? "s" : ""}` : ""}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
