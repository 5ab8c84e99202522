/**
 * What the gardener changed themself in « Mon jardin » (their details, their letters, their address, an export of
 * their data), newest first: the bureau sees why the record differs from what it wrote.
 */
export function MyGardenChanges({ changes }: { changes: { id: number; at: string; what: string; detail: string }[] }) {
  if (changes.length === 0) return <p className="text-stone-700">Aucune modification faite dans Mon jardin.</p>;
  return (
    <ul className="divide-y divide-stone-200">
      {changes.map((change) => (
        <li key={change.id} className="py-2">
          <span className="block text-sm text-stone-600 sm:inline sm:pr-3">{change.at}</span>{" "}
          <span className="font-medium text-stone-900">{change.what}</span>
          {change.detail ? <span className="text-stone-700"> : {change.detail}</span> : null}
        </li>
      ))}
    </ul>
  );
}
