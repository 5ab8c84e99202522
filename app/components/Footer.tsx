import type { ReactNode } from "react";
import { Link } from "react-router";
import { NAV_LINKS } from "~/lib/navigation";

export type FooterContent = {
  texteFooter: string;
  adresse: string | null;
  telephone: string | null;
  email: string | null;
  horaires: string;
};

export function Footer({
  name,
  content,
  weather,
  newsletter,
  year,
}: {
  name: string;
  content: FooterContent;
  weather: ReactNode;
  /** « Recevoir les nouvelles du jardin », above the footer's columns. */
  newsletter?: ReactNode;
  year: number;
}) {
  return (
    <footer className="mt-16 bg-green-900 text-green-50">
      {newsletter ? <div className="mx-auto max-w-6xl px-4 pt-12 [&>*]:max-w-xl">{newsletter}</div> : null}
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 md:grid-cols-2 lg:grid-cols-4">
        {/* The widget is a section with its own heading. */}
        <div>{weather}</div>

        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="mb-3 text-base font-semibold text-white">
            {name}
          </h2>
          <p className="whitespace-pre-line text-sm leading-relaxed text-green-100">{content.texteFooter}</p>
        </section>

        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="mb-3 text-base font-semibold text-white">
            Nous trouver
          </h2>
          <address className="space-y-2 text-sm not-italic text-green-100 [overflow-wrap:anywhere]">
            {content.adresse && <p className="whitespace-pre-line">{content.adresse}</p>}
            {content.telephone && (
              <p>
                <a
                  className="underline-offset-2 hover:underline"
                  href={`tel:${content.telephone.replace(/[^\d+]/g, "")}`}
                >
                  {content.telephone}
                </a>
              </p>
            )}
            {content.email && (
              <p>
                <a className="underline-offset-2 hover:underline" href={`mailto:${content.email}`}>
                  {content.email}
                </a>
              </p>
            )}
            <p>{content.horaires}</p>
          </address>
        </section>

        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="mb-3 text-base font-semibold text-white">
            Liens rapides
          </h2>
          <ul className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm text-green-100 lg:grid-cols-1">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <Link className="underline-offset-2 hover:text-white hover:underline" to={link.to}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-green-800">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-5 text-sm text-green-200 sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {year} {name} — association de jardiniers bénévoles
          </p>
          <p className="flex flex-wrap gap-x-6 gap-y-2">
            <Link to="/mon-jardin" className="underline underline-offset-2 hover:text-white">
              Mon jardin
            </Link>
            <Link to="/mentions-legales" className="underline underline-offset-2 hover:text-white">
              Mentions légales
            </Link>
          </p>
        </div>
      </div>
    </footer>
  );
}
