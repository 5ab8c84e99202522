import { adminMeta } from "~/lib/seo";

export function meta() {
  return adminMeta("Demandes de jardin");
}

export default function AdminApplications() {
  return (
    <div>
      <h1 className="text-2xl font-bold text-stone-900">Demandes de jardin</h1>
      <p className="mt-2 text-stone-600">Consultez et traitez les demandes de parcelle.</p>
    </div>
  );
}
