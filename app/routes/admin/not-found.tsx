import { data, Link } from "react-router";
import { AdminPage } from "~/components/admin/AdminPage";
import { adminMeta } from "~/modules/seo/seo";

/**
 * /admin/* that names no screen: a 404 in the back-office, its menu around it, rather than the public site's home
 * (product §2's redirect is for visitors' addresses).
 */
export function loader() {
  return data(null, { status: 404 });
}

export function action() {
  return data(null, { status: 404 });
}

export function meta() {
  return adminMeta("Page introuvable");
}

export default function AdminNotFound() {
  return (
    <AdminPage title="Page introuvable">
      <p className="text-stone-700">
        Cette adresse ne correspond à aucune page de l'administration : elle a peut-être changé. Le menu mène à chaque
        page.
      </p>
      <p className="mt-4">
        <Link to="/admin" className="font-semibold text-brand-800 underline">
          Retour au tableau de bord
        </Link>
      </p>
    </AdminPage>
  );
}
