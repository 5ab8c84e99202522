import type { ReactNode } from "react";

/** Where a window (DL) envelope shows the address: 45 mm from the top, 100 mm from the left, 90 × 35 mm. */
const WINDOW =
  "min-[800px]:absolute min-[800px]:top-[30mm] min-[800px]:left-[80mm] min-[800px]:mt-0 print:absolute print:top-[30mm] print:left-[80mm] print:mt-0";

/**
 * Letters on A4 paper, one page each (the fee call, a letter to gardeners, for those without an e-mail address): the
 * page's rules, then the letters. Nothing runs in the browser; « Imprimer » is the browser's own.
 */
export function PrintedLetters({ intro, children }: { intro?: ReactNode; children: ReactNode }) {
  return (
    // On screen, each page as a sheet on a grey table; on paper, nothing but the sheets.
    <main className="bg-stone-200 pb-6 text-black print:bg-white print:pb-0">
      <style>{"@page { size: A4; margin: 0 } @media print { .printed-letter { break-after: page } }"}</style>
      {intro}
      {children}
    </main>
  );
}

/**
 * One letter on an A4 page: the sender top left, the recipient where a DL window envelope shows it (on paper and on
 * a wide screen; under the sender on a phone), the date, the title, then the text. Without a postal address on the
 * record, the letter says it is handed over in person (at the permanence) instead of posted.
 */
export function PrintedLetter({
  label,
  sender,
  name,
  address,
  date,
  title,
  heading: Heading = "h1",
  children,
}: {
  /** The page's name for assistive technology: « Appel à Camille Roux ». */
  label: string;
  sender: string;
  name: string;
  address: string;
  /** « 3 mars 2026 ». */
  date: string;
  title: string;
  /** A page of letters with a title of its own makes each letter's an h2. */
  heading?: "h1" | "h2";
  children: ReactNode;
}) {
  return (
    <article
      aria-label={label}
      className="printed-letter relative mx-auto mb-6 w-[210mm] max-w-full bg-white px-5 pt-6 pb-10 shadow-md min-[800px]:min-h-[297mm] min-[800px]:px-[20mm] min-[800px]:pt-[15mm] min-[800px]:pb-[20mm] print:mx-0 print:mb-0 print:min-h-[297mm] print:px-[20mm] print:pt-[15mm] print:pb-[20mm] print:shadow-none"
    >
      {/* 70 mm high from 15 mm: the text starts under the envelope's window, at 85 mm. */}
      <header className="relative min-[800px]:h-[70mm] print:h-[70mm]">
        <p className="text-sm whitespace-pre-line">{sender}</p>
        <address className={`mt-6 min-h-[35mm] w-[90mm] max-w-full text-base whitespace-pre-line not-italic ${WINDOW}`}>
          {name}
          {"\n"}
          {address || "À remettre en main propre"}
        </address>
      </header>
      <p className="mt-6 text-right text-sm min-[800px]:mt-0 print:mt-0">Le {date}</p>
      <Heading className="mt-6 text-xl font-bold">{title}</Heading>
      {children}
    </article>
  );
}
