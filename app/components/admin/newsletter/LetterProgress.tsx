import { counted } from "~/lib/text";
import type { letterScreen } from "~/modules/newsletter/letters.admin.server";

type Screen = Awaited<ReturnType<typeof letterScreen>>;

/**
 * A letter to gardeners that went: whom it reached when it was queued (« N jardiniers, dont M sans adresse e-mail »,
 * those who had opted out), and its printed letters for those without an address or whose address refused it.
 */
function GardenerFigures({
  part,
  letterId,
  bounced,
}: {
  part: NonNullable<Screen["toGardeners"]>;
  letterId: number;
  bounced: number;
}) {
  const f = part.figures;
  return (
    <div className="mt-3 rounded-lg bg-stone-50 p-3 ring-1 ring-stone-200">
      <p className="font-semibold text-stone-900">
        {counted(f.gardeners, "jardinier", "jardiniers")}, dont {f.withoutEmail} sans adresse e-mail
      </p>
      <p className="mt-1 text-sm text-stone-700">
        {part.nature === "service" ? "Message de service (sans désabonnement)" : "Lettre d'information"}
        {f.optedOut ? ` ; ${counted(f.optedOut, "désabonné", "désabonnés")} des lettres d'information` : ""}.
      </p>
      {f.paper > 0 ? (
        <p className="mt-2">
          <a
            href={`/admin/lettre/${letterId}/imprimer`}
            className="font-semibold text-brand-800 underline underline-offset-2"
          >
            Lettres à imprimer ({f.paper})
          </a>
          {bounced ? <span className="text-sm text-stone-600"> — dont celles des adresses e-mail refusées</span> : null}
        </p>
      ) : null}
    </div>
  );
}

/** A letter that went: where its sending stands (sent / total, expected end) and what became of each message. */
export function LetterProgress({ screen }: { screen: Screen }) {
  const { letter, progress, toGardeners } = screen;
  const counts = letter.counts!;
  const figures = [
    ["Envoyés", counts.sent],
    ["En attente", progress?.waiting ?? 0],
    ["Refusés par le destinataire", counts.bounced],
    ["Échecs après plusieurs essais", counts.failed],
    [
      toGardeners
        ? "Non envoyés (désabonnés ou fiche effacée entre-temps)"
        : "Non envoyés (désabonnés ou désinscrits entre-temps)",
      counts.skipped,
    ],
    ["Interrompus par un arrêt du serveur", counts.interrupted],
  ] as const;
  const to = toGardeners
    ? toGardeners.label
    : letter.audience === "inscrits"
      ? "aux inscrits de l'événement"
      : "aux abonnés";
  return (
    <section aria-labelledby="progression" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6">
      <h2 id="progression" className="text-lg font-bold text-stone-900">
        {letter.status === "envoi" ? "Envoi en cours" : "Lettre envoyée"}
      </h2>
      <p className="mt-1 text-stone-800">
        {counts.sent} sur {counts.total} envoyés {to}.{letter.queuedAt ? ` Lettre partie le ${letter.queuedAt}` : ""}
        {letter.finishedAt ? `, envoi terminé le ${letter.finishedAt}` : ""}
        {letter.queuedAt ? "." : ""}
      </p>
      {letter.status === "envoi" ? (
        <>
          <progress
            max={counts.total}
            value={progress?.done ?? 0}
            aria-label="Progression de l'envoi"
            className="mt-3 h-3 w-full accent-brand-700"
          />
          <p className="mt-2 text-sm text-stone-600">
            {progress?.expectedEnd ? `Fin prévue vers ${progress.expectedEnd}. ` : ""}
            <a
              href={`/admin/lettre/${letter.id}`}
              className="font-semibold text-brand-800 underline underline-offset-2"
            >
              Actualiser
            </a>
          </p>
        </>
      ) : null}
      {toGardeners ? <GardenerFigures part={toGardeners} letterId={letter.id!} bounced={counts.bounced} /> : null}
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-lg bg-stone-50 p-3 ring-1 ring-stone-200">
            <dt className="text-sm text-stone-600">{label}</dt>
            <dd className="text-xl font-bold text-brand-800">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
