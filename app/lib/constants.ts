/** Business constants and limits of product §9, shared by the browser and the server. */

export const TIME_ZONE = "Europe/Paris";

/** The association's name until Paramètres gives one (`content.defaults.ts`, product §3), its e-mails included. */
export const DEFAULT_ASSOCIATION_NAME = "Potager";

// Classified ads
export const AD_TYPES = ["recherche", "vend", "donne", "échange"] as const;
export type AdType = (typeof AD_TYPES)[number];
export const AD_TYPE_LABELS: Record<AdType, string> = {
  recherche: "Recherche",
  vend: "Vend",
  donne: "Donne",
  échange: "Échange",
};

export const AD_STATUTS = ["en_attente", "validé"] as const;
export type AdStatut = (typeof AD_STATUTS)[number];

// Garden applications
export const PLOT_SIZES = ["petite", "moyenne", "grande"] as const;
export type PlotSize = (typeof PLOT_SIZES)[number];
export const PLOT_SIZE_LABELS: Record<PlotSize, string> = {
  petite: "Petite (moins de 150 m²)",
  moyenne: "Moyenne (150 à 200 m²)",
  grande: "Grande (plus de 200 m²)",
};

export const TEMPS_DISPONIBLE = ["1h", "2h", "weekend", "illimite"] as const;
export type TempsDisponible = (typeof TEMPS_DISPONIBLE)[number];
export const TEMPS_DISPONIBLE_LABELS: Record<TempsDisponible, string> = {
  "1h": "1 heure par semaine",
  "2h": "2 heures par semaine",
  weekend: "Le week-end",
  illimite: "Illimité",
};

export const VILLES = ["Vaulx-en-velin", "Villeurbanne", "autre"] as const;
export type Ville = (typeof VILLES)[number];
export const VILLE_LABELS: Record<Ville, string> = {
  "Vaulx-en-velin": "Vaulx-en-Velin",
  Villeurbanne: "Villeurbanne",
  autre: "Autre",
};
/** Shown in place of an empty city (product §3). */
export const VILLE_NON_SPECIFIEE = "Non spécifiée";

/** Start budget and cabin takeover, in euros. */
export const START_BUDGET_EUROS = 250;
export const CABIN_TAKEOVER_MAX_EUROS = 300;

// Excerpts (characters)
export const BLOG_CARD_EXCERPT_LENGTH = 150;
export const EVENT_CARD_DESCRIPTION_LENGTH = 100;
export const SEO_DESCRIPTION_LENGTH = 150;

// How many items the home page and the dashboard show (the home page shows one next and one past event)
export const HOME_ADS_COUNT = 2;
export const HOME_POSTS_COUNT = 1;
export const DASHBOARD_POSTS_COUNT = 3;
export const DASHBOARD_EVENTS_COUNT = 3;
export const DASHBOARD_MESSAGES_COUNT = 5;

// Images (size and side limits of a stored image: modules/media/media.schema.ts)
export const MAX_ANNEX_IMAGES = 3;
export const MAX_ASSOCIATION_IMAGES = 3;
/** The browser compresses files from this size on, to JPEG at this quality. */
export const COMPRESSION_THRESHOLD_BYTES = 0.5 * 1024 * 1024;
export const IMAGE_JPEG_QUALITY = 0.7;
/** A failed annex upload is tried once more after this delay. */
export const UPLOAD_RETRY_DELAY_MS = 500;
export const COVER_WAIT_MS = 2000;

// Refresh intervals: the admin menu's counts, the weather widget (product §9), the dashboard
export const NOTIFICATIONS_REFRESH_MS = 5 * 60 * 1000;
export const WEATHER_REFRESH_MS = 30 * 60 * 1000;
export const DASHBOARD_REFRESH_MS = 30 * 1000;

// Contact form captcha
export const CONTACT_CAPTCHA_QUESTION = "Combien font 3 + 4 ?";
export const CONTACT_CAPTCHA_ANSWER = 7;

// Rich text: link schemes allowed in content
export const RICH_TEXT_LINK_SCHEMES = ["http", "https", "mailto", "tel"] as const;

/** Shown when a form carries more images than allowed (annexes, association page). */
export const TOO_MANY_IMAGES_MESSAGE = `Vous pouvez ajouter au maximum ${MAX_ANNEX_IMAGES} images.`;
/** Longest HTML of a rich text (an article, an event, the association page). */
export const RICH_TEXT_MAX_LENGTH = 200_000;

/** Shown when a text field exceeds its maximum length. */
export const tooLongMessage = (max: number) => `Ce texte est trop long (${max} caractères maximum).`;

// The association's documents (statutes, rules, minutes…): a PDF or an image, at most this size
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_TOO_LARGE_MESSAGE =
  "Le fichier est trop volumineux (10 Mo au maximum). Enregistrez-le en PDF plus léger, ou scannez-le en moins haute résolution.";
