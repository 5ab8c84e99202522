import type { Route } from "./+types/assembly-letters";
import type { PageHandle } from "~/lib/page-handle";
import { printedConvocations } from "~/modules/assembly/assembly.admin.server";

/**
 * /admin/assemblees/:id/convocations: « Lettres à imprimer », one page per member without an e-mail address, the
 * same text as the e-mail, the name and address where a DL window envelope shows them (right, 45 mm from the top),
 * and the personal link written out to type.
 */
export const handle: PageHandle = { scripts: false };

export async function loader({ params }: Route.LoaderArgs) {
  return printedConvocations(params.id);
}

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

export function meta() {
  return [{ title: "Convocations à imprimer" }, { name: "robots", content: "noindex" }];
}

export default function AssemblyLetters({ loaderData }: Route.ComponentProps) {
  const { parts, letters, association } = loaderData;
  return (
    <main className="mx-auto max-w-[210mm] bg-white text-black">
      <p className="p-6 print:hidden">
        {letters.length === 0
          ? "Aucune convocation à imprimer : chaque membre a une adresse e-mail."
          : `${letters.length} convocation(s) à imprimer, une page chacune.`}{" "}
        <a href={`/admin/assemblees/${loaderData.id}`} className="font-semibold underline">
          Retour à l'assemblée
        </a>
      </p>
      {letters.map((l) => (
        <article
          key={l.id}
          className="relative min-h-[297mm] break-after-page px-[20mm] pt-[20mm] text-[11pt] leading-snug"
        >
          <p className="font-semibold">{association}</p>
          {/* A DL window: 100 × 45 mm, 20 mm from the right, 45 mm from the top. */}
          <address className="absolute top-[50mm] right-[20mm] h-[35mm] w-[90mm] not-italic">
            <span className="block font-semibold">{l.name}</span>
            <span className="block whitespace-pre-line">
              {l.address.replace(/,\s*(?=\d{5}\b)/, "\n") || "À remettre en main propre"}
            </span>
          </address>
          <div className="pt-[75mm]">
            <h1 className="text-lg font-bold">{parts.subject}</h1>
            <p className="mt-3">Bonjour {l.name},</p>
            <p className="mt-3 whitespace-pre-line">{parts.lead}</p>
            {parts.agendaText ? <p className="mt-3 whitespace-pre-line">{parts.agendaText}</p> : null}
            <p className="mt-3">{parts.answer}</p>
            <p className="mt-2 font-mono text-[10pt] break-all">{l.link ?? ""}</p>
            <p className="mt-3">
              Vous pouvez aussi répondre au bureau par écrit ou de vive voix, ou remettre ce courrier signé à un autre
              membre pour lui donner pouvoir.
            </p>
            <p className="mt-6 text-[9pt]">{parts.why}</p>
          </div>
        </article>
      ))}
    </main>
  );
}
