import type { DEMO_SCENES } from "./demo.images.server";

/**
 * The demo's French sample content for the site: the association's texts, articles, events, ads and garden
 * applications. Data only: `demo.server.ts` writes it. Images are named by their scene (drawn at the seed) and dates
 * are counted in days from the day of the seed, so that the demo always looks recent.
 */

type Scene = keyof typeof DEMO_SCENES;

/** A moment `days` from the seed (negative: in the past), at `hour` o'clock in Paris. */
interface DemoMoment {
  days: number;
  hour: number;
}

/** What each picture shows, for its text alternative (a few annexes are left to describe: the dashboard says so). */
export const DEMO_IMAGE_ALTS: Partial<Record<Scene, string>> = {
  home: "Rangs de salades, de tomates et de haricots dans une parcelle ensoleillée du jardin des Brosses",
  spring: "Jeunes pousses alignées dans une parcelle au printemps",
  summer: "Rangs de courges et de tomates mûres en plein été",
  evening: "Le jardin des Brosses à la tombée du jour, les allées encore éclairées",
  tools: "Allées du jardin partagé, près de la cabane à outils",
};

/** The pictures of the page « L'association », in their order. */
export const DEMO_ASSOCIATION_IMAGES: Scene[] = ["spring", "summer", "tools"];

/** The site's texts and the association's facts (the charter and rules are the defaults). */
export const DEMO_SITE_TEXTS = {
  titreAccueil: "Cultivons ensemble les jardins de Villeurbanne",
  texteIntro:
    "Depuis 1996, notre association fait vivre des jardins familiaux et partagés à Villeurbanne et Vaulx-en-Velin. Une parcelle pour nourrir sa famille, un coin de nature pour apprendre, et des voisins pour partager les récoltes.",
  texteFooter:
    "Association loi 1901 de jardiniers bénévoles. Jardins familiaux et partagés à Villeurbanne et Vaulx-en-Velin, ouverts à toutes et à tous.",
  titreAssociation: "Une association de jardiniers, pas une simple location de terrain",
  contentAssociation: `<p>Notre association gère <strong>39 parcelles</strong>, familiales et partagées, sur deux sites : le jardin des Brosses à Villeurbanne et le jardin de la Thibaude à Vaulx-en-Velin.</p>
<p>Chaque jardinier cultive sa parcelle (de 80 à 250 m²) selon la <em>charte du jardinage naturel</em> : pas de pesticides de synthèse, récupération de l'eau de pluie, compost collectif. En échange d'une cotisation modeste, l'association fournit l'eau, les outils partagés et le composteur collectif ; certaines parcelles ont leur cabane, reprise au jardinier sortant.</p>
<p><strong>Ce que nous faisons</strong></p>
<ul><li>des ateliers mensuels de semis, de taille et de compostage ;</li><li>une bourse aux plants au printemps et une fête des récoltes en septembre ;</li><li>l'accueil d'écoles et de centres sociaux dans les jardins partagés.</li></ul>
<p>Le bureau est composé de bénévoles élus chaque année en assemblée générale. Une visite mensuelle des parcelles permet de veiller ensemble au respect du règlement.</p>`,
  adresse: "Maison des jardins, 14 rue du Docteur Rollet, 69100 Villeurbanne",
  telephone: "04 78 12 34 56",
  email: "contact@jardins-villeurbanne.fr",
  horaires: "Permanences\u202f: samedi 9\u00a0h – 12\u00a0h",
  // The register's figures, should the demo register be removed while these stay.
  parcellesOccupees: 35,
  parcellesTotal: 39,
  nomAssociation: "Potager",
  // Payment details for the demo's fee call: the official example IBAN, no real account.
  feeIban: "FR76 3000 6000 0112 3456 7890 189",
  feeChequeOrder: "Potager",
  slogan: "Jardins familiaux et partagés de Villeurbanne et Vaulx-en-Velin",
};

