/** A person's phone numbers, each a `tel:` link (a tap calls it on a phone); on paper, the numbers alone. */
export function PhoneLinks({ phones, className = "" }: { phones: string[]; className?: string }) {
  return phones.map((phone, i) => (
    <span key={phone} className="whitespace-nowrap">
      {i > 0 && <br />}
      <a href={`tel:${phone.replace(/[^\d+]/g, "")}`} className={`underline print:no-underline ${className}`}>
        {phone}
      </a>
    </span>
  ));
}

/** A site's holders and their numbers, by plot: whom to call from the garden, a tap away on a phone. */
export function SitePhoneList({
  plots,
}: {
  plots: { id: number; number: number; holder: string | null; phones: string[] }[];
}) {
  const held = plots.filter((p) => p.holder);
  if (held.length === 0) return null;
  return (
    <ul className="divide-y divide-stone-200">
      {held.map((p) => (
        <li key={p.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
          <span>
            <span className="font-semibold">n° {p.number}</span> — {p.holder}
          </span>
          {p.phones.length > 0 ? (
            <span className="text-right">
              <PhoneLinks phones={p.phones} className="font-semibold text-brand-800" />
            </span>
          ) : (
            <span className="text-sm text-stone-600">pas de téléphone</span>
          )}
        </li>
      ))}
    </ul>
  );
}
