import type { Route } from "./+types/assembly-letters-print";
import { counted, de } from "~/lib/text";
import type { PageHandle } from "~/lib/page-handle";
import { Fragment } from "react";
import { PrintedLetter, PrintedLetters } from "~/components/admin/PrintedLetters";
import { ReplySheet } from "~/components/admin/assembly/ReplySheet";
import { printedConvocations } from "~/modules/assembly/assembly.admin.server";

/**
 * /admin/assemblees/:id/convocations: « Lettres à imprimer » of a convocation, one page per member without a usable
 * e-mail address, in the layout of the letters to gardeners (the address in a DL window envelope's place), the same
 * text as the e-mail and the personal link written out. Outside the back-office's layout, behind the /admin guard.
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
  const { parts, letters, sender, date } = loaderData;
  // « 1. Rapport moral (résolution soumise au vote) » → the item, numbered by the list.
  const agenda = parts.agendaText
    .split("\n")
    .slice(1)
    .map((line) => line.replace(/^\d+\.\s*/, ""));
  return (
    <PrintedLetters
      intro={
        <header className="mx-auto max-w-[210mm] px-4 py-6 print:hidden">
          <h1 className="text-2xl font-bold">
            {loaderData.preview ? "Aperçu des lettres à imprimer" : "Lettres à imprimer"}
          </h1>
          <p className="mt-1 text-lg">{parts.subject}</p>
          {loaderData.preview ? (
            <p className="mt-2 rounded-lg bg-amber-50 p-3 ring-1 ring-amber-200">
              La convocation n'est pas encore partie : voici les lettres qu'elle donnera. Le lien personnel de chaque
              membre sera créé à l'envoi ; imprimez-les ensuite.
            </p>
          ) : null}
          <p className="mt-2">
            {letters.length === 0
              ? "Aucune convocation à imprimer : chaque membre a une adresse e-mail."
              : `${counted(letters.length, "convocation", "convocations")}, de deux pages chacune (la lettre, puis le coupon-réponse et le pouvoir) : imprimez cette page, pliez les deux feuilles de chaque membre en trois et glissez-les dans une enveloppe à fenêtre (DL).`}
          </p>
          <p className="mt-2">
            <a href={`/admin/assemblees/${loaderData.id}`} className="font-semibold text-brand-800 underline">
              Retour à l'assemblée
            </a>
          </p>
        </header>
      }
    >
      {letters.map((l) => (
        <Fragment key={l.id}>
          <PrintedLetter
            label={`Convocation ${de(l.name)}`}
            sender={sender}
            name={l.name}
            address={l.address.replace(/,\s*(?=\d{5}\b)/, "\n")}
            date={date}
            title={parts.subject}
            heading="h2"
          >
            {/* 10.5 pt, and a long agenda in two columns: the letter and its footer hold on one A4 page. */}
            <div className="mt-4 space-y-2 text-[10.5pt] leading-snug">
              <p>Bonjour {l.name},</p>
              <p className="whitespace-pre-line">{l.lead}</p>
              {agenda.length > 0 ? (
                <div>
                  <p>Ordre du jour :</p>
                  <ol
                    className={`list-inside list-decimal ${agenda.length > 10 ? "columns-2 gap-6 text-[9.5pt]" : ""}`}
                  >
                    {agenda.map((item, i) => (
                      <li key={i}>{item}</li>
                    ))}
                  </ol>
                </div>
              ) : null}
              {parts.documentsText ? (
                <p>{parts.documentsText.replace("sur votre page", "à l'adresse ci-dessous")}</p>
              ) : null}
              <p>
                Merci de nous dire si vous serez {l.present}, si vous donnez pouvoir à un autre membre ou si vous ne
                pourrez pas venir, à cette adresse (les documents de l'assemblée y sont aussi), ou auprès du bureau :
              </p>
              <p className="font-mono text-sm break-all">{l.link ?? "(lien personnel créé à l'envoi)"}</p>
              <p>
                Vous pouvez aussi nous renvoyer le coupon-réponse de la feuille jointe et, si vous donnez pouvoir, le
                pouvoir signé. Votre réponse peut changer jusqu'au début de l'assemblée.
              </p>
            </div>
            <p className="mt-4 border-t border-stone-300 pt-2 text-[9pt]">{parts.why}</p>
          </PrintedLetter>
          <ReplySheet
            name={l.name}
            present={l.present}
            holder={l.holder}
            association={loaderData.association}
            kind={loaderData.kind}
            when={loaderData.when}
            returnBy={loaderData.returnBy}
            sender={sender}
            maxProxies={loaderData.maxProxies}
          />
        </Fragment>
      ))}
    </PrintedLetters>
  );
}
