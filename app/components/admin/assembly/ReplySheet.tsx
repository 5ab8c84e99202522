import { proxiesText } from "~/modules/assembly/assembly.schema";

const LINE = "……………………………………………";

/** A box to tick with a pen. */
function Box({ children }: { children: string }) {
  return (
    <li className="flex items-center gap-3">
      <span aria-hidden="true" className="inline-block size-[5mm] shrink-0 border-2 border-black" />
      {children}
    </li>
  );
}

/**
 * The second sheet of a printed convocation (decision 030): a reply slip and, under a line to cut, the proxy form to
 * sign « Bon pour pouvoir », the holder's name printed when the member chose one, left blank otherwise. One A4 page.
 */
export function ReplySheet({
  name,
  present,
  holder,
  association,
  kind,
  when,
  returnBy,
  sender,
  maxProxies,
}: {
  name: string;
  /** « présente », « présent », « présent(e) »: as the member's record says. */
  present: string;
  holder: string;
  association: string;
  /** « Assemblée générale ordinaire ». */
  kind: string;
  /** « du 10 décembre 2026, de 18h00 à 20h00 (Maison des jardins, Villeurbanne) ». */
  when: string;
  returnBy: string;
  sender: string;
  maxProxies: number;
}) {
  const lowered = `${kind.charAt(0).toLowerCase()}${kind.slice(1)}`;
  return (
    <article
      aria-label={`Coupon-réponse et pouvoir de ${name}`}
      className="printed-letter mx-auto mb-6 w-[210mm] max-w-full bg-white px-5 py-6 text-[11pt] shadow-md min-[800px]:min-h-[297mm] min-[800px]:px-[20mm] min-[800px]:py-[15mm] print:mx-0 print:mb-0 print:min-h-[297mm] print:px-[20mm] print:py-[15mm] print:shadow-none"
    >
      <p className="text-sm">
        {association} · {kind} {when.replace(/,.*|\s\(.*/, "")} · {returnBy}
      </p>
      <section aria-label="Coupon-réponse" className="mt-4">
        <h3 className="text-lg font-bold">Coupon-réponse</h3>
        <p className="mt-2">
          Nom : <strong>{name}</strong>
        </p>
        <ul className="mt-3 space-y-2">
          <Box>{`Je serai ${present}`}</Box>
          <Box>Je donne pouvoir à un autre membre (remplissez et signez le pouvoir ci-dessous)</Box>
          <Box>Je ne pourrai pas venir</Box>
        </ul>
        <p className="mt-4">Date et signature : {LINE}</p>
      </section>
      <p aria-hidden="true" className="mt-6 border-t-2 border-dashed border-black pt-1 text-center text-xs">
        ✂ découpez ici
      </p>
      <section aria-label="Pouvoir" className="mt-4">
        <h3 className="text-lg font-bold">Pouvoir</h3>
        <p className="mt-2 leading-relaxed">
          Je soussigné(e) <strong>{name}</strong>, membre de {association}, donne pouvoir à{" "}
          {holder ? <strong>{holder}</strong> : LINE}, membre de l'association, pour me représenter à l'{lowered} {when}
          , prendre part aux délibérations et voter en mon nom sur les résolutions inscrites à l'ordre du jour.
        </p>
        <p className="mt-2 text-sm">Selon les statuts, un membre ne peut détenir plus de {proxiesText(maxProxies)}.</p>
        <p className="mt-4">
          Fait à {LINE}, le {LINE}
        </p>
        <p className="mt-3">Signature, précédée de la mention manuscrite « Bon pour pouvoir » :</p>
        <div className="mt-2 h-[35mm] border border-black" />
      </section>
      <p className="mt-6 border-t border-stone-300 pt-3 text-sm whitespace-pre-line">
        À retourner au bureau, {returnBy.replace(/^à retourner au bureau\s*/, "")} :{"\n"}
        {sender}
      </p>
    </article>
  );
}