/** The published articles, `days` after the seed (in the past). */
export const DEMO_ARTICLES: {
  title: string;
  author: string;
  image: Scene;
  alt: string;
  days: number;
  annexes?: Scene[];
  content: string;
}[] = [
  {
    title: "Préparer son potager pour l'hiver",
    author: "Josiane Martin",
    image: "autumn",
    alt: "Parcelle paillée de feuilles mortes à l'automne, quelques poireaux encore en place",
    days: -40,
    content:
      "<p>Les dernières récoltes rentrées, il est temps de <strong>protéger la terre</strong> pour l'hiver. Un sol nu s'appauvrit et se tasse sous la pluie : couvrez-le de feuilles mortes, de paille ou d'un engrais vert comme la phacélie.</p><p>C'est aussi le moment de planter l'ail, les échalotes et les fèves, et de rentrer les tuyaux avant les premières gelées. Pensez à vider les récupérateurs d'eau de la cabane.</p>",
  },
  {
    title: "Retour sur la fête des récoltes",
    author: "Hervé Dubois",
    image: "summer",
    alt: "Les parcelles du jardin des Brosses le jour de la fête des récoltes",
    days: -20,
    annexes: ["evening", "tools"],
    content:
      "<p>Plus de 150 personnes sont venues au jardin des Brosses pour notre fête des récoltes. Au programme : concours de la plus grosse courge (gagné par Fatima avec 23 kg !), soupe partagée et troc de graines.</p><p>Merci aux bénévoles qui ont monté les stands et aux enfants de l'école Jean-Moulin pour leurs dessins d'épouvantails.</p>",
  },
  {
    title: "Le compost collectif, mode d'emploi",
    author: "Fatima Benali",
    image: "tools",
    alt: "Les trois bacs du compost collectif à côté de la cabane commune",
    days: -5,
    content:
      "<p>Trois bacs sont à votre disposition près de la cabane commune : <em>apport</em>, <em>maturation</em> et <em>compost mûr</em>. Déposez vos épluchures, marc de café et déchets verts dans le premier bac, en alternant avec de la matière sèche (feuilles, broyat).</p><ul><li>Pas de viande, de poisson ni de produits laitiers.</li><li>Pas de plantes malades.</li><li>Un brassage toutes les deux semaines : inscrivez-vous sur le planning.</li></ul>",
  },
];

/** A draft still being written, started two days before the seed. */
export const DEMO_DRAFT = {
  title: "Semis de printemps sous abri",
  author: "Josiane Martin",
  createdDays: -2,
  content:
    "<p>Dès la fin février, on peut semer à l'abri tomates, poivrons et aubergines. Il leur faut de la chaleur (20 °C) et beaucoup de lumière.</p><p>À compléter : la liste des variétés de la grainothèque, et les dates de l'atelier.</p>",
};

/** An article that goes public by itself three days after the seed. */
export const DEMO_SCHEDULED: {
  title: string;
  author: string;
  createdDays: number;
  publishAt: DemoMoment;
  image: Scene;
  content: string;
} = {
  title: "Commande groupée de semences bio : c'est parti",
  author: "Hervé Dubois",
  createdDays: -1,
  publishAt: { days: 3, hour: 8 },
  image: "spring",
  content:
    "<p>Comme chaque année, l'association passe une commande groupée de semences biologiques auprès d'un semencier de la Drôme. Les prix sont ceux des professionnels, et les frais de port sont partagés.</p><ul><li>Catalogue à consulter à la Maison des jardins pendant les permanences.</li><li>Bons de commande à rendre avant le 15 janvier.</li><li>Distribution lors de la permanence de février.</li></ul>",
};

