import type { PlotKind, PlotState } from "~/modules/register/plots.labels";
import type { PaymentMeans } from "~/modules/register/fees.labels";

/**
 * The demo's register, in French sample data: two gardens and their plots, the gardeners who hold them, the fees
 * and how they were paid, and the inspection rounds. Data only: `demo.server.ts` writes it. Dates are counted back
 * from the current fee year, or in days from the seed, so that the demo always looks recent.
 */

const BROSSES = "Jardin des Brosses";
const THIBAUDE = "Jardin de la Thibaude";
/** The gardener whose plot was found neglected at two inspections in a row. */
export const WARNED = "Dominique Girard";

export type SiteKey = "brosses" | "thibaude";

interface DemoPlot {
  number: number;
  area: number;
  kind?: PlotKind;
  /** The cabin's takeover value in euros. */
  cabin?: number;
  /** Without a current holder (a held plot is « attribuee »). */
  state?: Exclude<PlotState, "attribuee">;
  notes?: string;
}

interface DemoGardener {
  name: string;
  civility: "madame" | "monsieur";
  email: string;
  mobile: string;
  landline?: string;
  address: string;
  start: string;
  /** A former gardener: when they left. */
  end?: string;
  notes?: string;
  /** Their plots, from their start or from the date given. */
  plots: [SiteKey, number, string?][];
  /** This year's fee still to pay, and whether a reminder went. */
  unpaid?: boolean;
  reminded?: boolean;
  /** Took over the cabin of their plot when they came. */
  cabinTakeover?: boolean;
}

/** The fee by plot size, in cents: last year's and this year's. */
export const DEMO_FEES = [
  { petite: 3400, moyenne: 4400, grande: 5400 },
  { petite: 3500, moyenne: 4500, grande: 5500 },
] as const;
/** The entry budget a newcomer pays, in cents. */
export const ENTRY_BUDGET_CENTS = 25000;
/** The means of payment, taken in turn from one gardener to the next. */
export const MEANS: PaymentMeans[] = ["cheque", "virement", "especes", "helloasso"];
/** The particular rate of a gardener on a small income, voted by the general assembly and used by this year's call. */
export const DEMO_REDUCED_RATE = {
  amountCents: 2000,
  reason: "revenus modestes, tarif réduit voté en assemblée générale",
};
/** Why the bureau waived one gardener's fee this year. */
export const DEMO_WAIVER_REASON = "Exonérée par le bureau : année de chômage";

