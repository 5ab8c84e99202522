import { Link } from "react-router";
import { ConfirmDialog } from "~/components/ConfirmDialog";
import { Image } from "~/components/Image";
import { quietButtonClass } from "~/components/form/styles";

/** A link beside « Modifier » (« Envoyer aux abonnés », « Inscriptions »), named with the item for screen readers. */
export interface ItemLink {
  href: string;
  label: string;
  name: string;
}

export interface PublishedItem {
  id: number;
  title: string;
  image: string | null;
  /** A line under the title: the date, the place. */
  details: string;
  /** The item's public page. */
  href: string;
}

/**
 * The articles or events already published, with 'Modifier' (the form above, filled with the item: an address of
 * its own, so it works without JavaScript) and 'Supprimer' after a confirmation.
 */
export function PublishedList({
  items,
  empty,
  editPath,
  links,
  noun,
}: {
  items: PublishedItem[];
  empty: string;
  editPath: (id: number) => string;
  links?: (item: PublishedItem) => ItemLink[];
  /** "l'article", "l'événement": in the confirmation. */
  noun: string;
}) {
  if (items.length === 0) return <p className="text-stone-700">{empty}</p>;
  return (
    <ul className="divide-y divide-stone-200">
      {items.map((item) => (
        <li key={item.id} className="flex flex-wrap items-center gap-4 py-4">
          <div className="size-16 shrink-0 overflow-hidden rounded-lg bg-stone-100">
            <Image src={item.image} alt="" sizes="64px" className="size-16 object-cover" />
          </div>
          <div className="min-w-0 flex-1">
            <p className="font-semibold text-stone-900 [overflow-wrap:anywhere]">
              <Link to={item.href} className="hover:underline">
                {item.title}
              </Link>
            </p>
            <p className="text-sm text-stone-600">{item.details}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            {links?.(item).map((link) => (
              <Link key={link.href} to={link.href} className={quietButtonClass} aria-label={link.name}>
                {link.label}
              </Link>
            ))}
            <Link to={editPath(item.id)} className={quietButtonClass} aria-label={`Modifier « ${item.title} »`}>
              Modifier
            </Link>
            <ConfirmDialog
              trigger="Supprimer"
              triggerName={`Supprimer « ${item.title} »`}
              title={`Supprimer ${noun}`}
              message={`Êtes-vous sûr de vouloir supprimer ${noun} « ${item.title} » ?`}
              confirm="Supprimer"
              fields={{ intent: "delete", id: String(item.id) }}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
