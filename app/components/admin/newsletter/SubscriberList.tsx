import { ConfirmDialog } from "~/components/ConfirmDialog";
import { SUBSCRIBER_STATUS_LABELS } from "~/modules/newsletter/newsletter.messages";

export interface SubscriberRow {
  id: number;
  email: string;
  status: keyof typeof SUBSCRIBER_STATUS_LABELS;
  bouncing: boolean;
  consent: string;
}

/** The newsletter's addresses, each with its status, its consent, and « Retirer » after a confirmation. */
export function SubscriberList({ subscribers, empty }: { subscribers: SubscriberRow[]; empty: string }) {
  if (subscribers.length === 0) return <p className="text-stone-600">{empty}</p>;
  return (
    <ul className="divide-y divide-stone-200">
      {subscribers.map((s) => (
        <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
          <div className="min-w-0">
            <p className="font-semibold text-stone-900 [overflow-wrap:anywhere]">{s.email}</p>
            <p className="text-sm text-stone-600">
              {s.bouncing ? "En échec : adresse refusée par son serveur" : SUBSCRIBER_STATUS_LABELS[s.status]} ·
              consentement du {s.consent}
            </p>
          </div>
          <ConfirmDialog
            trigger="Retirer"
            triggerName={`Retirer ${s.email}`}
            title="Retirer l'adresse"
            message={`Êtes-vous sûr de vouloir retirer ${s.email} de la liste ? Elle ne recevra plus la lettre.`}
            confirm="Retirer"
            fields={{ intent: "remove", id: String(s.id) }}
          />
        </li>
      ))}
    </ul>
  );
}