/** The gardens and their plots; `year` is the current fee year, so that notes keep their age. */
export function demoSites(year: number) {
  const brosses: DemoPlot[] = [
    { number: 1, area: 120 },
    { number: 2, area: 135 },
    { number: 3, area: 180 },
    { number: 4, area: 210, cabin: 220 },
    { number: 5, area: 95, notes: "Cerisier à conserver." },
    { number: 6, area: 150 },
    { number: 7, area: 165 },
    { number: 8, area: 240, cabin: 300, notes: `Sol argileux, bien amendé en ${year - 1}.` },
    { number: 9, area: 110, state: "libre", notes: "À bêcher avant la prochaine attribution." },
    { number: 10, area: 140 },
    { number: 11, area: 190 },
    {
      number: 12,
      area: 260,
      kind: "partagee",
      notes: "Jardin partagé : carrés surélevés accessibles en fauteuil, ouverts aux habitants le samedi matin.",
    },
    { number: 13, area: 125 },
    {
      number: 14,
      area: 175,
      cabin: 150,
      state: "remise_en_etat",
      notes: "Cabane à vider, ronces et chiendent à arracher avant de la réattribuer.",
    },
    { number: 15, area: 200 },
    { number: 16, area: 230, cabin: 150 },
    { number: 17, area: 90, state: "libre" },
    { number: 18, area: 145 },
    { number: 19, area: 160, notes: "Framboisiers le long de l'allée." },
    { number: 20, area: 220, cabin: 250 },
    {
      number: 21,
      area: 130,
      state: "reservee",
      notes: "Proposée à la première famille de la liste d'attente, réponse attendue.",
    },
    { number: 22, area: 185 },
    { number: 23, area: 250, cabin: 300 },
    { number: 24, area: 105, kind: "partagee", notes: "Parcelle pédagogique de l'école Jean-Moulin." },
  ];
  const thibaude: DemoPlot[] = [
    { number: 1, area: 140 },
    { number: 2, area: 155 },
    { number: 3, area: 210, cabin: 220 },
    { number: 4, area: 100 },
    { number: 5, area: 170 },
    { number: 6, area: 245, cabin: 150, notes: "Figuier en limite de la parcelle 7." },
    { number: 7, area: 120 },
    {
      number: 8,
      area: 255,
      kind: "partagee",
      notes: "Jardin partagé animé avec le centre social : ateliers le mercredi après-midi.",
    },
    { number: 9, area: 160 },
    { number: 10, area: 135, state: "libre" },
    {
      number: 11,
      area: 195,
      state: "remise_en_etat",
      notes: "Friche à débroussailler ; robinet de la parcelle à remplacer.",
    },
    { number: 12, area: 225, cabin: 300 },
    { number: 13, area: 180, state: "libre", notes: "Bien exposée, à deux pas du point d'eau." },
    { number: 14, area: 115 },
    { number: 15, area: 150 },
  ];
  return [
    {
      key: "brosses" as const,
      name: BROSSES,
      town: "Villeurbanne",
      address: "27 rue des Brosses",
      accessNotes:
        "Portail côté rue Anatole-France, code 1871. Point d'eau et composteur collectif au fond de l'allée centrale.",
      plots: brosses,
    },
    {
      key: "thibaude" as const,
      name: THIBAUDE,
      town: "Vaulx-en-velin",
      address: "14 chemin de la Thibaude",
      accessNotes:
        "Portillon du chemin de la Thibaude, clé à retirer aux permanences. Robinets le long de la haie, abri à vélos à l'entrée.",
      plots: thibaude,
    },
  ];
}

