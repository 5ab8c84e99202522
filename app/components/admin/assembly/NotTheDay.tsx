/** Why a screen of the day (presence, votes, minutes) takes nothing yet: the assembly has not been held. */
export function NotTheDay({ words }: { words: string }) {
  return <p className="rounded-xl border-l-4 border-amber-600 bg-amber-50 p-4 font-medium text-amber-950">{words}</p>;
}
