import { TextArea, TextInput } from "~/components/form/fields";
import { CONTENT_DEFAULTS } from "~/modules/content/content.defaults";
import { CONTENT_TEXT_LIMITS as LIMITS } from "~/modules/content/content.schema";
import { frenchList, missingLegalFacts } from "~/modules/content/legal-notice";
import { SettingsForm } from "./settings-ui";

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

/** The texts an applicant commits to, one line each. */
const COMMITMENTS = [
  [
    "charte",
    "Charte du jardinage naturel",
    "Un engagement par ligne. Les candidats s'engagent à la respecter ; leur demande garde la version acceptée.",
  ],
  ["reglement", "Règlement intérieur", "Un article par ligne, affiché sur la page de candidature."],
] as const;

/** 'Identité de l'association': its name and tagline, the charter and rules, and the facts of the legal notice. */
export function IdentitySettings({
  stored,
  president,
}: {
  stored: Record<IdentityField, string>;
  /** The president the general assembly elected, who signs as director when the field is left empty. */
  president: string | null;
}) {
  const field = (name: IdentityField) => ({ name, maxLength: LIMITS[name] });
  const missing = missingLegalFacts({ ...stored, directeurPublication: stored.directeurPublication || president });
  return (
    <SettingsForm
      intent="identity"
      title="Identité de l'association"
      description="Le nom et le slogan s'affichent dans l'en-tête, les titres des pages, le pied de page, les flux et les e-mails. Un champ laissé vide affiche le texte par défaut."
      submit="Enregistrer l'identité"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          label="Nom de l'association"
          placeholder={CONTENT_DEFAULTS.nomAssociation}
          {...field("nomAssociation")}
        />
        <TextInput label="Slogan" placeholder={CONTENT_DEFAULTS.slogan} {...field("slogan")} />
      </div>
      {COMMITMENTS.map(([name, label, hint]) => (
        <TextArea key={name} label={label} hint={hint} rows={8} placeholder={CONTENT_DEFAULTS[name]} {...field(name)} />
      ))}

      <h3 className="pt-2 font-semibold text-stone-900">Mentions légales</h3>
      {missing.length > 0 && (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-300">
          La loi (LCEN, article 6-III) demande que les mentions légales indiquent {frenchList(missing)}. Complétez ces
          champs : la page Mentions légales les reprend, et n'affiche pas ce qui manque.
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput label="Éditeur du site" hint="Par défaut, le nom de l'association." {...field("editeurNom")} />
        <TextInput
          label="Numéro RNA ou SIRET"
          hint="Par exemple W691234567."
          autoComplete="off"
          {...field("editeurNumero")}
        />
      </div>
      <TextArea
        label="Adresse du siège"
        hint="Par défaut, l'adresse des informations de contact."
        rows={2}
        {...field("editeurAdresse")}
      />
      <TextInput
        label="Directeur ou directrice de la publication"
        hint={
          president
            ? `Laissé vide : ${president}, élu(e) à la présidence par l'assemblée générale.`
            : "En général, le président ou la présidente."
        }
        {...field("directeurPublication")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          label="Hébergeur : nom"
          hint="La société qui loue le serveur, ou la personne qui l'héberge."
          {...field("hebergeurNom")}
        />
        <TextInput label="Hébergeur : téléphone" type="tel" autoComplete="off" {...field("hebergeurTelephone")} />
      </div>
      <TextArea label="Hébergeur : adresse" rows={2} {...field("hebergeurAdresse")} />
      <TextInput label="Tribunal compétent" hint="Par défaut, les tribunaux de Lyon." {...field("tribunal")} />
    </SettingsForm>
  );
}