/** The events, two past and two to come; the general assembly takes sign-ups (`DEMO_ASSEMBLY`). */
export const DEMO_EVENTS: {
  title: string;
  description: string;
  location: string;
  start: DemoMoment;
  end: DemoMoment;
  image: Scene;
  annexes?: Scene[];
  content: string;
  assembly?: true;
}[] = [
  {
    title: "Atelier taille des arbres fruitiers",
    description: "Apprenez à tailler pommiers et poiriers avec un arboriculteur bénévole.",
    location: "Jardin des Brosses, Villeurbanne",
    start: { days: -30, hour: 9 },
    end: { days: -30, hour: 12 },
    image: "spring",
    content: "<p>Sécateur et gants conseillés. Démonstration puis pratique sur les arbres du verger partagé.</p>",
  },
  {
    title: "Fête des récoltes",
    description: "Soupe partagée, troc de graines et concours de la plus grosse courge.",
    location: "Jardin des Brosses, Villeurbanne",
    start: { days: -21, hour: 11 },
    end: { days: -21, hour: 18 },
    image: "summer",
    annexes: ["evening"],
    content: "<p>Une journée festive ouverte à tous, jardiniers ou non. Apportez un plat à partager !</p>",
  },
  {
    title: "Assemblée générale annuelle",
    description: "Bilan de l'année, élection du bureau et attribution des parcelles libérées.",
    location: "Maison des jardins, 14 rue du Docteur Rollet, Villeurbanne",
    start: { days: 12, hour: 18 },
    end: { days: 12, hour: 20 },
    image: "evening",
    content:
      "<p>Tous les adhérents sont invités. L'ordre du jour sera envoyé par e-mail deux semaines avant. Un pot de l'amitié suivra.</p>",
    assembly: true,
  },
  {
    title: "Bourse aux plants et aux graines",
    description: "Échangez vos semences et vos plants de légumes, gratuitement.",
    location: "Jardin de la Thibaude, Vaulx-en-Velin",
    start: { days: 45, hour: 10 },
    end: { days: 45, hour: 13 },
    image: "spring",
    content:
      "<p>Apportez vos graines en sachets étiquetés (variété, année de récolte). Les novices sont les bienvenus !</p>",
  },
];

/** The general assembly's sign-ups (for the room and the drink after): its settings, and who signed up. */
export const DEMO_ASSEMBLY = {
  settings: {
    signupCapacity: 60,
    signupMaxPeople: 2,
    signupQuestion: "Resterez-vous au pot de l'amitié ?",
  },
  /** Name, people, answer; a day apart, from ten days before the seed. */
  members: [
    ["Hervé Dubois", 1, "Oui"],
    ["Sophie Garcia", 2, "Oui, avec mon conjoint"],
    ["Bernard Petit", 1, "Non, je partirai à 20 h"],
    ["Aïcha Mansouri", 1, "Oui"],
    ["Lucien Moreau", 2, "Oui"],
  ] as [string, number, string][],
};

/**
 * The same assembly as the association's statutory one (decision 030): its agenda, convened `convokedDays` before the
 * seed (within the statutes' 15 days), and the answers of the first members by family name, by their place in that
 * order: present, a proxy to another (by place), or absent.
 */
export const DEMO_GENERAL_ASSEMBLY = {
  convokedDays: 5,
  /** The bureau the previous assembly elected (its minutes, point 5), the officers until this one's election. */
  officers: [
    { office: "presidence", name: "Marie Lambert", since: "2025-03-08" },
    { office: "tresorerie", name: "Karim Benali", since: "2025-03-08" },
    { office: "secretariat", name: "Hélène Rousseau", since: "2025-03-08" },
  ] as const,
  /** Members without a plot, approved by the bureau (the demo's statutes, art. 4). */
  volunteers: [
    {
      familyName: "Vial",
      givenNames: "Gérard",
      civility: "monsieur" as const,
      email: "gerard.vial@example.org",
      address: "8 rue des Vignes, 69290 Craponne",
      startDate: "2024-04-06",
      note: "Bénévole du compost partagé, agréé par le bureau du 6 avril 2024.",
    },
  ],
  agenda: [
    { title: "Approbation du procès-verbal de l'assemblée précédente", isResolution: true },
    { title: "Rapport moral de la présidente", isResolution: true },
    { title: "Rapport financier et approbation des comptes", isResolution: true },
    { title: "Budget et montant de la cotisation", isResolution: true },
    { title: "Élection du bureau", isResolution: false, isElection: true },
    { title: "Questions diverses", isResolution: false },
  ],
  answers: [
    { answer: "present" },
    { answer: "pouvoir", holder: 0 },
    { answer: "present" },
    { answer: "absent" },
    { answer: "pouvoir", holder: 0 },
    { answer: "pouvoir", holder: 2 },
    { answer: "present" },
  ] as ({ answer: "present" | "absent" } | { answer: "pouvoir"; holder: number })[],
};

