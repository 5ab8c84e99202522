import { TextArea, TextInput } from "~/components/form/fields";
import { PLOT_MAIL_MAX } from "~/modules/content/content.schema";
import {
  ALLOTMENT_MAIL_DEFAULT,
  ALLOTMENT_PLACEHOLDERS,
  FEE_INSTRUCTIONS_DEFAULT,
  FEE_PLACEHOLDERS,
  WARNING_MAIL_DEFAULT,
  WARNING_PLACEHOLDERS,
} from "~/modules/register/plots.texts";
import { SettingsForm } from "./settings-ui";

/** The texts of the plots' e-mails: to a new gardener, after a warning, and how to pay a fee. */
export function PlotMailsSettings() {
  return (
    <SettingsForm
      intent="plotMails"
      title="Parcelles : e-mails aux jardiniers"
      description="Un champ laissé vide envoie le texte proposé (affiché en gris). Les mots entre accolades sont remplacés à l'envoi. Chaque e-mail se termine par la signature de l'association (« Bien cordialement », son nom et l'adresse du site) : inutile de l'écrire."
      submit="Enregistrer les e-mails"
    >
      <TextArea
        name="plotAllotmentMail"
        label="E-mail de bienvenue, à l'attribution d'une parcelle"
        hint={`Peut utiliser : ${ALLOTMENT_PLACEHOLDERS.join(", ")}.`}
        rows={12}
        maxLength={PLOT_MAIL_MAX}
        placeholder={ALLOTMENT_MAIL_DEFAULT}
      />
      <TextArea
        name="plotWarningMail"
        label="E-mail d'avertissement, après une visite"
        hint={`Peut utiliser : ${WARNING_PLACEHOLDERS.join(", ")}.`}
        rows={8}
        maxLength={PLOT_MAIL_MAX}
        placeholder={WARNING_MAIL_DEFAULT}
      />
      <fieldset className="space-y-4">
        <legend className="font-semibold text-stone-900">Cotisations : moyens de paiement</legend>
        <p className="text-sm text-stone-600">
          L'appel à cotisation et ses rappels indiquent les moyens dont les coordonnées sont remplies ; l'appel est
          refusé tant qu'un moyen cité n'a pas les siennes (un virement sans IBAN, HelloAsso sans lien).
        </p>
        <TextInput name="feeChequeOrder" label="Chèques à l'ordre de" autoComplete="off" />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput name="feeIban" label="IBAN (virement)" autoComplete="off" />
          <TextInput name="feeBic" label="BIC" autoComplete="off" />
        </div>
        <TextInput
          name="feeHelloassoUrl"
          label="Page HelloAsso"
          autoComplete="off"
          hint="L'adresse de la page de paiement, par exemple https://www.helloasso.com/associations/…"
        />
        <TextArea
          name="feePaymentInstructions"
          label="Texte des moyens de paiement (facultatif)"
          hint={`Laissé vide, l'e-mail liste les moyens remplis ci-dessus. Peut utiliser : ${FEE_PLACEHOLDERS.join(", ")}.`}
          rows={5}
          maxLength={PLOT_MAIL_MAX}
          placeholder={FEE_INSTRUCTIONS_DEFAULT}
        />
      </fieldset>
    </SettingsForm>
  );
}
