import { Form } from "react-router";
import { IntentForm, type IntentResult } from "~/components/admin/plots/IntentForm";
import { Checkbox, RadioGroup, TextInput } from "~/components/form/fields";
import { quietButtonClass } from "~/components/form/styles";
import type { helloAssoSettingsScreen } from "~/modules/helloasso/helloasso.admin.server";
import {
  HELLOASSO_ENVIRONMENT_LABELS,
  HELLOASSO_FIELDS,
  helloAssoSettingsSchema,
} from "~/modules/helloasso/helloasso.schema";

type Screen = Awaited<ReturnType<typeof helloAssoSettingsScreen>>;

const ENVIRONMENTS = Object.entries(HELLOASSO_ENVIRONMENT_LABELS);

/**
 * « Paiement en ligne (HelloAsso) »: the state, the API client's settings (the secret typed, never shown back), the
 * address to paste in HelloAsso for its notifications, and « Tester la connexion » with its answer.
 */
export function HelloAssoSettings({ screen, result }: { screen: Screen; result: IntentResult | undefined }) {
  const tested = result?.intent === "helloasso-test" ? result : undefined;
  return (
    <div className="space-y-6">
      <p
        data-testid="helloasso-state"
        className={`rounded-lg p-3 font-semibold ring-1 ${
          screen.state.active
            ? "bg-brand-50 text-brand-900 ring-brand-100"
            : "bg-amber-50 text-amber-950 ring-amber-300"
        }`}
      >
        {screen.state.text}.
        {screen.updated ? (
          <span className="block text-sm font-normal">Réglages enregistrés le {screen.updated}.</span>
        ) : null}
      </p>
      <IntentForm
        intent="helloasso"
        schema={helloAssoSettingsSchema}
        result={result}
        values={screen.values}
        order={HELLOASSO_FIELDS}
        submit="Enregistrer les réglages HelloAsso"
      >
        <RadioGroup
          name="environment"
          label="Environnement"
          required
          options={ENVIRONMENTS}
          hint="Le bac à sable (helloasso-sandbox.com) sert aux essais, avec des cartes de test : un paiement d'essai n'est enregistré ni sur la cotisation ni dans les comptes. La production encaisse de vrais paiements. Chacun a ses propres identifiants."
        />
        <TextInput
          name="organizationSlug"
          label="Identifiant de l'organisation (slug)"
          required
          autoComplete="off"
          spellCheck={false}
          hint="La fin de l'adresse de l'association sur HelloAsso, après /associations/ : par exemple jardins-familiaux-de-rillieux. L'adresse entière peut aussi être collée."
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput
            name="clientId"
            label="Client ID"
            required
            autoComplete="off"
            spellCheck={false}
            hint="Mon compte › Intégrations et API, sur HelloAsso."
          />
          <TextInput
            type="password"
            name="clientSecret"
            label="Client secret"
            // Not the administrator's password: the browser must neither fill it in nor offer to save it.
            autoComplete="new-password"
            spellCheck={false}
            hint={
              screen.hasSecret
                ? "Un secret est enregistré ; laissez vide pour le garder."
                : "Donné avec le Client ID ; gardé chiffré, il n'est jamais réaffiché."
            }
          />
        </div>
        {screen.hasSecret ? (
          <Checkbox name="removeSecret">Retirer le secret (désactive le paiement en ligne)</Checkbox>
        ) : null}
      </IntentForm>
      <div className="space-y-2 border-t border-stone-200 pt-4">
        <h3 className="font-bold text-stone-900">Adresse de notification</h3>
        <p className="text-sm text-stone-700">
          À coller dans HelloAsso, Mon compte › Intégrations et API › Notifications : HelloAsso y prévient le site de
          chaque paiement. Les adresses de retour après un paiement sont données par le site lui-même, à chaque
          paiement.
        </p>
        <p>
          <code
            data-testid="helloasso-notification-url"
            className="block rounded bg-stone-100 px-2 py-1 text-sm [overflow-wrap:anywhere]"
          >
            {screen.notificationUrl}
          </code>
        </p>
      </div>
      <Form method="post" className="space-y-3 border-t border-stone-200 pt-4">
        <input type="hidden" name="intent" value="helloasso-test" />
        <p className="text-sm text-stone-700">
          Demande un jeton d'accès à HelloAsso avec les réglages enregistrés, sans rien payer ni créer.
        </p>
        <button type="submit" className={quietButtonClass}>
          Tester la connexion
        </button>
        {tested ? (
          <p
            role={tested.ok ? "status" : "alert"}
            className={
              tested.ok
                ? "rounded-lg bg-brand-50 p-3 font-semibold text-brand-900 ring-1 ring-brand-100"
                : "rounded-lg bg-red-50 p-3 font-semibold text-red-900 ring-1 ring-red-200"
            }
          >
            {tested.message}
          </p>
        ) : null}
      </Form>
    </div>
  );
}
