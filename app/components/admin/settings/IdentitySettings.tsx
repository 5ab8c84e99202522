import { Form } from "react-router";
import { preventOverlongSubmit, TextField } from "~/components/TextField";
import { CONTENT_DEFAULTS } from "~/modules/content/content.defaults";
import { CONTENT_TEXT_LIMITS as LIMITS } from "~/modules/content/content.schema";
import { SaveButton, Section, useSettingsForm } from "./settings-ui";

type IdentityField = "nomAssociation" | "slogan" | "charte" | "reglement" | LegalField;
type LegalField =
  | "editeurNom"
  | "editeurAdresse"
  | "editeurNumero"
  | "directeurPublication"
  | "hebergeurNom"
  | "hebergeurAdresse"
  | "hebergeurTelephone"
  | "tribunal";

/** What the LCEN requires the legal notice to say, and is still missing. */
function missingLegalFacts(stored: Record<IdentityField, string>) {
  const missing = [];
  if (!stored.directeurPublication) missing.push("le directeur de la publication");
  if (!stored.hebergeurNom || !stored.hebergeurAdresse || !stored.hebergeurTelephone)
    missing.push("le nom, l'adresse et le téléphone de l'hébergeur");
  return missing;
}

/** 'Identité de l'association': its name and tagline, the charter and rules, and the facts of the legal notice. */
export function IdentitySettings({ stored }: { stored: Record<IdentityField, string> }) {
  const { busy, errorFor, valueFor } = useSettingsForm("identity");
  const field = (name: IdentityField) => ({
    name,
    defaultValue: valueFor(name),
    maxLength: LIMITS[name],
    error: errorFor(name),
  });
  const missing = missingLegalFacts(stored);
  return (
    <Section
      id="settings-identity"
      title="Identité de l'association"
      description="Le nom et le slogan s'affichent dans l'en-tête, les titres des pages, le pied de page, les flux et les e-mails. Un champ laissé vide affiche le texte par défaut."
    >
      <Form method="post" onSubmit={preventOverlongSubmit} className="space-y-4">
        <input type="hidden" name="intent" value="identity" />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Nom de l'association"
            placeholder={CONTENT_DEFAULTS.nomAssociation}
            {...field("nomAssociation")}
          />
          <TextField label="Slogan" placeholder={CONTENT_DEFAULTS.slogan} {...field("slogan")} />
        </div>
        <TextField
          label="Charte du jardinage naturel"
          hint="Un engagement par ligne. Les candidats s'engagent à la respecter ; leur demande garde la version acceptée."
          multiline
          rows={8}
          placeholder={CONTENT_DEFAULTS.charte}
          {...field("charte")}
        />
        <TextField
          label="Règlement intérieur"
          hint="Un article par ligne, affiché sur la page de candidature."
          multiline
          rows={8}
          placeholder={CONTENT_DEFAULTS.reglement}
          {...field("reglement")}
        />

        <h3 className="pt-2 font-semibold text-stone-900">Mentions légales</h3>
        {missing.length > 0 && (
          <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-300">
            La loi (LCEN, article 6) demande que les mentions légales indiquent {missing.join(" et ")}. Complétez ces
            champs : la page Mentions légales les reprend.
          </p>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Éditeur du site" hint="Par défaut, le nom de l'association." {...field("editeurNom")} />
          <TextField
            label="Numéro RNA ou SIRET"
            hint="Par exemple W691234567."
            autoComplete="off"
            {...field("editeurNumero")}
          />
        </div>
        <TextField
          label="Adresse du siège"
          hint="Par défaut, l'adresse des informations de contact."
          multiline
          rows={2}
          {...field("editeurAdresse")}
        />
        <TextField
          label="Directeur ou directrice de la publication"
          hint="En général, le président ou la présidente."
          {...field("directeurPublication")}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Hébergeur : nom"
            hint="La société qui loue le serveur, ou la personne qui l'héberge."
            {...field("hebergeurNom")}
          />
          <TextField label="Hébergeur : téléphone" type="tel" autoComplete="off" {...field("hebergeurTelephone")} />
        </div>
        <TextField label="Hébergeur : adresse" multiline rows={2} {...field("hebergeurAdresse")} />
        <TextField label="Tribunal compétent" hint="Par défaut, les tribunaux de Lyon." {...field("tribunal")} />
        <SaveButton busy={busy}>Enregistrer l'identité</SaveButton>
      </Form>
    </Section>
  );
}
