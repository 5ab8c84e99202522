import { Form, Link } from "react-router";
import { de } from "~/lib/text";
import { buttonClass, quietButtonClass } from "~/components/form/styles";
import type { PublicAd } from "~/components/ads/AdList";
import { AdTypeBadge } from "~/components/cards";
import { ConfirmDialog } from "~/components/ConfirmDialog";
import { Image } from "~/components/Image";
import { AD_TYPE_LABELS } from "~/lib/constants";
import { formatDate, formatDateTime } from "~/lib/dates";
import type { AdEditValues } from "~/modules/ads/ads.admin.server";
import { AdEditForm } from "./AdEditForm";
import { RefuseAd } from "./RefuseAd";

/**
 * An ad as the moderation screen shows it: the public one, with its two photo places and its status; a validated one
 * with the day it leaves the site (`publicUntil`), `expired` once that day has passed.
 */
export type ModeratedAd = Omit<PublicAd, "photos"> & {
  photo1: string | null;
  photo2: string | null;
  statut: string;
  publicUntil: string | Date | null;
  expired: boolean;
};

/** The three states an administrator tells apart: by their words first, the colour only repeats them. */
function statusOf(ad: ModeratedAd) {
  if (ad.statut === "en_attente")
    return { label: "En attente", border: "border-amber-500", badge: "bg-amber-100 text-amber-900" };
  if (ad.expired) {
    const label = ad.publicUntil
      ? `Expirée — retirée du site le ${formatDate(ad.publicUntil)}`
      : "Expirée — retirée du site";
    return { label, border: "border-stone-400", badge: "bg-stone-200 text-stone-900" };
  }
  return { label: "Validée", border: "border-green-600", badge: "bg-green-100 text-green-900" };
}

export interface AdEditing {
  values?: AdEditValues;
  error?: { message: string; field?: string };
}

function Photos({ ad, editing }: { ad: ModeratedAd; editing: boolean }) {
  const photos = (["photo1", "photo2"] as const).filter((key) => ad[key]);
  if (photos.length === 0) return <p className="mt-3 text-sm text-stone-600">Aucune photo.</p>;
  return (
    <ul className="mt-3 grid grid-cols-2 gap-3 sm:max-w-md">
      {photos.map((key, i) => (
        <li key={key} className="space-y-2">
          <Image
            src={ad[key]}
            alt={`Photo ${i + 1} de l'annonce ${de(ad.nom)}`}
            sizes="200px"
            className="aspect-[4/3] w-full rounded-lg object-cover"
          />
          {editing && (
            <ConfirmDialog
              trigger="Supprimer l’image"
              triggerName={`Supprimer l’image ${i + 1} de l'annonce ${de(ad.nom)}`}
              title="Supprimer l’image"
              message="Êtes-vous sûr de vouloir supprimer cette image ?"
              confirm="Supprimer"
              fields={{ intent: "deletePhoto", id: String(ad.id), photo: key }}
              triggerClassName={`${quietButtonClass} w-full text-sm`}
            />
          )}
        </li>
      ))}
    </ul>
  );
}

/** One ad of the moderation list; `editing` turns it into the inline form (name, e-mail, phone, type, content). */
export function AdModerationCard({ ad, editing }: { ad: ModeratedAd; editing: AdEditing | null }) {
  const pending = ad.statut === "en_attente";
  const status = statusOf(ad);
  const headingId = `annonce-${ad.id}-titre`;
  return (
    <article
      id={`annonce-${ad.id}`}
      aria-labelledby={headingId}
      className={`scroll-mt-4 rounded-xl border-l-4 bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-5 ${status.border}`}
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <AdTypeBadge type={ad.type} />
          <span className={`rounded-2xl px-3 py-1 text-xs font-bold ${status.badge}`}>{status.label}</span>
          {!pending && !ad.expired && ad.publicUntil && (
            <span className="text-sm text-stone-600">en ligne jusqu'au {formatDate(ad.publicUntil)}</span>
          )}
        </div>
        <span className="text-sm text-stone-600">Reçue le {formatDateTime(ad.createdAt)}</span>
      </header>
      <h2 id={headingId} className="mt-2 text-lg font-bold text-stone-900 [overflow-wrap:anywhere]">
        {ad.nom}
      </h2>
      {editing ? (
        <AdEditForm ad={ad} editing={editing} />
      ) : (
        <>
          <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[8rem_1fr]">
            <dt className="font-semibold text-stone-700">E-mail</dt>
            <dd className="[overflow-wrap:anywhere]">{ad.email || "—"}</dd>
            <dt className="font-semibold text-stone-700">Téléphone</dt>
            <dd>{ad.telephone}</dd>
            <dt className="font-semibold text-stone-700">Type</dt>
            <dd>{AD_TYPE_LABELS[ad.type] ?? ad.type}</dd>
          </dl>
          <p className="mt-2 whitespace-pre-line text-stone-900 [overflow-wrap:anywhere]">
            {ad.contenu || "Annonce sans description."}
          </p>
        </>
      )}
      <Photos ad={ad} editing={editing !== null} />
      <div className="mt-4 flex flex-wrap gap-2 border-t border-stone-200 pt-4">
        {pending && !editing && (
          <IntentButton intent="validate" id={ad.id} label={`Valider l'annonce ${de(ad.nom)}`}>
            Valider
          </IntentButton>
        )}
        {ad.expired && !editing && (
          <IntentButton intent="republish" id={ad.id} label={`Republier l'annonce ${de(ad.nom)}`}>
            Republier
          </IntentButton>
        )}
        {!editing && (
          <Link
            to={`?modifier=${ad.id}#annonce-${ad.id}`}
            className={quietButtonClass}
            aria-label={`Modifier l'annonce ${de(ad.nom)}`}
          >
            Modifier
          </Link>
        )}
        <ConfirmDialog
          trigger="Supprimer"
          triggerName={`Supprimer l'annonce ${de(ad.nom)}`}
          title="Supprimer l'annonce"
          message="Êtes-vous sûr de vouloir supprimer cette annonce ?"
          confirm="Supprimer"
          fields={{ intent: "delete", id: String(ad.id) }}
        />
        {pending && <RefuseAd id={ad.id} name={ad.nom} />}
      </div>
    </article>
  );
}

/** One action on one ad: a form of its own, so that it works without JavaScript. */
function IntentButton({
  intent,
  id,
  label,
  children,
}: {
  intent: string;
  id: number;
  label: string;
  children: string;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" className={buttonClass} aria-label={label}>
        {children}
      </button>
    </Form>
  );
}
