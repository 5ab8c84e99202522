/**
 * The one registry of site-content defaults (SPEC §2, §3): shown wherever the association has not
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
  horaires: "Permanences: Samedi 9h-12h",
} as const;

export type ContentDefaultKey = keyof typeof CONTENT_DEFAULTS;

/** Content as pages display it: defaults in place of empty texts, the image list without gaps. */
export interface SiteContent {
  id: number | null;
  titreAccueil: string;
  texteIntro: string;
  texteFooter: string;
  titreAssociation: string;
  contentAssociation: string;
  horaires: string;
  imageAccueil: string | null;
  headerIcon: string | null;
  imagesAssociation: string[];
  adresse: string | null;
  telephone: string | null;
  email: string | null;
  parcellesOccupees: number;
  parcellesTotal: number;
  /** True when the association page shows the default text (no content of its own). */
  usesDefaultAssociationText: boolean;
}

type StoredContent = {
  [K in keyof Omit<SiteContent, "usesDefaultAssociationText" | "imagesAssociation">]?: SiteContent[K] | null;
} & { imagesAssociation?: (string | null)[] | null };

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
    imageAccueil: filled(c.imageAccueil) ? c.imageAccueil : null,
    headerIcon: filled(c.headerIcon) ? c.headerIcon : null,
    imagesAssociation: (c.imagesAssociation ?? []).filter(filled),
    adresse: filled(c.adresse) ? c.adresse : null,
    telephone: filled(c.telephone) ? c.telephone : null,
    email: filled(c.email) ? c.email : null,
    parcellesOccupees: c.parcellesOccupees ?? 0,
    parcellesTotal: c.parcellesTotal ?? 0,
    usesDefaultAssociationText: !filled(c.contentAssociation),
  };
}
