import { useEffect, useRef } from "react";
import { Outlet, useLocation } from "react-router";
import { siteContentContext } from "~/request/context";
import type { Route } from "./+types/layout";
import { Footer } from "~/components/Footer";
import { Header } from "~/components/Header";
import { NewsletterForm } from "~/components/NewsletterForm";
import { consentWording } from "~/modules/newsletter/newsletter.messages";
import { WeatherWidget } from "~/components/WeatherWidget";
import { altOf } from "~/lib/image-alt";
import { getSiteContent } from "~/modules/content/content.server";
import { siteInfo } from "~/modules/content/site-info.server";
import { getWeatherForPage } from "~/modules/weather/weather.server";
import { parisYear } from "~/lib/paris-time";

export const middleware: Route.MiddlewareFunction[] = [
  ({ context }, next) => {
    const content = getSiteContent();
    // Loaders that do not await it must not leave an unhandled rejection behind.
    content.catch(() => {});
    context.set(siteContentContext, content);
    return next();
  },
];

export async function loader({ context }: Route.LoaderArgs) {
  const [content, { weather, weatherUnavailable }] = await Promise.all([
    context.get(siteContentContext),
    getWeatherForPage(),
  ]);
  return {
    site: siteInfo(content),
    headerIcon: content.headerIcon,
    headerIconAlt: altOf(content.imageAlts, content.headerIcon) ?? "",
    footer: {
      texteFooter: content.texteFooter,
      adresse: content.adresse,
      telephone: content.telephone,
      email: content.email,
      horaires: content.horaires,
    },
    weather,
    weatherUnavailable,
    newsletterConsent: consentWording(siteInfo(content).name),
    year: parisYear(),
  };
}

// Public pages are the same for everyone and set no cookie: a CDN may keep them a minute.
export function headers() {
  return { "Cache-Control": "public, max-age=0, s-maxage=60, stale-while-revalidate=600" };
}

/** After a navigation in the browser, the new page's main heading gets the focus, as a page load would start there. */
function useFocusHeadingOnNavigation() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const heading = document.querySelector<HTMLElement>("#contenu h1");
    if (!heading) return;
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  }, [pathname]);
}

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  useFocusHeadingOnNavigation();
  const { site } = loaderData;
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#contenu"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        Aller au contenu
      </a>
      <Header
        headerIcon={loaderData.headerIcon}
        headerIconAlt={loaderData.headerIconAlt}
        name={site.name}
        tagline={site.tagline}
      />
      <main id="contenu" className="flex-1 pt-6 outline-none">
        <Outlet />
      </main>
      <Footer
        year={loaderData.year}
        name={site.name}
        content={loaderData.footer}
        weather={<WeatherWidget initial={loaderData.weather} unavailable={loaderData.weatherUnavailable} />}
        newsletter={<NewsletterForm source="pied-de-page" consent={loaderData.newsletterConsent} />}
      />
    </div>
  );
}
