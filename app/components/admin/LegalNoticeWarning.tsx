import { Link } from "react-router";
import { frenchList } from "~/modules/content/legal-notice";

/** The dashboard's warning while the legal notice lacks what the law requires (LCEN, article 6-III). */
export function LegalNoticeWarning({ missing }: { missing: string[] }) {
  if (missing.length === 0) return null;
  return (
    <section aria-labelledby="legal-notice" className="rounded-xl bg-amber-50 p-5 ring-1 ring-amber-300">
      <h2 id="legal-notice" className="font-semibold text-amber-900">
        Mentions légales incomplètes
      </h2>
      <p className="mt-1 text-sm text-amber-900">
        Il manque encore {frenchList(missing)}, que la loi (LCEN, article 6-III) demande d'indiquer sur la page Mentions
        légales.{" "}
        <Link to="/admin/settings#settings-identity" className="font-semibold underline underline-offset-2">
          Compléter dans les Paramètres
        </Link>
      </p>
    </section>
  );
}
