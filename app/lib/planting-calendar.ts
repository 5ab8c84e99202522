/**
 * What to sow, plant and harvest each month in a vegetable garden around Lyon: a semi-continental climate, last
 * frosts around mid-April (tomatoes and squash go out after the « Saints de glace », 11 to 13 May), first frosts in
 * late October or November. Safe for the browser.
 */
export interface GardenMonth {
  /** 1 to 12. */
  month: number;
  name: string;
  sow: string[];
  plant: string[];
  harvest: string[];
  /** The month's main work in the garden, in one sentence. */
  work: string;
}

export const PLANTING_CALENDAR: readonly GardenMonth[] = [
  {
    month: 1,
    name: "janvier",
    sow: [
      "piments et aubergines au chaud, à l'intérieur",
      "laitues de printemps et radis sous abri",
      "oignons et poireaux précoces en caissette",
    ],
    plant: [
      "arbres fruitiers et petits fruits, hors période de gel",
      "ail rose et échalotes grises si le sol n'est pas gelé",
    ],
    harvest: ["poireaux", "choux de Bruxelles et chou kale", "mâche", "panais", "topinambours", "céleri-rave"],
    work: "Taillez les arbres fruitiers hors gel, nettoyez et affûtez les outils, et commandez les graines de la saison.",
  },
  {
    month: 2,
    name: "février",
    sow: [
      "tomates, poivrons et céleri au chaud, à l'intérieur",
      "fèves et pois en pleine terre si le sol est ressuyé",
      "laitues, radis et épinards sous abri froid",
    ],
    plant: ["ail, échalotes et oignons blancs", "rhubarbe et framboisiers", "arbres fruitiers, avant le débourrement"],
    harvest: ["poireaux", "choux", "mâche", "panais", "topinambours", "épinards d'hiver"],
    work: "Apportez le compost mûr sur les planches et bâchez-les pour réchauffer la terre avant les premiers semis.",
  },
  {
    month: 3,
    name: "mars",
    sow: [
      "carottes, radis, navets et épinards en pleine terre",
      "pois, fèves, laitues et persil",
      "poireaux en pépinière",
      "tomates, choux et betteraves sous abri",
    ],
    plant: ["pommes de terre primeurs, en fin de mois", "oignons et échalotes", "fraisiers, asperges et artichauts"],
    harvest: ["poireaux", "épinards", "mâche", "radis sous abri", "derniers choux d'hiver"],
    work: "Ameublissez le sol à la grelinette sans le retourner, installez les tuteurs et gardez un voile sous la main contre les gelées tardives.",
  },
  {
    month: 4,
    name: "avril",
    sow: [
      "carottes, betteraves, blettes et radis",
      "laitues, pois et navets",
      "courgettes, concombres, courges et basilic au chaud, sous abri",
    ],
    plant: ["pommes de terre", "choux pommés et laitues", "oignons et artichauts"],
    harvest: ["radis", "épinards", "laitues", "asperges", "rhubarbe"],
    work: "Attendez les Saints de glace (11 au 13 mai) pour sortir tomates et courges ; désherbez et paillez les premiers semis.",
  },
  {
    month: 5,
    name: "mai",
    sow: [
      "haricots, quand la terre est à plus de 12 °C",
      "courgettes, courges, concombres et maïs en pleine terre",
      "carottes, betteraves, radis et laitues",
    ],
    plant: [
      "tomates, aubergines et poivrons après le 15 mai",
      "courgettes, courges, melons et concombres",
      "patates douces",
    ],
    harvest: ["radis", "laitues", "épinards", "asperges", "premières fraises", "petits pois primeurs"],
    work: "Tuteurez les tomates dès la plantation, paillez généreusement et arrosez le soir, au pied.",
  },
  {
    month: 6,
    name: "juin",
    sow: [
      "haricots et carottes",
      "betteraves, navets et radis",
      "chicorées et laitues d'été",
      "choux d'hiver en pépinière",
    ],
    plant: ["poireaux", "choux d'automne et d'hiver", "céleris", "courges tardives"],
    harvest: [
      "fraises",
      "petits pois et fèves",
      "courgettes",
      "laitues",
      "ail et échalotes, en fin de mois",
      "premières pommes de terre",
    ],
    work: "Supprimez les gourmands des tomates, paillez épais et récupérez l'eau de pluie pour l'été.",
  },
  {
    month: 7,
    name: "juillet",
    sow: [
      "haricots, jusqu'à la mi-juillet",
      "carottes d'automne et navets",
      "radis d'hiver, chicorées et laitues d'automne",
      "mâche, en fin de mois",
    ],
    plant: ["poireaux", "choux et céleris", "blettes", "stolons de fraisiers"],
    harvest: [
      "tomates",
      "courgettes",
      "haricots",
      "concombres",
      "aubergines et poivrons",
      "oignons",
      "framboises et abricots",
    ],
    work: "Arrosez tôt le matin, surveillez le mildiou sur les tomates et cueillez les courgettes jeunes, tous les deux jours.",
  },
  {
    month: 8,
    name: "août",
    sow: [
      "mâche et épinards",
      "radis d'hiver et navets",
      "laitues et chicorées d'hiver",
      "oignons blancs, en fin de mois",
      "engrais verts sur les planches libérées",
    ],
    plant: ["fraisiers", "choux d'hiver", "laitues d'automne"],
    harvest: ["tomates", "aubergines et poivrons", "melons", "haricots", "maïs", "pommes de terre", "prunes et mûres"],
    work: "Écimez les tomates à la mi-août et gardez les graines de vos meilleures variétés pour l'an prochain.",
  },
  {
    month: 9,
    name: "septembre",
    sow: [
      "mâche, épinards et radis",
      "laitues d'hiver",
      "oignons blancs",
      "engrais verts : phacélie, moutarde, seigle",
    ],
    plant: ["fraisiers", "laitues d'hiver", "choux de printemps", "oignons blancs"],
    harvest: [
      "tomates",
      "courges et potirons",
      "haricots",
      "pommes de terre de conservation",
      "poireaux",
      "pommes, poires et raisin",
    ],
    work: "Mettez les déchets verts au compost et couvrez chaque planche libérée d'un engrais vert plutôt que de la laisser nue.",
  },
  {
    month: 10,
    name: "octobre",
    sow: ["fèves et pois d'hiver, en fin de mois", "épinards", "engrais verts, au tout début du mois"],
    plant: ["ail, échalotes et oignons", "arbres fruitiers et arbustes", "rhubarbe et fraisiers"],
    harvest: [
      "courges et potirons",
      "carottes et betteraves",
      "céleris",
      "poireaux",
      "choux",
      "mâche",
      "pommes, poires, coings et noix",
    ],
    work: "Rentrez les courges avant les gelées, paillez avec les feuilles mortes et protégez les plantes sensibles.",
  },
  {
    month: 11,
    name: "novembre",
    sow: ["fèves en pleine terre, dans un sol bien drainé", "pois d'hiver, dans les coins abrités"],
    plant: [
      "ail et échalotes",
      "arbres fruitiers, haies et petits fruits : « à la Sainte-Catherine, tout bois prend racine » (25 novembre)",
    ],
    harvest: [
      "poireaux",
      "choux",
      "mâche et épinards",
      "carottes et navets",
      "panais et topinambours",
      "céleri-rave et radis noir",
    ],
    work: "Couvrez le sol de feuilles ou de paille, vidangez tuyaux et récupérateurs d'eau, et rangez les tuteurs à l'abri.",
  },
  {
    month: 12,
    name: "décembre",
    sow: ["rien en pleine terre", "radis et laitues à couper sous abri", "graines germées à l'intérieur"],
    plant: ["arbres fruitiers et petits fruits, hors période de gel", "ail, si la terre le permet"],
    harvest: [
      "poireaux",
      "choux de Bruxelles et chou kale",
      "mâche",
      "panais",
      "topinambours et salsifis",
      "céleri-rave",
    ],
    work: "Entretenez les outils, taillez les fruitiers hors gel et préparez le plan de culture de l'année en pensant aux rotations.",
  },
];

const monthOf = new Intl.DateTimeFormat("fr-FR", { month: "numeric", timeZone: "Europe/Paris" });

/** The entry of the month it is in Paris on `date`. */
export function gardenMonth(date = new Date()): GardenMonth {
  return PLANTING_CALENDAR[Number(monthOf.format(date)) - 1];
}

/** A search for that month's garden work on a video site (search terms only: no video is named). */
export function gardenVideoSearchUrl(month: GardenMonth): string {
  return `https://www.youtube.com/results?search_query=${encodeURIComponent(`potager que semer et planter en ${month.name}`)}`;
}
