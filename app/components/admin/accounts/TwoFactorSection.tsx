import { Form } from "react-router";
import { Section } from "~/components/admin/admin-ui";
import { buttonClass, quietButtonClass } from "~/components/form/styles";
import type { FormRefusal } from "~/components/form/messages";
import { AccountForm, SecretInput } from "./AccountForm";

interface Props {
  enabled: boolean;
  enrolment: { secret: string; qrImage: string } | null;
  recoveryCodes: string[] | null;
  refusal: FormRefusal | null;
}

/** The secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

/** 'Double authentification': enrolment (QR code, secret, one code), the recovery codes once, or turning it off. */
export function TwoFactorSection({ enabled, enrolment, recoveryCodes, refusal }: Props) {
  return (
    <Section id="double-authentification" title="Double authentification">
      {recoveryCodes && (
        <div className="mb-6 rounded-lg bg-amber-50 p-4 ring-1 ring-amber-300">
          <h3 className="font-bold text-amber-950">Vos codes de secours</h3>
          <p className="mt-1 text-sm text-amber-950">
            Notez-les ou imprimez-les maintenant et gardez-les en lieu sûr : ils ne seront plus affichés. Chacun permet
            une seule connexion sans votre téléphone.
          </p>
          <ul
            aria-label="Codes de secours"
            className="mt-3 grid grid-cols-2 gap-2 whitespace-nowrap font-mono text-sm sm:grid-cols-5 sm:text-base"
          >
            {recoveryCodes.map((code) => (
              <li key={code} className="rounded bg-white px-2 py-1 text-center ring-1 ring-amber-200">
                {code}
              </li>
            ))}
          </ul>
        </div>
      )}
      {enabled ? (
        <AccountForm refusal={refusal} fields={["current", "code"]} className="max-w-md space-y-4">
          <p className="text-stone-700">
            <strong className="text-green-800">Activée.</strong> À chaque connexion, un code de votre application est
            demandé après le mot de passe.
          </p>
          <input type="hidden" name="intent" value="totpDisable" />
          <SecretInput label="Mot de passe actuel" name="current" autoComplete="current-password" />
          <SecretInput label="Code de l'application" name="code" type="text" autoComplete="one-time-code" />
          <button type="submit" className={quietButtonClass}>
            Désactiver la double authentification
          </button>
        </AccountForm>
      ) : enrolment ? (
        <div className="space-y-4">
          <ol className="list-decimal space-y-1 pl-5 text-stone-700">
            <li>
              Dans une application d'authentification (Aegis, FreeOTP, Google Authenticator…), ajoutez un compte en
              scannant ce code.
            </li>
            <li>Saisissez ci-dessous le code à 6 chiffres qu'elle affiche.</li>
          </ol>
          <div className="flex flex-wrap items-start gap-6">
            <img
              src={enrolment.qrImage}
              alt="Code QR à scanner"
              width={192}
              height={192}
              className="size-48 shrink-0 bg-white [image-rendering:pixelated]"
            />
            <div className="min-w-0 space-y-1">
              <p className="text-sm text-stone-700">Sans appareil photo, saisissez cette clé dans l'application :</p>
              <p
                className="font-mono text-lg tracking-wide text-stone-900 [overflow-wrap:anywhere]"
                data-testid="totp-secret"
              >
                {grouped(enrolment.secret)}
              </p>
            </div>
          </div>
          <AccountForm refusal={refusal} fields={["code"]} className="max-w-md space-y-4">
            <SecretInput label="Code affiché par l'application" name="code" type="text" autoComplete="one-time-code" />
            <div className="flex flex-wrap gap-2">
              <button type="submit" name="intent" value="totpConfirm" className={buttonClass}>
                Confirmer et activer
              </button>
              <button type="submit" name="intent" value="totpCancel" formNoValidate className={quietButtonClass}>
                Annuler
              </button>
            </div>
          </AccountForm>
        </div>
      ) : (
        <Form method="post" className="space-y-3">
          <p className="text-stone-700">
            Désactivée. Avec la double authentification, un mot de passe volé ne suffit plus : la connexion demande
            aussi un code affiché par votre téléphone.
          </p>
          <input type="hidden" name="intent" value="totpStart" />
          <button type="submit" className={buttonClass}>
            Activer la double authentification
          </button>
        </Form>
      )}
    </Section>
  );
}
