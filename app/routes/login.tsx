import { Link, data, redirect } from "react-router";
import type { Route } from "./+types/login";
import { clientIpContext } from "~/request/context";
import { SubmitButton } from "~/components/form/buttons";
import { TextInput } from "~/components/form/fields";
import { OneMessageForm } from "~/components/form/OneMessageForm";
import { buttonClass } from "~/components/form/styles";
import { LeafIcon } from "~/components/icons";
import { readFormData } from "~/modules/forms/form-data.server";
import { getSiteContent } from "~/modules/content/content.server";
import {
  LOGIN_BUSY_MESSAGE,
  LOGIN_INVALID_MESSAGE,
  LOGIN_THROTTLED_MESSAGE,
  loginSchema,
  SECOND_FACTOR_INVALID_MESSAGE,
  secondFactorSchema,
} from "~/modules/auth/auth.schema";
import { completeSecondFactor, getPendingSignIn, signIn, signOut } from "~/modules/auth/auth.server";
import {
  clearSessionCookie,
  getAdmin,
  readSessionToken,
  sessionCookie,
  signInNeedsHttps,
} from "~/modules/auth/session.server";
import { SecondFactorForm } from "~/components/admin/SecondFactorForm";
import { ACCOUNT_READY_MESSAGE, ACCOUNT_READY_PARAM } from "~/modules/accounts/accounts.schema";

/** A form for credentials: never kept by the browser's cache or a proxy, like the admin pages. */
export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

export async function loader({ request }: Route.LoaderArgs) {
  if (await getAdmin(request)) throw redirect("/admin");
  const pending = await getPendingSignIn(readSessionToken(request));
  const accountReady = new URL(request.url).searchParams.has(ACCOUNT_READY_PARAM);
  return {
    needsHttps: signInNeedsHttps(request),
    siteName: (await getSiteContent()).nomAssociation,
    secondStep: pending !== null,
    accountReady,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const fields = Object.fromEntries(await readFormData(request));
  const ip = context.get(clientIpContext);
  if (fields.intent === "code") return secondStep(request, fields, ip);
  if (fields.intent === "restart") {
    await signOut(readSessionToken(request));
    return redirect("/login", { headers: { "Set-Cookie": clearSessionCookie() } });
  }
  const parsed = loginSchema.safeParse(fields);
  if (!parsed.success) return data({ error: parsed.error.issues[0].message }, { status: 400 });

  const result = await signIn(parsed.data.username, parsed.data.password, ip);
  if (!result.ok) {
    if (result.reason === "invalid") return data({ error: LOGIN_INVALID_MESSAGE }, { status: 401 });
    return data({ error: result.reason === "busy" ? LOGIN_BUSY_MESSAGE : LOGIN_THROTTLED_MESSAGE }, { status: 429 });
  }
  // A fresh session id at every sign-in; the previous one, if any, stops working.
  await signOut(readSessionToken(request));
  // With a second factor, the same page asks for the code next.
  return redirect(result.awaitingSecondFactor ? "/login" : "/admin", {
    headers: { "Set-Cookie": sessionCookie(result.token) },
  });
}

/** The code of the authenticator app, or a recovery code, after the password. */
async function secondStep(request: Request, fields: Record<string, FormDataEntryValue>, ip: string) {
  const parsed = secondFactorSchema.safeParse(fields);
  if (!parsed.success) return data({ error: parsed.error.issues[0].message }, { status: 400 });
  const result = await completeSecondFactor(readSessionToken(request), parsed.data.code, ip);
  if (result.ok) return redirect("/admin", { headers: { "Set-Cookie": sessionCookie(result.token) } });
  if (result.reason === "expired") return redirect("/login", { headers: { "Set-Cookie": clearSessionCookie() } });
  return result.reason === "throttled"
    ? data({ error: LOGIN_THROTTLED_MESSAGE }, { status: 429 })
    : data({ error: SECOND_FACTOR_INVALID_MESSAGE }, { status: 401 });
}

export function meta({ loaderData }: Route.MetaArgs) {
  const site = loaderData?.siteName ?? "";
  return [
    { title: `Connexion administrateur — ${site}` },
    { name: "description", content: `Espace réservé aux administrateurs du site ${site}.` },
    { name: "robots", content: "noindex" },
  ];
}

/** The sign-in's schema, loaded when the form is first entered (the page itself stays light). */
const loadLoginSchema = () => import("~/modules/auth/auth.schema").then((module) => module.loginSchema);

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const error = actionData?.error;
  return (
    <main className="flex min-h-screen items-center justify-center bg-brand-50 px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex flex-col items-center text-center">
          <LeafIcon className="size-14 text-brand-800" />
          <h1 className="mt-3 text-2xl font-bold text-brand-800">Espace administrateur</h1>
          <p className="mt-1 text-sm text-stone-600">{loaderData?.siteName}</p>
        </div>
        {loaderData?.needsHttps && (
          <div role="note" className="mb-4 rounded-xl bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-300">
            <p className="font-semibold">La connexion exige HTTPS.</p>
            <p className="mt-1">
              Cette page est servie en HTTP : le navigateur refuse alors de garder la session, et la connexion échouera
              sans autre message. Ouvrez le site en https:// ; pour l'installer derrière un proxy HTTPS, voyez la
              section « Mettre en ligne » du fichier README.md de Potager.
            </p>
          </div>
        )}
        {loaderData?.accountReady && !error && (
          <output className="mb-4 block rounded-xl bg-brand-100 p-4 text-sm font-medium text-brand-900 ring-1 ring-brand-300">
            {ACCOUNT_READY_MESSAGE}
          </output>
        )}
        {loaderData?.secondStep ? (
          <SecondFactorForm error={error} />
        ) : (
          <OneMessageForm
            schema={loadLoginSchema}
            message={error}
            className="space-y-4 rounded-2xl bg-white p-6 shadow-md ring-1 ring-stone-200"
          >
            <TextInput label="Identifiant" name="username" autoComplete="username" required />
            <TextInput label="Mot de passe" name="password" type="password" autoComplete="current-password" required />
            <SubmitButton busyText="Connexion…" className={`${buttonClass} w-full`}>
              Se connecter
            </SubmitButton>
          </OneMessageForm>
        )}
        <p className="mt-6 text-center text-sm">
          <Link to="/" className="text-brand-800 underline underline-offset-2">
            Retour au site
          </Link>
        </p>
      </div>
    </main>
  );
}
