import { adminMeta } from "~/lib/seo";

export function meta() {
  return adminMeta("Gestion des articles de blog");
}

export default function AdminBlog() {
  return (
    <div>
      <h1 className="text-2xl font-bold text-stone-900">Gestion des articles de blog</h1>
      <p className="mt-2 text-stone-600">Rédigez, modifiez et supprimez les articles du blog.</p>
    </div>
  );
}
