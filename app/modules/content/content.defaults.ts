import { DEFAULT_ASSOCIATION_NAME } from "~/lib/constants";

/**
 * The one registry of site-content defaults (product §2, §3): shown wherever the association has not
 * written its own text yet. Safe for the browser.
 */
export const CONTENT_DEFAULTS = {
  titreAccueil: "Des jardins familiaux et partagés à Vaulx-en-Velin et Villeurbanne",
  texteIntro:
    "Notre association de jardiniers bénévoles fait vivre des jardins familiaux et partagés. Venez cultiver, apprendre et partager avec nous.",
  texteFooter:
    "Association de jardiniers bénévoles : des jardins familiaux et partagés à Vaulx-en-Velin et Villeurbanne.",
  titreAssociation: "Notre association",
  contentAssociation:
    "<p>Notre association réunit des jardinières et des jardiniers bénévoles autour de jardins familiaux et partagés à Vaulx-en-Velin et Villeurbanne.</p><p>Chacun y cultive sa parcelle dans le respect de la charte et du règlement intérieur, et participe à la vie collective des jardins.</p>",
  horaires: "Permanences\u202f: samedi 9\u00a0h – 12\u00a0h",
  nomAssociation: DEFAULT_ASSOCIATION_NAME,
  slogan: "Jardins familiaux et partagés",
  charte: `Je jardine sans pesticides ni engrais de synthèse : je nourris la terre avec le compost, le paillage et les engrais verts, et j'associe les cultures plutôt que de traiter.
J'économise l'eau : j'arrose au pied, tôt le matin ou le soir, et je me sers d'abord de l'eau de pluie récupérée.
Je dépose mes déchets verts au compost collectif ; je ne brûle rien et je ne laisse aucun déchet au jardin.
Je respecte la biodiversité : je garde un coin fleuri pour les pollinisateurs et des abris pour les auxiliaires (hérissons, oiseaux, coccinelles).
Je partage les outils communs, les graines, les savoir-faire et les surplus de récolte.
Je participe à la vie collective : au moins deux chantiers collectifs par an et l'assemblée générale.`,
  reglement: `Article 1 — Attribution. Les parcelles sont attribuées par le bureau, dans l'ordre de la liste d'attente de chaque commune, pour une saison renouvelable chaque année.
Article 2 — Participation financière. Une participation d'environ 250 euros est demandée à l'entrée, à laquelle s'ajoute la reprise éventuelle de la cabane, de 300 euros au plus.
Article 3 — Entretien. La parcelle est cultivée et entretenue toute l'année ; les allées et les abords restent dégagés.
Article 4 — Visites. Le bureau visite les parcelles chaque mois. Une parcelle laissée à l'abandon fait l'objet de deux avertissements écrits avant l'exclusion.
Article 5 — Eau. L'eau est une ressource commune : pas d'arrosage automatique, ni d'arrosage aux heures chaudes.
Article 6 — Constructions. Aucune construction en dehors de la cabane fournie, et pas de clôture sans l'accord du bureau.
Article 7 — Lieu public. Les jardins sont un lieu public : aucune manifestation religieuse ou politique n'y est organisée.
Article 8 — Sécurité. Feux et barbecues sont interdits ; les animaux d'élevage ne sont pas admis.`,
} as const;

export type ContentDefaultKey = keyof typeof CONTENT_DEFAULTS;

/** The facts of the legal notice (LCEN), set in the back-office. */
export const LEGAL_FIELDS = [
  "editeurNom",
  "editeurAdresse",
  "editeurNumero",
  "directeurPublication",
  "hebergeurNom",
  "hebergeurAdresse",
  "hebergeurTelephone",
  "tribunal",
] as const;
export type LegalField = (typeof LEGAL_FIELDS)[number];

/** Content as pages display it: defaults in place of empty texts, the image list without gaps. */
export interface SiteContent {
  id: number | null;
  titreAccueil: string;
  texteIntro: string;
  texteFooter: string;
  titreAssociation: string;
  contentAssociation: string;
  horaires: string;
  /** The association's name and tagline (header, page titles, footer, feeds, e-mails). */
  nomAssociation: string;
  slogan: string;
  /** The charter and the rules an applicant commits to, as plain text (one paragraph a line). */
  charte: string;
  reglement: string;
  /** The legal notice's facts; null when the association has not given them. */
  legal: Record<LegalField, string | null>;
  imageAccueil: string | null;
  headerIcon: string | null;
  imagesAssociation: string[];
  /** Descriptions of the images above, by address ("" for a decorative one). */
  imageAlts: Record<string, string>;
  adresse: string | null;
  telephone: string | null;
  email: string | null;
  parcellesOccupees: number;
  parcellesTotal: number;
  /** True when the association page shows the default text (no content of its own). */
  usesDefaultAssociationText: boolean;
  /** When the content last changed; null before any exists. */
  updatedAt: Date | null;
}

type StoredContent = {
  [K in keyof Omit<SiteContent, "usesDefaultAssociationText" | "imagesAssociation" | "legal">]?: SiteContent[K] | null;
} & { imagesAssociation?: (string | null)[] | null } & Partial<Record<LegalField, string | null>>;

const filled = (value: string | null | undefined): value is string => typeof value === "string" && value.trim() !== "";

/** Merges the defaults over the empty fields of `content` (or of nothing, before any content exists). */
export function withContentDefaults(content: StoredContent | null | undefined): SiteContent {
  const c = content ?? {};
  const text = (key: ContentDefaultKey) => (filled(c[key]) ? c[key] : CONTENT_DEFAULTS[key]);
  return {
    id: c.id ?? null,
    titreAccueil: text("titreAccueil"),
    texteIntro: text("texteIntro"),
    texteFooter: text("texteFooter"),
    titreAssociation: text("titreAssociation"),
    contentAssociation: text("contentAssociation"),
    horaires: text("horaires"),
    nomAssociation: text("nomAssociation"),
    slogan: text("slogan"),
    charte: text("charte"),
    reglement: text("reglement"),
    legal: Object.fromEntries(
      LEGAL_FIELDS.map((field) => [field, filled(c[field]) ? c[field].trim() : null]),
    ) as Record<LegalField, string | null>,
    imageAccueil: filled(c.imageAccueil) ? c.imageAccueil : null,
    headerIcon: filled(c.headerIcon) ? c.headerIcon : null,
    imagesAssociation: (c.imagesAssociation ?? []).filter(filled),
    imageAlts: c.imageAlts ?? {},
    adresse: filled(c.adresse) ? c.adresse : null,
    telephone: filled(c.telephone) ? c.telephone : null,
    email: filled(c.email) ? c.email : null,
    parcellesOccupees: c.parcellesOccupees ?? 0,
    parcellesTotal: c.parcellesTotal ?? 0,
    usesDefaultAssociationText: !filled(c.contentAssociation),
    updatedAt: c.updatedAt ?? null,
  };
}
