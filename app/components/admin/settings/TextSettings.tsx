import { Form } from "react-router";
import { preventOverlongSubmit, TextField } from "~/components/TextField";
import { CONTENT_DEFAULTS } from "~/modules/content/content.defaults";
import { CONTENT_TEXT_LIMITS as LIMITS } from "~/modules/content/content.schema";
import { SaveButton, Section, useSettingsForm } from "./settings-ui";

export function HomeTextsSettings() {
  const { busy, errorFor, valueFor } = useSettingsForm("homeTexts");
  const field = (name: "titreAccueil" | "texteIntro" | "texteFooter") => ({
    name,
    defaultValue: valueFor(name),
    maxLength: LIMITS[name],
    placeholder: CONTENT_DEFAULTS[name],
    error: errorFor(name),
  });
  return (
    <Section
      id="settings-home-texts"
      title="Page d’accueil - Textes"
      description="Un champ laissé vide affiche le texte par défaut."
    >
      <Form method="post" onSubmit={preventOverlongSubmit} className="space-y-4">
        <input type="hidden" name="intent" value="homeTexts" />
        <TextField label="Titre de la page d’accueil" {...field("titreAccueil")} />
        <TextField label="Texte d’introduction" multiline rows={4} {...field("texteIntro")} />
        <TextField label="Texte du pied de page" multiline {...field("texteFooter")} />
        <SaveButton busy={busy}>Enregistrer les textes</SaveButton>
      </Form>
    </Section>
  );
}

export function PlotsSettings() {
  const { busy, errorFor, valueFor } = useSettingsForm("plots");
  return (
    <Section id="settings-plots" title="Parcelles occupées">
      <Form method="post" className="space-y-4">
        <input type="hidden" name="intent" value="plots" />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Nombre de parcelles occupées"
            name="parcellesOccupees"
            inputMode="numeric"
            autoComplete="off"
            defaultValue={valueFor("parcellesOccupees")}
            error={errorFor("parcellesOccupees")}
          />
          <TextField
            label="Nombre total de parcelles"
            name="parcellesTotal"
            inputMode="numeric"
            autoComplete="off"
            defaultValue={valueFor("parcellesTotal")}
            error={errorFor("parcellesTotal")}
          />
        </div>
        <SaveButton busy={busy}>Enregistrer les parcelles</SaveButton>
      </Form>
    </Section>
  );
}

export function ContactSettings() {
  const { busy, errorFor, valueFor } = useSettingsForm("contact");
  const field = (name: "adresse" | "telephone" | "email" | "horaires") => ({
    name,
    defaultValue: valueFor(name),
    maxLength: LIMITS[name],
    error: errorFor(name),
  });
  return (
    <Section id="settings-contact" title="Informations de contact">
      <Form method="post" onSubmit={preventOverlongSubmit} className="space-y-4">
        <input type="hidden" name="intent" value="contact" />
        <TextField label="Adresse" multiline {...field("adresse")} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Téléphone" type="tel" autoComplete="off" {...field("telephone")} />
          <TextField label="Email" type="email" autoComplete="off" {...field("email")} />
        </div>
        <TextField label="Horaires" placeholder={CONTENT_DEFAULTS.horaires} {...field("horaires")} />
        <SaveButton busy={busy}>Enregistrer les informations de contact</SaveButton>
      </Form>
    </Section>
  );
}
