/**
 * The message at the top of the space (back from HelloAsso, an answer saved), in an `output`, read out as a status:
 * good news in green, else in amber.
 */
export function SpaceNotice({ notice }: { notice: { text: string; good: boolean } }) {
  return (
    <output
      className={`mt-6 block rounded-xl border-l-4 p-4 font-medium ${
        notice.good ? "border-brand-700 bg-brand-50 text-brand-900" : "border-amber-600 bg-amber-50 text-amber-950"
      }`}
    >
      {notice.text}
    </output>
  );
}
