import type { Route } from "./+types/letter-print";
import type { PageHandle } from "~/lib/page-handle";
import { counted } from "~/lib/text";
import { PrintedLetter, PrintedLetters } from "~/components/admin/PrintedLetters";
import { RichText } from "~/components/RichText";
import { letterPrintScreen } from "~/modules/newsletter/letters.admin.server";

/**
 * /admin/lettre/:id/imprimer: a letter to gardeners on paper for those without an e-mail address (and those whose
 * address refused it), one page each, the address where a window envelope shows it. Outside the back-office's
 * layout, behind the /admin guard; no script.
 */
export const handle: PageHandle = { scripts: false };

export async function loader({ params }: Route.LoaderArgs) {
  return letterPrintScreen(params.id);
}

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `Lettres à imprimer : ${loaderData?.letter.subject ?? ""}` },
    { name: "robots", content: "noindex" },
  ];
}

const linkClass = "font-semibold text-brand-800 underline underline-offset-2";

export default function PrintLetters({ loaderData }: Route.ComponentProps) {
  const { letter, recipients, sender, date, html } = loaderData;
  const bounced = recipients.filter((r) => r.bounced).length;
  return (
    <PrintedLetters
      intro={
        // On screen only: what the pages are, and the way back.
        <header className="mx-auto mb-6 max-w-[210mm] bg-white px-4 py-6 print:hidden">
          <h1 className="text-2xl font-bold">Lettres à imprimer</h1>
          <p className="mt-1 text-lg [overflow-wrap:anywhere]">{letter.subject}</p>
          <p className="mt-2">
            {recipients.length === 0
              ? "Aucune lettre à imprimer : chaque jardinier à qui elle s'adresse a une adresse e-mail."
              : `${counted(recipients.length, "lettre", "lettres")}, une page chacune${bounced ? `, dont ${bounced} pour une adresse e-mail refusée` : ""} : imprimez cette page, pliez chaque feuille en trois et glissez-la dans une enveloppe à fenêtre (DL).`}
          </p>
          {letter.draft ? (
            <p className="mt-2 text-stone-700">
              Brouillon : la liste est celle d'aujourd'hui. Elle sera arrêtée quand la lettre partira.
            </p>
          ) : null}
          <p className="mt-3">
            <a href={`/admin/lettre/${letter.id}`} className={linkClass}>
              Retour à la lettre
            </a>
          </p>
        </header>
      }
    >
      {recipients.map((r) => (
        <PrintedLetter
          key={`${r.id}-${r.bounced}`}
          label={`Lettre à ${r.name}`}
          sender={sender}
          name={r.name}
          address={r.address}
          date={date}
          title={letter.subject}
          heading="h2"
        >
          {/* The e-mail's body: sanitised when saved, links made absolute (letterBody). */}
          <RichText html={html} className="mt-4 text-base" />
          <p className="mt-8 border-t border-stone-300 pt-3 text-sm">{r.note}</p>
        </PrintedLetter>
      ))}
    </PrintedLetters>
  );
}