/** The gardeners: thirty today, two who left last year; dates are counted back from the current fee year. */
export function demoGardeners(year: number): DemoGardener[] {
  const y = (yearsBefore: number, monthDay: string) => `${year - yearsBefore}-${monthDay}`;
  const villeurbanne = (street: string) => `${street}, 69100 Villeurbanne`;
  const vaulx = (street: string) => `${street}, 69120 Vaulx-en-Velin`;
  return [
    {
      name: "Jean-Pierre Roux",
      civility: "monsieur",
      email: "jp.roux@example.fr",
      mobile: "06 14 22 87 31",
      landline: "04 78 84 21 09",
      address: villeurbanne("8 rue Anatole-France"),
      start: y(11, "03-14"),
      plots: [["brosses", 1]],
    },
    {
      name: "Josiane Martin",
      civility: "madame",
      email: "josiane.martin@example.fr",
      mobile: "06 81 47 20 56",
      address: villeurbanne("41 rue Francis-de-Pressensé"),
      start: y(11, "04-04"),
      notes: "Secrétaire de l'association.",
      plots: [["brosses", 2]],
    },
    {
      name: "Fatima Benali",
      civility: "madame",
      email: "fatima.benali@example.fr",
      mobile: "06 52 18 93 40",
      address: villeurbanne("3 rue des Brosses"),
      start: y(10, "03-19"),
      notes: "Référente du jardin partagé (parcelle 12).",
      plots: [
        ["brosses", 3],
        ["brosses", 12, y(5, "04-10")],
      ],
    },
    {
      name: "Élodie Lambert",
      civility: "madame",
      email: "elodie.lambert@example.fr",
      mobile: "07 66 12 48 90",
      address: villeurbanne("19 cours Émile-Zola"),
      start: y(0, "01-10"),
      plots: [["brosses", 4]],
      cabinTakeover: true,
    },
    {
      name: "Giuseppe Rinaldi",
      civility: "monsieur",
      email: "g.rinaldi@example.fr",
      mobile: "06 09 73 25 18",
      landline: "04 78 68 30 12",
      address: villeurbanne("56 rue Léon-Blum"),
      start: y(11, "09-12"),
      plots: [["brosses", 5]],
    },
    {
      name: "Hervé Dubois",
      civility: "monsieur",
      email: "herve.dubois@example.fr",
      mobile: "06 24 95 61 07",
      address: villeurbanne("12 rue Jean-Jaurès"),
      start: y(11, "03-14"),
      notes: "Ancien trésorier de l'association (jusqu'en 2025).",
      plots: [["brosses", 6]],
    },
    {
      name: "Lucien Moreau",
      civility: "monsieur",
      email: "lucien.moreau@example.fr",
      mobile: "06 37 80 14 62",
      address: villeurbanne("5 impasse des Lilas"),
      start: y(10, "10-08"),
      plots: [["brosses", 7]],
      unpaid: true,
    },
    {
      name: WARNED,
      civility: "madame",
      email: "dominique.girard@example.fr",
      mobile: "06 71 58 36 24",
      address: villeurbanne("88 avenue Henri-Barbusse"),
      start: y(10, "04-23"),
      notes: "Travaille en horaires décalés, plutôt joignable le soir.",
      plots: [["brosses", 8]],
      unpaid: true,
      reminded: true,
    },
    {
      name: "Bernard Petit",
      civility: "monsieur",
      email: "bernard.petit@example.fr",
      mobile: "06 71 23 45 89",
      address: villeurbanne("22 rue Frédéric-Fays"),
      start: y(9, "03-11"),
      plots: [["brosses", 10]],
    },
    {
      name: "Marie-Claude Fournier",
      civility: "madame",
      email: "mc.fournier@example.fr",
      mobile: "06 45 90 32 17",
      landline: "04 72 37 55 81",
      address: villeurbanne("7 place Lazare-Goujon"),
      start: y(9, "05-06"),
      plots: [["brosses", 11]],
    },
    {
      name: "Karim Benali",
      civility: "monsieur",
      email: "karim.benali@example.fr",
      mobile: "06 45 67 89 12",
      address: villeurbanne("3 rue des Brosses"),
      start: y(8, "02-24"),
      notes: "Membre du bureau, chargé des visites de parcelles.",
      plots: [["brosses", 13]],
    },
    {
      name: "Chantal Morel",
      civility: "madame",
      email: "chantal.morel@example.fr",
      mobile: "06 88 14 70 25",
      address: villeurbanne("30 rue Flachet"),
      start: y(8, "09-15"),
      plots: [["brosses", 15]],
    },
    {
      name: "Sophie Garcia",
      civility: "madame",
      email: "sophie.garcia@example.fr",
      mobile: "07 68 54 32 10",
      address: villeurbanne("15 rue du 4-Août-1789"),
      start: y(5, "03-20"),
      plots: [["brosses", 16]],
    },
    {
      name: "Carmen López",
      civility: "madame",
      email: "carmen.lopez@example.fr",
      mobile: "06 13 57 92 46",
      address: villeurbanne("61 rue Paul-Verlaine"),
      start: y(6, "06-13"),
      plots: [["brosses", 18]],
      unpaid: true,
    },
    {
      name: "Tran Minh Duc",
      civility: "monsieur",
      email: "tran.minhduc@example.fr",
      mobile: "07 81 26 44 53",
      address: villeurbanne("9 rue Octavie"),
      start: y(5, "10-02"),
      plots: [["brosses", 19]],
    },
    {
      name: "Ana Pereira",
      civility: "madame",
      email: "ana.pereira@example.fr",
      mobile: "06 29 63 18 75",
      address: villeurbanne("24 rue Alexis-Perroncel"),
      start: y(3, "03-04"),
      plots: [["brosses", 20]],
    },
    {
      name: "Samira Bouzid",
      civility: "madame",
      email: "samira.bouzid@example.fr",
      mobile: "07 52 90 11 38",
      address: villeurbanne("4 rue Baudin"),
      start: y(1, "04-12"),
      plots: [["brosses", 22]],
    },
    {
      name: "Arthur Blanc",
      civility: "monsieur",
      email: "arthur.blanc@example.fr",
      mobile: "06 95 40 27 81",
      address: villeurbanne("73 cours Tolstoï"),
      start: y(1, "09-20"),
      plots: [["brosses", 23]],
    },
    {
      name: "Julien Bertrand",
      civility: "monsieur",
      email: "julien.bertrand@example.fr",
      mobile: "06 58 31 74 09",
      address: villeurbanne("11 rue Pierre-Baratin"),
      start: y(0, "01-24"),
      notes: "Enseignant à l'école Jean-Moulin : parcelle pédagogique cultivée avec sa classe de CM1.",
      plots: [["brosses", 24]],
    },
    {
      name: "Aïcha Mansouri",
      civility: "madame",
      email: "aicha.mansouri@example.fr",
      mobile: "06 31 72 85 40",
      address: vaulx("18 avenue Gabriel-Péri"),
      start: y(7, "03-16"),
      plots: [["thibaude", 1]],
    },
    {
      name: "Hakan Yılmaz",
      civility: "monsieur",
      email: "hakan.yilmaz@example.fr",
      mobile: "06 67 29 14 83",
      address: vaulx("5 rue Jules-Romains"),
      start: y(8, "04-07"),
      plots: [["thibaude", 2]],
      unpaid: true,
    },
    {
      name: "Rachid Amrani",
      civility: "monsieur",
      email: "r.amrani@example.fr",
      mobile: "07 49 83 20 67",
      address: vaulx("42 avenue Georges-Dimitrov"),
      start: y(7, "05-25"),
      plots: [["thibaude", 3]],
    },
    {
      name: "Nguyen Thi Lan",
      civility: "madame",
      email: "nguyen.thilan@example.fr",
      mobile: "06 76 05 39 12",
      address: vaulx("9 chemin de la Ferme"),
      start: y(6, "03-07"),
      notes: `Cultive aussi la parcelle 7, voisine de la sienne, depuis ${year - 3}.`,
      plots: [
        ["thibaude", 4],
        ["thibaude", 7, y(3, "03-11")],
      ],
    },
    {
      name: "Leïla Bensaïd",
      civility: "madame",
      email: "leila.bensaid@example.fr",
      mobile: "06 20 48 67 95",
      address: vaulx("27 rue de la République"),
      start: y(4, "03-12"),
      plots: [["thibaude", 5]],
      unpaid: true,
      reminded: true,
    },
    {
      name: "Mamadou Diallo",
      civility: "monsieur",
      email: "mamadou.diallo@example.fr",
      mobile: "07 58 62 93 04",
      address: vaulx("3 allée du Mas-du-Taureau"),
      start: y(4, "04-09"),
      plots: [["thibaude", 6]],
    },
    {
      name: "Armen Petrossian",
      civility: "monsieur",
      email: "armen.petrossian@example.fr",
      mobile: "06 43 15 78 26",
      address: vaulx("16 rue Émile-Zola"),
      start: y(3, "02-25"),
      notes: "Référent du jardin partagé de la Thibaude, animé avec le centre social.",
      plots: [["thibaude", 8]],
    },
    {
      name: "Abdoulaye Traoré",
      civility: "monsieur",
      email: "abdoulaye.traore@example.fr",
      mobile: "07 62 37 81 59",
      address: vaulx("11 avenue Roger-Salengro"),
      start: y(2, "03-23"),
      plots: [["thibaude", 9]],
      unpaid: true,
      reminded: true,
    },
    {
      name: "Agnieszka Kowalska",
      civility: "madame",
      email: "a.kowalska@example.fr",
      mobile: "06 84 26 59 73",
      address: vaulx("35 rue Victor-Hugo"),
      start: y(1, "03-29"),
      plots: [["thibaude", 12]],
    },
    {
      name: "Koffi Mensah",
      civility: "monsieur",
      email: "koffi.mensah@example.fr",
      mobile: "07 67 91 02 48",
      address: vaulx("8 rue Franklin"),
      start: y(0, "01-17"),
      plots: [["thibaude", 14]],
    },
    {
      name: "Yasmina Cherif",
      civility: "madame",
      email: "yasmina.cherif@example.fr",
      mobile: "06 39 54 86 21",
      address: vaulx("20 promenade Lénine"),
      start: y(2, "04-20"),
      plots: [["thibaude", 15]],
    },
    {
      name: "Gérard Fontaine",
      civility: "monsieur",
      email: "gerard.fontaine@example.fr",
      mobile: "06 12 85 47 39",
      landline: "04 78 85 62 14",
      address: villeurbanne("6 rue Antonin-Perrin"),
      start: y(11, "04-18"),
      end: y(1, "10-31"),
      notes: "Parti s'installer en Bretagne ; a laissé ses outils au local commun.",
      plots: [["brosses", 14]],
    },
    {
      name: "Nadia Benhamou",
      civility: "madame",
      email: "nadia.benhamou@example.fr",
      mobile: "07 53 68 20 91",
      address: vaulx("12 rue Maurice-Audin"),
      start: y(7, "04-13"),
      end: y(1, "12-15"),
      notes: "A rendu sa parcelle faute de temps ; souhaite rester informée des ateliers.",
      plots: [["thibaude", 10]],
    },
  ];
}

