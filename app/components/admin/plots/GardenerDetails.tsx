import type { ReactNode } from "react";
import { formatCalendarDate } from "~/lib/dates";
import { PhoneLinks } from "./PhoneLinks";

const linkClass = "text-brand-800 underline-offset-2";

/** A gardener's record read without its form (the treasurer's view): the same fields, « — » where empty. */
export function GardenerDetails({
  gardener,
}: {
  gardener: {
    familyName: string;
    givenNames: string;
    email: string;
    mobile: string;
    landline: string;
    address: string;
    startDate: string;
    notes: string;
  };
}) {
  const rows: [string, ReactNode][] = [
    ["Nom de famille", gardener.familyName],
    ["Prénom(s)", gardener.givenNames],
    [
      "Adresse e-mail",
      gardener.email && (
        <a href={`mailto:${gardener.email}`} className={`underline ${linkClass}`}>
          {gardener.email}
        </a>
      ),
    ],
    ["Téléphone portable", gardener.mobile && <PhoneLinks phones={[gardener.mobile]} className={linkClass} />],
    ["Téléphone fixe", gardener.landline && <PhoneLinks phones={[gardener.landline]} className={linkClass} />],
    ["Adresse", gardener.address],
    ["Arrivé au jardin le", formatCalendarDate(gardener.startDate)],
    ["Notes", gardener.notes && <span className="whitespace-pre-line">{gardener.notes}</span>],
  ];
  return (
    <dl className="grid gap-y-3 sm:grid-cols-[auto_1fr] sm:gap-x-6">
      {rows.map(([label, value]) => (
        <div key={label} className="sm:contents">
          <dt className="font-semibold text-stone-700">{label}</dt>
          <dd className="text-stone-900 [overflow-wrap:anywhere]">{value || "—"}</dd>
        </div>
      ))}
    </dl>
  );
}
