import { adminMeta } from "~/lib/seo";

export function meta() {
  return adminMeta("Gestion des événements");
}

export default function AdminEvents() {
  return (
    <div>
      <h1 className="text-2xl font-bold text-stone-900">Gestion des événements</h1>
      <p className="mt-2 text-stone-600">Créez et mettez à jour les événements de l'association.</p>
    </div>
  );
}
