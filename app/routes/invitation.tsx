import type { ReactNode } from "react";
import { Link, data, redirect } from "react-router";
import type { Route } from "./+types/invitation";
import { LeafIcon } from "~/components/icons";
import { AccountForm, NewPasswordFields } from "~/components/admin/accounts/AccountForm";
import { SubmitButton } from "~/components/form/buttons";
import { buttonClass } from "~/components/form/styles";
import { readFormData } from "~/modules/forms/form-data.server";
import { acceptInvitation, findInvitation } from "~/modules/accounts/accounts.server";
import { ACCOUNT_READY_PARAM, invitationSchema } from "~/modules/accounts/accounts.schema";
import { isRole, ROLE_DESCRIPTIONS, ROLE_LABELS } from "~/modules/auth/roles";

const EXPIRED =
  "Ce lien d'invitation n'est plus valable : il a déjà servi ou a plus de 48 heures. Demandez-en un nouveau à un administrateur.";

export function meta() {
  return [{ title: "Invitation — Espace administrateur" }, { name: "robots", content: "noindex" }];
}

/** Its address holds the invitation's token and its form a password: never kept by a cache, never indexed. */
export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

/** The page of an invitation link: the invited person chooses their password. */
export async function loader({ params }: Route.LoaderArgs) {
  const invitation = await findInvitation(params.token);
  if (!invitation) throw data({ message: EXPIRED }, { status: 404 });
  const role = isRole(invitation.role) ? invitation.role : "redacteur";
  const can = ROLE_DESCRIPTIONS[role];
  return { username: invitation.username, role: ROLE_LABELS[role], can: can.charAt(0).toLowerCase() + can.slice(1) };
}

export async function action({ request, params }: Route.ActionArgs) {
  const parsed = invitationSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return data({ ok: false as const, message: issue.message, field: String(issue.path[0] ?? "") }, { status: 400 });
  }
  const result = await acceptInvitation(params.token, parsed.data.password);
  if (!result.ok)
    return data({ ok: false as const, message: result.message, field: result.field }, { status: result.status });
  // The link is used up: the sign-in page takes over and says the account is ready.
  return redirect(`/login?${ACCOUNT_READY_PARAM}`);
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-brand-50 px-4 py-12">
      <div className="w-full max-w-md">
        <div className="mb-6 flex flex-col items-center text-center">
          <LeafIcon className="size-14 text-brand-800" />
          <h1 className="mt-3 text-2xl font-bold text-brand-800">Invitation</h1>
        </div>
        <div className="space-y-4 rounded-2xl bg-white p-6 shadow-md ring-1 ring-stone-200">{children}</div>
      </div>
    </main>
  );
}

export default function Invitation({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = actionData ?? null;
  return (
    <Shell>
      <p className="text-stone-700">
        Vous êtes invité à rejoindre l'équipe qui gère le site, avec l'identifiant{" "}
        <strong>{loaderData.username}</strong> et le rôle <strong>{loaderData.role}</strong> : {loaderData.can}
      </p>
      <p className="text-stone-700">Choisissez votre mot de passe.</p>
      <AccountForm
        refusal={refusal}
        fields={["password", "confirmation"]}
        schema={invitationSchema}
        className="space-y-4"
      >
        <input type="text" name="username" value={loaderData.username} autoComplete="username" readOnly hidden />
        <NewPasswordFields label="Mot de passe" />
        <SubmitButton className={`${buttonClass} w-full`}>Créer mon compte</SubmitButton>
      </AccountForm>
    </Shell>
  );
}

export function ErrorBoundary() {
  return (
    <Shell>
      <p role="alert" className="text-stone-800">
        {EXPIRED}
      </p>
      <Link to="/" className="text-brand-800 underline">
        Retour au site
      </Link>
    </Shell>
  );
}
