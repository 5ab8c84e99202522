import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useMatches } from "react-router";
import enhanceScript from "./enhance/enhance.js?url";
import type { PageHandle } from "./lib/page-handle";
import type { Route } from "./+types/root";
import { nonceContext } from "./request/context";
import { checkRequestBody, createNonce, isHttps, isSharedPage, securityHeaders } from "./server/security.server";
import { startServices } from "./startup/services.server";
import { useNonce } from "./request/nonce";

export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    // Already started by server.ts in production; this starts them under the development server.
    await startServices();
    const refused = checkRequestBody(request);
    const nonce = createNonce();
    context.set(nonceContext, nonce);
    let response = refused ?? (await next());
    const headers = securityHeaders(nonce, isHttps(request), undefined, isSharedPage(response));
    // A page with a secret in its address (the applicant's own page) sets a stricter policy: its own wins.
    if (response.headers.has("Referrer-Policy")) delete headers["Referrer-Policy"];
    // So does a file that must not run under the site's policy (a member's document, downloaded and sandboxed).
    if (response.headers.has("Content-Security-Policy")) delete headers["Content-Security-Policy"];
    try {
      for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    } catch {
      // Some responses (e.g. Response.redirect) have immutable headers: copy them.
      response = new Response(response.body, response);
      for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    }
    return response;
  },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // Content pages say they need no React in the browser (docs/decisions/016): no framework script, no inline one.
  const hydrated = (useMatches().at(-1)?.handle as PageHandle | undefined)?.scripts !== false;
  return (
    <html lang="fr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#264f21" />
        {/* Drawn from the header icon the association chose (app/routes/resources/favicon.ts). */}
        <link rel="icon" href="/favicon.png" type="image/png" sizes="32x32" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-stone-50 font-sans text-stone-900 antialiased">
        {children}
        <script type="module" src={enhanceScript} nonce={nonce} />
        {hydrated ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // A refused request (4xx) carries its own French message: show it rather than a generic one.
  const refusal =
    isRouteErrorResponse(error) && !notFound && error.status < 500 && typeof error.data === "string"
      ? error.data
      : null;
  const title = notFound ? "Page introuvable" : refusal ? "Requête refusée" : "Une erreur est survenue";
  const text = notFound
    ? "La page demandée n'existe pas ou a été déplacée."
    : (refusal ?? "Nous n'avons pas pu afficher cette page. Merci de réessayer dans quelques instants.");
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <title>{`${title} — Potager`}</title>
      <h1 className="text-2xl font-bold text-brand-800">{title}</h1>
      <p className="mt-4 text-stone-700">{text}</p>
      <a
        href="/"
        className="mt-8 inline-block rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
      >
        Retour à l'accueil
      </a>
    </main>
  );
}