/** The small ads, as the public form sends them, `days` after the seed; one still awaits validation. */
export const DEMO_ADS: {
  nom: string;
  telephone: string;
  email?: string;
  type: string;
  contenu: string;
  days: number;
  photo?: Scene;
  validated: boolean;
}[] = [
  {
    nom: "Bernard Petit",
    telephone: "06 71 23 45 89",
    type: "donne",
    contenu: "Je donne une vingtaine de plants de fraisiers (gariguette), à venir chercher au jardin des Brosses.",
    days: -12,
    validated: true,
  },
  {
    nom: "Sophie Garcia",
    telephone: "07 68 54 32 10",
    email: "sophie.garcia@example.fr",
    type: "recherche",
    contenu: "Recherche une grelinette en bon état, prix raisonnable.",
    days: -8,
    validated: true,
  },
  {
    nom: "Karim Benali",
    telephone: "06 45 67 89 12",
    type: "vend",
    contenu: "Vends récupérateur d'eau de pluie 300 L avec robinet, 25 €.",
    days: -3,
    photo: "tools",
    validated: true,
  },
  {
    nom: "Lucie Moreau",
    telephone: "06 98 76 54 32",
    type: "échange",
    contenu: "Échange graines de tomates anciennes contre graines de courges.",
    days: -1,
    validated: false,
  },
];

/** Garden applications, as the public form sends them (its commitments ticked), `days` after the seed. */
export const DEMO_APPLICATIONS = [
  {
    nom: "Camille Durand",
    email: "camille.durand@example.fr",
    adresse: "8 rue Flachet",
    ville: "Villeurbanne",
    telephoneportable: "06 12 34 56 78",
    taillejardin: "petite",
    experience: "Quelques bacs sur mon balcon depuis trois ans.",
    tempsdisponible: "2h",
    motivations: "Faire découvrir le jardinage à mes enfants et manger des légumes de saison.",
    days: -9,
    processed: true,
  },
  {
    nom: "Mehdi Haddad",
    email: "mehdi.haddad@example.fr",
    adresse: "25 avenue Gabriel Péri",
    ville: "Vaulx-en-velin",
    telephoneportable: "07 11 22 33 44",
    taillejardin: "moyenne",
    experience: "J'ai aidé mes parents au potager familial pendant toute mon enfance.",
    tempsdisponible: "weekend",
    motivations: "Retrouver le plaisir de cultiver et rencontrer d'autres jardiniers du quartier.",
    days: -2,
    processed: false,
  },
];

/**
 * The association's documents (decision 028), made as small PDFs at the seed: the statutes and the règlement
 * intérieur, public, and the minutes of last year's general assembly, for the members. `year` is the seed's.
 */