/**
 * The last round of each garden, `daysBefore` the seed, and an earlier one at the Brosses: the plot of `WARNED`
 * neglected both times (the warning's note); every other plot held then is « conforme ».
 */
export const DEMO_ROUNDS: { site: SiteKey; daysBefore: number; inspector: string; warning?: string }[] = [
  {
    site: "brosses",
    daysBefore: 147,
    inspector: "Bureau (Hervé et Fatima)",
    warning: "Parcelle peu entretenue : herbes hautes et liserons sur la moitié du terrain.",
  },
  {
    site: "brosses",
    daysBefore: 42,
    inspector: "Bureau (Josiane et Karim)",
    warning: "Herbes hautes dans les allées, chiendent monté en graines.",
  },
  { site: "thibaude", daysBefore: 35, inspector: "Bureau (Josiane et Karim)" },
];
/** A plot praised at each round, and the note it gets. */
export const DEMO_PRAISED: { site: SiteKey; number: number; note: string } = {
  site: "thibaude",
  number: 8,
  note: "Très beau paillage, bravo à toute l'équipe.",
};

/**
 * A letter to the gardeners of the Brosses, sent `daysBefore` the seed as a service message (a water cut on their
 * site: decision 029); one address refused it.
 */
export const DEMO_WATER_CUT = {
  site: "Jardin des Brosses",
  daysBefore: 9,
  subject: "Coupure d'eau samedi matin au Jardin des Brosses",
  message: [
    "<p>Bonjour à toutes et à tous,</p>",
    "<p>La Ville coupera l'eau du jardin <strong>samedi de 8 h à 13 h</strong> pour réparer la vanne principale, qui fuit depuis l'orage de la semaine dernière.</p>",
    "<p>Pensez à remplir vos arrosoirs et vos récupérateurs vendredi soir, et à fermer le robinet de votre parcelle : l'eau reviendra d'un coup en fin de matinée.</p>",
    "<p>Hervé et Fatima ouvriront le portail au plombier à 8 h. Pour toute question, répondez simplement à ce message.</p>",
    "<p>Bonne semaine au jardin,<br>Le bureau</p>",
  ].join(""),
  bounced: 1,
} as const;
