import { Link, NavLink, useLocation } from "react-router";
import { NAV_LINKS } from "~/lib/navigation";
import { parseMediaUrl } from "~/modules/media/media.schema";
import { Image } from "./Image";
import { LeafIcon, LockIcon, MenuIcon } from "./icons";
import { SearchBox } from "./SearchBox";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `whitespace-nowrap rounded-md px-2.5 py-2 text-sm font-medium transition-colors ${
    isActive ? "bg-brand-100 text-brand-800" : "text-stone-700 hover:bg-brand-50 hover:text-brand-800"
  }`;

export function Header({
  headerIcon,
  headerIconAlt = "",
  name,
  tagline,
}: {
  headerIcon: string | null;
  /** The icon's description; "" (the default) when the site's name beside it says it all. */
  headerIconAlt?: string;
  name: string;
  tagline: string;
}) {
  const { pathname } = useLocation();
  // A stored icon is shown from /icon.webp, drawn at the header's size; its hash makes a new icon a new address.
  const stored = parseMediaUrl(headerIcon);
  const iconSrc = stored ? `/icon.webp?v=${stored.hash}` : headerIcon;
  return (
    <header className="sticky top-0 z-40 border-b border-stone-200 bg-white">
      <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-3">
        <Link to="/" className="flex min-w-0 shrink items-center gap-2.5">
          {iconSrc ? (
            <Image
              src={iconSrc}
              alt={headerIconAlt}
              width={40}
              height={40}
              priority
              className="size-10 shrink-0 rounded-full object-cover"
            />
          ) : (
            <LeafIcon className="size-10 shrink-0 text-brand-800" />
          )}
          <span className="min-w-0 leading-tight">
            <span className="block truncate text-lg font-bold text-brand-800">{name}</span>
            <span className="hidden text-xs text-stone-600 sm:block lg:hidden xl:block">{tagline}</span>
          </span>
        </Link>

        <nav aria-label="Navigation principale" className="ml-auto hidden lg:block">
          <ul className="flex items-center gap-0.5">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.to === "/"} className={linkClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto hidden w-40 shrink-0 md:block lg:ml-2 xl:w-44">
          <SearchBox id="header-search" />
        </div>
        <Link
          to="/login"
          className="ml-auto rounded-md p-2 text-stone-600 hover:bg-brand-50 hover:text-brand-800 md:ml-0"
          title="Espace administrateur"
        >
          <LockIcon className="size-5" />
          <span className="sr-only">Espace administrateur</span>
        </Link>

        {/* A <details> menu works without JavaScript; keying it by path closes it after each navigation. */}
        {/* Escape closes it (app/enhance/enhance.js). */}
        <details key={pathname} data-menu="" className="group lg:hidden">
          <summary className="flex cursor-pointer list-none items-center gap-1 rounded-md p-2 text-stone-700 hover:bg-brand-50 [&::-webkit-details-marker]:hidden">
            <MenuIcon className="size-6" />
            <span className="text-sm font-medium">Menu</span>
          </summary>
          <div className="absolute inset-x-0 top-full border-b border-stone-200 bg-white px-4 pb-4 pt-2 shadow-lg">
            <div className="mb-3 md:hidden">
              <SearchBox id="mobile-search" />
            </div>
            <nav aria-label="Navigation mobile">
              <ul className="grid gap-1">
                {NAV_LINKS.map((link) => (
                  <li key={link.to}>
                    <NavLink to={link.to} end={link.to === "/"} className={(s) => `block ${linkClass(s)} text-base`}>
                      {link.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          </div>
        </details>
      </div>
    </header>
  );
}
