import type { letterScreen } from "~/modules/newsletter/letters.admin.server";

type Screen = Awaited<ReturnType<typeof letterScreen>>;

/** A letter that went: where its sending stands (sent / total, expected end) and what became of each message. */
export function LetterProgress({ screen }: { screen: Screen }) {
  const { letter, progress } = screen;
  const counts = letter.counts!;
  const figures = [
    ["Envoyés", counts.sent],
    ["En attente", progress?.waiting ?? 0],
    ["Refusés par le destinataire", counts.bounced],
    ["Échecs après plusieurs essais", counts.failed],
    ["Non envoyés (désabonnés ou désinscrits entre-temps)", counts.skipped],
    ["Interrompus par un arrêt du serveur", counts.interrupted],
  ] as const;
  return (
    <section aria-labelledby="progression" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6">
      <h2 id="progression" className="text-lg font-bold text-stone-900">
        {letter.status === "envoi" ? "Envoi en cours" : "Lettre envoyée"}
      </h2>
      <p className="mt-1 text-stone-800">
        {counts.sent} sur {counts.total} envoyés{" "}
        {letter.audience === "inscrits" ? "aux inscrits de l'événement" : "aux abonnés"}.
        {letter.queuedAt ? ` Lettre partie le ${letter.queuedAt}` : ""}
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
