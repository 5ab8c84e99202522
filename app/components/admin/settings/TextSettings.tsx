import { TextArea, TextInput } from "~/components/form/fields";
import { CONTENT_DEFAULTS } from "~/modules/content/content.defaults";
import { CONTENT_TEXT_LIMITS as LIMITS } from "~/modules/content/content.schema";
import { SettingsForm } from "./settings-ui";

/** A text of the site's content: its limit, and the default text shown when it is left empty. */
const text = (name: keyof typeof LIMITS & keyof typeof CONTENT_DEFAULTS) => ({
  name,
  maxLength: LIMITS[name],
  placeholder: CONTENT_DEFAULTS[name],
});

/** 'Page d’accueil - Textes': the home page's title and introduction, and the footer's text. */
export function HomeTextsSettings() {
  return (
    <SettingsForm
      intent="homeTexts"
      title="Page d’accueil - Textes"
      description="Un champ laissé vide affiche le texte par défaut."
      submit="Enregistrer les textes"
    >
      <TextInput label="Titre de la page d’accueil" {...text("titreAccueil")} />
      <TextArea label="Texte d’introduction" rows={4} {...text("texteIntro")} />
      <TextArea label="Texte du pied de page" {...text("texteFooter")} />
    </SettingsForm>
  );
}

/** 'Parcelles occupées': whole numbers, empty counting as 0 (product §5). */
export function PlotsSettings({ register }: { register: { occupied: number; total: number } | null }) {
  return (
    <SettingsForm
      intent="plots"
      title="Parcelles occupées"
      submit="Enregistrer les parcelles"
      description={
        register
          ? `La page d'accueil affiche le registre des parcelles (menu Parcelles) : ${register.occupied} sur ${register.total} occupées. Les nombres ci-dessous ne servent que si le registre est vide.`
          : "La page d'accueil affiche ces nombres, tant que le registre des parcelles (menu Parcelles) est vide ; dès qu'il a des parcelles, elle les compte d'après lui."
      }
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          label="Nombre de parcelles occupées"
          name="parcellesOccupees"
          inputMode="numeric"
          autoComplete="off"
        />
        <TextInput label="Nombre total de parcelles" name="parcellesTotal" inputMode="numeric" autoComplete="off" />
      </div>
    </SettingsForm>
  );
}

/** 'Informations de contact': shown in the footer and on /contact. */
export function ContactSettings() {
  return (
    <SettingsForm intent="contact" title="Informations de contact" submit="Enregistrer les informations de contact">
      <TextArea label="Adresse" name="adresse" maxLength={LIMITS.adresse} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput label="Téléphone" name="telephone" type="tel" autoComplete="off" maxLength={LIMITS.telephone} />
        <TextInput label="Email" name="email" type="email" autoComplete="off" maxLength={LIMITS.email} />
      </div>
      <TextInput label="Horaires" {...text("horaires")} />
    </SettingsForm>
  );
}
