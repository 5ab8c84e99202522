import { data, Form, Link } from "react-router";
import type { Route } from "./+types/email-confirm";
import { buttonClass } from "~/components/form/styles";
import { gardenerCookie } from "~/modules/garden-space/gardener-session.server";
import { confirmEmailChange, emailChangePage } from "~/modules/garden-space/my-details.server";
import { EMAIL_TAKEN, LINK_GONE } from "~/modules/garden-space/my-details.messages";

/**
 * /mon-jardin/adresse/:token: the link sent to a new address. GET only shows a button (mail scanners open links, and
 * must change nothing); POST confirms, signs the gardener out everywhere else and in here, and says the new address.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const page = await emailChangePage(params.token);
  return page.valid ? page : data(page, { status: 410 });
}

export async function action({ params }: Route.ActionArgs) {
  const result = await confirmEmailChange(params.token);
  switch (result.status) {
    case "changed":
      return data(
        {
          ok: true as const,
          message: `Votre adresse e-mail est maintenant ${result.email}.${result.letterMoved ? " La lettre d'information vous y sera envoyée." : ""}`,
        },
        { headers: { "Set-Cookie": gardenerCookie(result.session) } },
      );
    case "taken":
      return data({ ok: false as const, message: EMAIL_TAKEN }, { status: 409 });
    case "gone":
      return data({ ok: false as const, message: LINK_GONE }, { status: 410 });
  }
}

/** The token is in the address: never cached, never indexed, never sent to another site. */
export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "same-origin" };
}

export function meta() {
  return [{ title: "Confirmer ma nouvelle adresse — Mon jardin" }, { name: "robots", content: "noindex" }];
}

const linkClass = "font-semibold text-brand-800 underline underline-offset-2";

export default function EmailConfirm({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-2xl px-4 pb-10">
      <h1 className="text-3xl font-bold text-brand-800">
        {!actionData && !loaderData.valid ? "Ce lien n'est plus valable" : "Confirmer ma nouvelle adresse"}
      </h1>
      {actionData ? (
        <>
          <output
            className={`mt-4 block rounded-xl border-l-4 p-4 font-medium ${actionData.ok ? "border-brand-700 bg-brand-50 text-stone-900" : "border-red-700 bg-red-50 text-red-900"}`}
          >
            {actionData.message}
          </output>
          <p className="mt-4">
            <Link to={actionData.ok ? "/mon-jardin" : "/mon-jardin/coordonnees"} className={linkClass}>
              {actionData.ok ? "Aller à Mon jardin" : "Mes coordonnées"}
            </Link>
          </p>
        </>
      ) : loaderData.valid ? (
        <Form method="post" className="mt-4 space-y-4">
          <p className="text-stone-800">
            Votre espace « Mon jardin » et les messages de l'association utiliseront désormais l'adresse{" "}
            <strong className="wrap-anywhere">{loaderData.newEmail}</strong>. Vos autres connexions seront fermées.
          </p>
          <button type="submit" className={`${buttonClass} min-h-12 w-full rounded-xl px-6 py-3 sm:w-auto`}>
            Confirmer cette adresse
          </button>
        </Form>
      ) : (
        <>
          <p className="mt-4 text-stone-800">{LINK_GONE}</p>
          <p className="mt-4">
            <Link to="/mon-jardin/coordonnees" className={linkClass}>
              Mes coordonnées
            </Link>
          </p>
        </>
      )}
    </div>
  );
}
