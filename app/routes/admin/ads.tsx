import { adminMeta } from "~/lib/seo";

export function meta() {
  return adminMeta("Validation des petites annonces");
}

export default function AdminAds() {
  return (
    <div>
      <h1 className="text-2xl font-bold text-stone-900">Validation des petites annonces</h1>
      <p className="mt-2 text-stone-600">Validez, modifiez ou supprimez les annonces déposées par les visiteurs.</p>
    </div>
  );
}
