import { TextArea } from "~/components/form/fields";
import { PLOT_MAIL_MAX } from "~/modules/content/content.schema";
import {
  ALLOTMENT_MAIL_DEFAULT,
  ALLOTMENT_PLACEHOLDERS,
  FEE_INSTRUCTIONS_DEFAULT,
  WARNING_MAIL_DEFAULT,
  WARNING_PLACEHOLDERS,
} from "~/modules/plots/plots.texts";
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
      <TextArea
        name="feePaymentInstructions"
        label="Moyens de paiement, dans l'appel à cotisation et ses rappels"
        hint="IBAN, lien HelloAsso, permanences : ce qu'il faut pour régler."
        rows={5}
        maxLength={PLOT_MAIL_MAX}
        placeholder={FEE_INSTRUCTIONS_DEFAULT}
      />
    </SettingsForm>
  );
}