export const demoDocuments = (year: number, reglement: string) => {
  const assembly = secondSaturdayOfMarch(year - 1);
  const assemblyDay = `${Number(assembly.slice(8))} mars ${year - 1}`;
  return [
    {
      kind: "statuts",
      title: "Statuts de l'association Potager",
      date: `${year - 6}-03-17`,
      visibility: "public",
      subtitle: [
        "Association régie par la loi du 1er juillet 1901",
        `Adoptés par l'assemblée générale extraordinaire du 17 mars ${year - 6}`,
      ],
      paragraphs: [
        "Article 1 — Dénomination. Il est fondé entre les adhérents aux présents statuts une association régie par la loi du 1er juillet 1901, ayant pour titre « Potager ».",
        "Article 2 — Objet. L'association a pour objet de créer, gérer et animer des jardins familiaux et partagés à Villeurbanne et Vaulx-en-Velin, de favoriser le jardinage naturel et les échanges entre jardiniers.",
        "Article 3 — Siège. Le siège est fixé à la Maison des jardins, 14 rue du Docteur Rollet, 69100 Villeurbanne. Il peut être transféré par décision du bureau.",
        "Article 4 — Membres. Sont membres les jardiniers titulaires d'une parcelle à jour de leur cotisation, et les bénévoles agréés par le bureau.",
        "Article 5 — Cotisation. Le montant de la cotisation annuelle est fixé chaque année par l'assemblée générale, selon la taille de la parcelle.",
        "Article 6 — Assemblée générale. L'assemblée générale ordinaire se réunit une fois par an. Les membres sont convoqués quinze jours au moins avant la date fixée ; l'ordre du jour figure sur la convocation. Chaque membre peut se faire représenter par un autre membre, qui ne peut détenir plus de deux pouvoirs.",
        "Article 7 — Bureau. L'assemblée générale élit un bureau d'au moins trois membres : un président, un trésorier et un secrétaire, pour deux ans renouvelables.",
        "Article 8 — Ressources. Les ressources de l'association comprennent les cotisations, les subventions des collectivités et les dons manuels.",
        "Article 9 — Règlement intérieur. Un règlement intérieur, adopté par l'assemblée générale, précise les règles de fonctionnement des jardins.",
        "Article 10 — Dissolution. En cas de dissolution, l'actif net est attribué à une association poursuivant un but similaire.",
      ],
    },
    {
      kind: "reglement_interieur",
      title: "Règlement intérieur des jardins",
      date: assembly,
      visibility: "public",
      subtitle: [`Adopté par l'assemblée générale du ${assemblyDay}`],
      paragraphs: reglement.split("\n"),
    },
    {
      kind: "proces_verbal",
      title: `Procès-verbal de l'assemblée générale du ${assemblyDay}`,
      date: assembly,
      visibility: "membres",
      subtitle: ["Maison des jardins, 14 rue du Docteur Rollet, Villeurbanne", "Séance ouverte à 18 h 10"],
      paragraphs: [
        "Présents ou représentés : 27 membres sur 41 ; le quorum du tiers des membres est atteint, l'assemblée peut délibérer.",
        "Point 1 — Rapport moral. La présidente rappelle les travaux de l'année : réfection des allées du jardin des Brosses, trois ateliers de taille, la fête des récoltes. Le rapport moral est adopté à l'unanimité.",
        "Point 2 — Rapport financier. Le trésorier présente les comptes : 9 840 € de recettes, 9 215 € de dépenses. Les comptes sont approuvés par 25 voix pour et 2 abstentions.",
        "Point 3 — Cotisations. L'assemblée fixe la cotisation de l'année à 35 € pour une petite parcelle, 45 € pour une moyenne et 55 € pour une grande. Adopté par 24 voix pour, 1 contre et 2 abstentions.",
        "Point 4 — Règlement intérieur. L'article 5 (eau) est précisé : pas d'arrosage aux heures chaudes. Le règlement modifié est adopté à l'unanimité.",
        "Point 5 — Élection du bureau. Sont élus pour deux ans : présidente, Marie Lambert ; trésorier, Karim Benali ; secrétaire, Hélène Rousseau.",
        "L'ordre du jour étant épuisé, la séance est levée à 20 h 05. La présidente et la secrétaire signent le présent procès-verbal.",
      ],
    },
  ] as const;
};

/** The date the association holds its general assembly: the second Saturday of March (YYYY-MM-DD). */
function secondSaturdayOfMarch(year: number) {
  const first = new Date(Date.UTC(year, 2, 1)).getUTCDay();
  const day = 1 + ((6 - first + 7) % 7) + 7;
  return `${year}-03-${String(day).padStart(2, "0")}`;
}
