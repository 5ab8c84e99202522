import { parisToday, parisYear } from "~/lib/paris-time";
import { splitName } from "~/lib/text";
import { and, count, eq, inArray, isNull, notExists, sql } from "drizzle-orm";
import { getDb, type Executor, type Transaction } from "~/db/client.server";
import * as tables from "~/db/schema";
import { logger } from "~/server/logger.server";
import { adFormSchema } from "~/modules/ads/ads.schema";
import { createAd, validateAd } from "~/modules/ads/ads.server";
import { applicationFormSchema } from "~/modules/applications/applications.schema";
import { createApplication, setApplicationProcessed } from "~/modules/applications/applications.server";
import { createBlogPost } from "~/modules/blog/blog.server";
import { CONTENT_DEFAULTS } from "~/modules/content/content.defaults";
import { ensureContentRow, getContent, updateContent } from "~/modules/content/content.server";
import { createEvent } from "~/modules/events/events.server";
import { cancelColumns } from "~/modules/registrations/registrations.server";
import { saveImage } from "~/modules/media/media.server";
import { plotSize, type PaymentMeans, type PlotKind, type PlotState } from "~/modules/register/plots.labels";
import { renderIcon, renderScene, DEMO_SCENES } from "./demo.images.server";

const DAY = 24 * 60 * 60 * 1000;

/** At a given hour (Paris summer/winter offsets are close enough for demo dates) `days` from today. */
function dayAt(days: number, hour: number, now: Date) {
  const d = new Date(now.getTime() + days * DAY);
  d.setUTCHours(hour - 1, 0, 0, 0);
  return d;
}

async function image(name: keyof typeof DEMO_SCENES) {
  return (await saveImage({ buffer: await renderScene(name) })).url;
}

/**
 * French demo content for a new site: only into an empty database (no content row and no post),
 * so an association's own data is never touched.
 */
export async function seedDemoContent(now = new Date()) {
  const [posts] = await getDb().select({ n: count() }).from(tables.blogPosts);
  if ((await getContent()) || (posts?.n ?? 0) > 0) return false;
  const started = performance.now();

  // One image at a time: seven at once took 100 MiB more at the first start, which malloc then kept.
  const home = await image("home");
  const summer = await image("summer");
  const autumn = await image("autumn");
  const spring = await image("spring");
  const evening = await image("evening");
  const tools = await image("tools");
  const icon = await saveImage({ buffer: await renderIcon() });

  // What each picture shows, for its text alternative (a few annexes are left to describe: the dashboard says so).
  const described: Record<string, string> = {
    [spring]: "Jeunes pousses alignées dans une parcelle au printemps",
    [summer]: "Rangs de courges et de tomates mûres en plein été",
    [evening]: "Le jardin des Brosses à la tombée du jour, les allées encore éclairées",
  };

  const row = await ensureContentRow();
  await updateContent(row.id, {
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
    imageAccueil: home,
    headerIcon: icon.url,
    imagesAssociation: [spring, summer, tools],
    imageAlts: {
      [home]: "Rangs de salades, de tomates et de haricots dans une parcelle ensoleillée du jardin des Brosses",
      [icon.url]: "",
      [spring]: described[spring]!,
      [summer]: described[summer]!,
      [tools]: "Allées du jardin partagé, près de la cabane à outils",
    },
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
    charte: CONTENT_DEFAULTS.charte,
    reglement: CONTENT_DEFAULTS.reglement,
  });

  const articles = [
    {
      title: "Préparer son potager pour l'hiver",
      author: "Josiane Martin",
      image: autumn,
      alt: "Parcelle paillée de feuilles mortes à l'automne, quelques poireaux encore en place",
      days: -40,
      content:
        "<p>Les dernières récoltes rentrées, il est temps de <strong>protéger la terre</strong> pour l'hiver. Un sol nu s'appauvrit et se tasse sous la pluie : couvrez-le de feuilles mortes, de paille ou d'un engrais vert comme la phacélie.</p><p>C'est aussi le moment de planter l'ail, les échalotes et les fèves, et de rentrer les tuyaux avant les premières gelées. Pensez à vider les récupérateurs d'eau de la cabane.</p>",
    },
    {
      title: "Retour sur la fête des récoltes",
      author: "Hervé Dubois",
      image: summer,
      alt: "Les parcelles du jardin des Brosses le jour de la fête des récoltes",
      days: -20,
      annexes: [evening, tools],
      content:
        "<p>Plus de 150 personnes sont venues au jardin des Brosses pour notre fête des récoltes. Au programme : concours de la plus grosse courge (gagné par Fatima avec 23 kg !), soupe partagée et troc de graines.</p><p>Merci aux bénévoles qui ont monté les stands et aux enfants de l'école Jean-Moulin pour leurs dessins d'épouvantails.</p>",
    },
    {
      title: "Le compost collectif, mode d'emploi",
      author: "Fatima Benali",
      image: tools,
      alt: "Les trois bacs du compost collectif à côté de la cabane commune",
      days: -5,
      content:
        "<p>Trois bacs sont à votre disposition près de la cabane commune : <em>apport</em>, <em>maturation</em> et <em>compost mûr</em>. Déposez vos épluchures, marc de café et déchets verts dans le premier bac, en alternant avec de la matière sèche (feuilles, broyat).</p><ul><li>Pas de viande, de poisson ni de produits laitiers.</li><li>Pas de plantes malades.</li><li>Un brassage toutes les deux semaines : inscrivez-vous sur le planning.</li></ul>",
    },
  ];
  for (const post of articles) {
    await createBlogPost(
      {
        title: post.title,
        author: post.author,
        content: post.content,
        image: post.image,
        imageAlts: { [post.image]: post.alt },
        imagesAnnexes: post.annexes ?? [],
      },
      { createdAt: new Date(now.getTime() + post.days * DAY), by: post.author },
    );
  }
  // A draft still being written, and an article that goes public by itself in three days.
  await createBlogPost(
    {
      title: "Semis de printemps sous abri",
      author: "Josiane Martin",
      state: "brouillon",
      image: null,
      content:
        "<p>Dès la fin février, on peut semer à l'abri tomates, poivrons et aubergines. Il leur faut de la chaleur (20 °C) et beaucoup de lumière.</p><p>À compléter : la liste des variétés de la grainothèque, et les dates de l'atelier.</p>",
    },
    { createdAt: new Date(now.getTime() - 2 * DAY), by: "Josiane Martin" },
  );
  await createBlogPost(
    {
      title: "Commande groupée de semences bio : c'est parti",
      author: "Hervé Dubois",
      state: "programme",
      publishAt: dayAt(3, 8, now),
      image: spring,
      imageAlts: { [spring]: described[spring]! },
      content:
        "<p>Comme chaque année, l'association passe une commande groupée de semences biologiques auprès d'un semencier de la Drôme. Les prix sont ceux des professionnels, et les frais de port sont partagés.</p><ul><li>Catalogue à consulter à la Maison des jardins pendant les permanences.</li><li>Bons de commande à rendre avant le 15 janvier.</li><li>Distribution lors de la permanence de février.</li></ul>",
    },
    { createdAt: new Date(now.getTime() - 1 * DAY), by: "Hervé Dubois" },
  );

  const events = [
    {
      title: "Atelier taille des arbres fruitiers",
      description: "Apprenez à tailler pommiers et poiriers avec un arboriculteur bénévole.",
      location: "Jardin des Brosses, Villeurbanne",
      start: dayAt(-30, 9, now),
      end: dayAt(-30, 12, now),
      image: spring,
      content: "<p>Sécateur et gants conseillés. Démonstration puis pratique sur les arbres du verger partagé.</p>",
    },
    {
      title: "Fête des récoltes",
      description: "Soupe partagée, troc de graines et concours de la plus grosse courge.",
      location: "Jardin des Brosses, Villeurbanne",
      start: dayAt(-21, 11, now),
      end: dayAt(-21, 18, now),
      image: summer,
      annexes: [evening],
      content: "<p>Une journée festive ouverte à tous, jardiniers ou non. Apportez un plat à partager !</p>",
    },
    {
      title: "Assemblée générale annuelle",
      description: "Bilan de l'année, élection du bureau et attribution des parcelles libérées.",
      location: "Maison des jardins, 14 rue du Docteur Rollet, Villeurbanne",
      start: dayAt(12, 18, now),
      end: dayAt(12, 20, now),
      image: evening,
      content:
        "<p>Tous les adhérents sont invités. L'ordre du jour sera envoyé par e-mail deux semaines avant. Un pot de l'amitié suivra.</p>",
    },
    {
      title: "Bourse aux plants et aux graines",
      description: "Échangez vos semences et vos plants de légumes, gratuitement.",
      location: "Jardin de la Thibaude, Vaulx-en-Velin",
      start: dayAt(45, 10, now),
      end: dayAt(45, 13, now),
      image: spring,
      content:
        "<p>Apportez vos graines en sachets étiquetés (variété, année de récolte). Les novices sont les bienvenus !</p>",
    },
  ];
  for (const [i, event] of events.entries()) {
    const created = await createEvent(
      {
        title: event.title,
        description: event.description,
        location: event.location,
        start: event.start,
        endDate: event.end,
        content: event.content,
        image: event.image,
        imageAlts: { [event.image]: described[event.image] ?? "" },
        imagesAnnexes: event.annexes ?? [],
      },
      now,
      { createdAt: new Date(now.getTime() - (60 - i * 10) * DAY) },
    );
    if (event.title === "Assemblée générale annuelle") await seedAssemblySignups(created.id, now);
  }

  const adSchema = adFormSchema("demo");
  const ads = [
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
      photo: tools,
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
  for (const ad of ads) {
    const values = adSchema.parse({ ...ad, email: ad.email ?? "", captcha: "demo" });
    const created = await createAd({ ...values, photo1: ad.photo ?? null }, undefined, {
      createdAt: new Date(now.getTime() + ad.days * DAY),
    });
    if (ad.validated) await validateAd(created.id);
  }

  const applications = [
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
  for (const { days, processed, ...form } of applications) {
    const values = applicationFormSchema.parse({
      ...form,
      budgetconnu: "on",
      inspectionconnu: "on",
      engagementcharte: "on",
      engagementreglement: "on",
      engagementlieupublic: "on",
    });
    const created = await createApplication(values, undefined, { date: new Date(now.getTime() + days * DAY) });
    if (processed) await setApplicationProcessed(created.id, true);
  }

  await getDb().transaction((tx) => seedDemoRegister(tx, now));

  await markEverythingDemo();
  logger.info({ ms: Math.round(performance.now() - started) }, "demo content created");
  return true;
}

const DEMO_TABLES = [tables.blogPosts, tables.events, tables.annonces, tables.applications] as const;

/** The seed runs on an empty database: every article, event, ad and application there is the demo's. */
async function markEverythingDemo() {
  await getDb().transaction(async (tx) => {
    for (const table of DEMO_TABLES) await tx.update(table).set({ isDemo: true });
  });
}

/**
 * How many demo rows are left: articles, events, ads, applications and gardeners an administrator has not touched,
 * and the demo's gardens while only such gardeners have held their plots.
 */
export async function countDemoRows(): Promise<number> {
  const db = getDb();
  const counts = await Promise.all([
    ...DEMO_TABLES.map((table) => db.select({ n: count() }).from(table).where(eq(table.isDemo, true))),
    db.select({ n: count() }).from(tables.gardeners).where(eq(tables.gardeners.isDemo, true)),
    db.select({ n: count() }).from(tables.gardenSites).where(demoSite),
  ]);
  return counts.reduce((sum, [row]) => sum + (row?.n ?? 0), 0);
}

/**
 * Removes the demo's articles, events, ads, applications and gardeners (with their plots' holdings, payments and
 * inspection marks), and its gardens, in one transaction; never a row an administrator created or edited (editing
 * clears the mark, and a garden where such a gardener held a plot stays). Their images go with the next media cleanup.
 */
export async function removeDemoContent(executor: Executor = getDb()): Promise<number> {
  return executor.transaction(async (tx) => {
    let removed = 0;
    for (const table of DEMO_TABLES)
      removed += (await tx.delete(table).where(eq(table.isDemo, true)).returning({ id: table.id })).length;
    return removed + (await removeDemoRegister(tx));
  });
}

/** The general assembly takes sign-ups (for the room and the drink after), and a few members have signed up. */
async function seedAssemblySignups(eventId: number, now: Date) {
  await getDb()
    .update(tables.events)
    .set({
      signupsOpen: true,
      signupCapacity: 60,
      signupMaxPeople: 2,
      signupQuestion: "Resterez-vous au pot de l'amitié ?",
    })
    .where(eq(tables.events.id, eventId));
  const members: [string, number, string][] = [
    ["Hervé Dubois", 1, "Oui"],
    ["Sophie Garcia", 2, "Oui, avec mon conjoint"],
    ["Bernard Petit", 1, "Non, je partirai à 20 h"],
    ["Aïcha Mansouri", 1, "Oui"],
    ["Lucien Moreau", 2, "Oui"],
  ];
  await getDb()
    .insert(tables.eventRegistrations)
    .values(
      members.map(([name, people, answer], i) => {
        return {
          eventId,
          name,
          email: `${name
            .toLowerCase()
            .normalize("NFD")
            .replace(/[^a-z ]/g, "")
            .replace(" ", ".")}@example.fr`,
          people,
          answer,
          status: "inscrit" as const,
          ...cancelColumns(),
          createdAt: new Date(now.getTime() - (10 - i) * DAY),
        };
      }),
    );
}

// The plots' register of the demo: two gardens, their plots, gardeners with their payments, and inspections.

const BROSSES = "Jardin des Brosses";
const THIBAUDE = "Jardin de la Thibaude";
/** Who made the demo's fee calls: how their removal recognises them. */
const DEMO_FEE_CALLER = "Bureau";
/** The gardener whose plot was found neglected at two inspections in a row. */
const WARNED = "Dominique Girard";

/**
 * The demo's gardens, as long as nobody edited them, nor added or edited one of their plots, and every gardener who
 * held one of their plots is still the demo's.
 */
const demoSite = and(
  eq(tables.gardenSites.isDemo, true),
  sql`not exists (select 1 from ${tables.plots} where ${tables.plots.siteId} = ${tables.gardenSites.id} and not ${tables.plots.isDemo})`,
  sql`not exists (select 1 from ${tables.plotHoldings}
    join ${tables.plots} on ${tables.plots.id} = ${tables.plotHoldings.plotId}
    left join ${tables.gardeners} on ${tables.gardeners.id} = ${tables.plotHoldings.gardenerId}
    where ${tables.plots.siteId} = ${tables.gardenSites.id} and ${tables.gardeners.isDemo} is not true)`,
);

type SiteKey = "brosses" | "thibaude";

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
const DEMO_FEES = [
  { petite: 3400, moyenne: 4400, grande: 5400 },
  { petite: 3500, moyenne: 4500, grande: 5500 },
] as const;
const ENTRY_BUDGET_CENTS = 25000;
const MEANS: PaymentMeans[] = ["cheque", "virement", "especes", "helloasso"];

/** A calendar date (YYYY-MM-DD); a day past the month's end runs into the next months. */
const calendarDate = (year: number, month: number, day: number) =>
  new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);

/** The gardens and their plots; `year` is the current fee year, so that notes keep their age. */
function demoSites(year: number) {
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
function demoGardeners(year: number): DemoGardener[] {
  const y = (yearsBefore: number, monthDay: string) => `${year - yearsBefore}-${monthDay}`;
  const villeurbanne = (street: string) => `${street}, 69100 Villeurbanne`;
  const vaulx = (street: string) => `${street}, 69120 Vaulx-en-Velin`;
  return [
    {
      name: "Jean-Pierre Roux",
      email: "jp.roux@example.fr",
      mobile: "06 14 22 87 31",
      landline: "04 78 84 21 09",
      address: villeurbanne("8 rue Anatole-France"),
      start: y(11, "03-14"),
      plots: [["brosses", 1]],
    },
    {
      name: "Josiane Martin",
      email: "josiane.martin@example.fr",
      mobile: "06 81 47 20 56",
      address: villeurbanne("41 rue Francis-de-Pressensé"),
      start: y(11, "04-04"),
      notes: "Secrétaire de l'association.",
      plots: [["brosses", 2]],
    },
    {
      name: "Fatima Benali",
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
      email: "elodie.lambert@example.fr",
      mobile: "07 66 12 48 90",
      address: villeurbanne("19 cours Émile-Zola"),
      start: y(0, "01-10"),
      plots: [["brosses", 4]],
      cabinTakeover: true,
    },
    {
      name: "Giuseppe Rinaldi",
      email: "g.rinaldi@example.fr",
      mobile: "06 09 73 25 18",
      landline: "04 78 68 30 12",
      address: villeurbanne("56 rue Léon-Blum"),
      start: y(11, "09-12"),
      plots: [["brosses", 5]],
    },
    {
      name: "Hervé Dubois",
      email: "herve.dubois@example.fr",
      mobile: "06 24 95 61 07",
      address: villeurbanne("12 rue Jean-Jaurès"),
      start: y(11, "03-14"),
      notes: "Trésorier de l'association.",
      plots: [["brosses", 6]],
    },
    {
      name: "Lucien Moreau",
      email: "lucien.moreau@example.fr",
      mobile: "06 37 80 14 62",
      address: villeurbanne("5 impasse des Lilas"),
      start: y(10, "10-08"),
      plots: [["brosses", 7]],
      unpaid: true,
    },
    {
      name: WARNED,
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
      email: "bernard.petit@example.fr",
      mobile: "06 71 23 45 89",
      address: villeurbanne("22 rue Frédéric-Fays"),
      start: y(9, "03-11"),
      plots: [["brosses", 10]],
    },
    {
      name: "Marie-Claude Fournier",
      email: "mc.fournier@example.fr",
      mobile: "06 45 90 32 17",
      landline: "04 72 37 55 81",
      address: villeurbanne("7 place Lazare-Goujon"),
      start: y(9, "05-06"),
      plots: [["brosses", 11]],
    },
    {
      name: "Karim Benali",
      email: "karim.benali@example.fr",
      mobile: "06 45 67 89 12",
      address: villeurbanne("3 rue des Brosses"),
      start: y(8, "02-24"),
      notes: "Membre du bureau, chargé des visites de parcelles.",
      plots: [["brosses", 13]],
    },
    {
      name: "Chantal Morel",
      email: "chantal.morel@example.fr",
      mobile: "06 88 14 70 25",
      address: villeurbanne("30 rue Flachet"),
      start: y(8, "09-15"),
      plots: [["brosses", 15]],
    },
    {
      name: "Sophie Garcia",
      email: "sophie.garcia@example.fr",
      mobile: "07 68 54 32 10",
      address: villeurbanne("15 rue du 4-Août-1789"),
      start: y(5, "03-20"),
      plots: [["brosses", 16]],
    },
    {
      name: "Carmen López",
      email: "carmen.lopez@example.fr",
      mobile: "06 13 57 92 46",
      address: villeurbanne("61 rue Paul-Verlaine"),
      start: y(6, "06-13"),
      plots: [["brosses", 18]],
      unpaid: true,
    },
    {
      name: "Tran Minh Duc",
      email: "tran.minhduc@example.fr",
      mobile: "07 81 26 44 53",
      address: villeurbanne("9 rue Octavie"),
      start: y(5, "10-02"),
      plots: [["brosses", 19]],
    },
    {
      name: "Ana Pereira",
      email: "ana.pereira@example.fr",
      mobile: "06 29 63 18 75",
      address: villeurbanne("24 rue Alexis-Perroncel"),
      start: y(3, "03-04"),
      plots: [["brosses", 20]],
    },
    {
      name: "Samira Bouzid",
      email: "samira.bouzid@example.fr",
      mobile: "07 52 90 11 38",
      address: villeurbanne("4 rue Baudin"),
      start: y(1, "04-12"),
      plots: [["brosses", 22]],
    },
    {
      name: "Arthur Blanc",
      email: "arthur.blanc@example.fr",
      mobile: "06 95 40 27 81",
      address: villeurbanne("73 cours Tolstoï"),
      start: y(1, "09-20"),
      plots: [["brosses", 23]],
    },
    {
      name: "Julien Bertrand",
      email: "julien.bertrand@example.fr",
      mobile: "06 58 31 74 09",
      address: villeurbanne("11 rue Pierre-Baratin"),
      start: y(0, "01-24"),
      notes: "Enseignant à l'école Jean-Moulin : parcelle pédagogique cultivée avec sa classe de CM1.",
      plots: [["brosses", 24]],
    },
    {
      name: "Aïcha Mansouri",
      email: "aicha.mansouri@example.fr",
      mobile: "06 31 72 85 40",
      address: vaulx("18 avenue Gabriel-Péri"),
      start: y(7, "03-16"),
      plots: [["thibaude", 1]],
    },
    {
      name: "Hakan Yılmaz",
      email: "hakan.yilmaz@example.fr",
      mobile: "06 67 29 14 83",
      address: vaulx("5 rue Jules-Romains"),
      start: y(8, "04-07"),
      plots: [["thibaude", 2]],
      unpaid: true,
    },
    {
      name: "Rachid Amrani",
      email: "r.amrani@example.fr",
      mobile: "07 49 83 20 67",
      address: vaulx("42 avenue Georges-Dimitrov"),
      start: y(7, "05-25"),
      plots: [["thibaude", 3]],
    },
    {
      name: "Nguyen Thi Lan",
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
      email: "mamadou.diallo@example.fr",
      mobile: "07 58 62 93 04",
      address: vaulx("3 allée du Mas-du-Taureau"),
      start: y(4, "04-09"),
      plots: [["thibaude", 6]],
    },
    {
      name: "Armen Petrossian",
      email: "armen.petrossian@example.fr",
      mobile: "06 43 15 78 26",
      address: vaulx("16 rue Émile-Zola"),
      start: y(3, "02-25"),
      notes: "Référent du jardin partagé de la Thibaude, animé avec le centre social.",
      plots: [["thibaude", 8]],
    },
    {
      name: "Abdoulaye Traoré",
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
      email: "a.kowalska@example.fr",
      mobile: "06 84 26 59 73",
      address: vaulx("35 rue Victor-Hugo"),
      start: y(1, "03-29"),
      plots: [["thibaude", 12]],
    },
    {
      name: "Koffi Mensah",
      email: "koffi.mensah@example.fr",
      mobile: "07 67 91 02 48",
      address: vaulx("8 rue Franklin"),
      start: y(0, "01-17"),
      plots: [["thibaude", 14]],
    },
    {
      name: "Yasmina Cherif",
      email: "yasmina.cherif@example.fr",
      mobile: "06 39 54 86 21",
      address: vaulx("20 promenade Lénine"),
      start: y(2, "04-20"),
      plots: [["thibaude", 15]],
    },
    {
      name: "Gérard Fontaine",
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
 * Fills the plots' register, only while it is empty. The fee year is the one of three months ago: its call went at
 * the start of February, so every date written here is past. Inspections are counted back from today.
 */
async function seedDemoRegister(tx: Transaction, now: Date) {
  const [siteCount] = await tx.select({ n: count() }).from(tables.gardenSites);
  const [gardenerCount] = await tx.select({ n: count() }).from(tables.gardeners);
  if ((siteCount?.n ?? 0) + (gardenerCount?.n ?? 0) > 0) return;

  const year = parisYear(new Date(now.getTime() - 90 * DAY));
  const years = [year - 1, year] as const;
  const calledAt = (feeYear: number) => new Date(Date.UTC(feeYear, 1, 2, 8));
  const dueOn = (feeYear: number) => calendarDate(feeYear, 3, 1);
  const demoSiteList = demoSites(year);
  const people = demoGardeners(year);

  const key = (site: SiteKey, number: number) => `${site}:${number}`;
  const held = new Set(people.filter((g) => !g.end).flatMap((g) => g.plots.map(([site, n]) => key(site, n))));
  const plotByKey = new Map(
    demoSiteList.flatMap((site) => site.plots.map((p) => [key(site.key, p.number), p] as const)),
  );

  const siteRows = await tx
    .insert(tables.gardenSites)
    .values(demoSiteList.map(({ plots: _plots, key: _key, ...site }) => ({ ...site, isDemo: true })))
    .returning({ id: tables.gardenSites.id, name: tables.gardenSites.name });
  const siteIds = new Map(
    demoSiteList.map((site) => [site.key, siteRows.find((row) => row.name === site.name)!.id] as const),
  );
  const plotRows = await tx
    .insert(tables.plots)
    .values(
      demoSiteList.flatMap((site) =>
        site.plots.map((plot) => ({
          siteId: siteIds.get(site.key)!,
          number: plot.number,
          area: plot.area,
          kind: plot.kind ?? "familiale",
          cabinValue: plot.cabin ?? null,
          state: held.has(key(site.key, plot.number)) ? ("attribuee" as const) : (plot.state ?? "libre"),
          notes: plot.notes ?? "",
          isDemo: true,
        })),
      ),
    )
    .returning({ id: tables.plots.id, siteId: tables.plots.siteId, number: tables.plots.number });
  const plotIds = new Map(
    plotRows.map((row) => {
      const site = [...siteIds].find(([, id]) => id === row.siteId)![0];
      return [key(site, row.number), row.id] as const;
    }),
  );

  const gardenerRows = await tx
    .insert(tables.gardeners)
    .values(
      people.map((g) => ({
        name: g.name,
        ...splitName(g.name),
        email: g.email,
        mobile: g.mobile,
        landline: g.landline ?? "",
        address: g.address,
        startDate: g.start,
        endDate: g.end ?? null,
        notes: g.notes ?? "",
        isDemo: true,
      })),
    )
    .returning({ id: tables.gardeners.id, name: tables.gardeners.name });
  const gardenerIds = new Map(gardenerRows.map((row) => [row.name, row.id] as const));

  const holdings = people.flatMap((g) =>
    g.plots.map(([site, number, since]) => ({
      plotId: plotIds.get(key(site, number))!,
      gardenerId: gardenerIds.get(g.name)!,
      startDate: since ?? g.start,
      endDate: g.end ?? null,
      site,
    })),
  );
  await tx.insert(tables.plotHoldings).values(holdings.map(({ site: _site, ...holding }) => holding));

  // Each year's fee by the size of the plots held, paid by all last year; this year's called, a few still due.
  await tx.insert(tables.feeCalls).values(
    years.map((feeYear, i) => ({
      year: feeYear,
      smallCents: DEMO_FEES[i]!.petite,
      mediumCents: DEMO_FEES[i]!.moyenne,
      largeCents: DEMO_FEES[i]!.grande,
      calledAt: calledAt(feeYear),
      calledBy: DEMO_FEE_CALLER,
      dueOn: dueOn(feeYear),
    })),
  );
  // Fees and their payments: paid last year; this year most paid, one partly, one waived, a few still due.
  const fees: (typeof tables.gardenerFees.$inferInsert & {
    paid?: Omit<typeof tables.gardenerPayments.$inferInsert, "kind" | "year">;
  })[] = [];
  const payments: (typeof tables.gardenerPayments.$inferInsert)[] = [];
  const unpaidNames = people.filter((g) => g.unpaid && !g.end).map((g) => g.name);
  const partly = unpaidNames[0];
  const waived = unpaidNames.find((name, i) => i > 0 && !people.find((g) => g.name === name)!.reminded);
  // A gardener on a small income pays the reduced rate the general assembly voted, written on the record; this
  // year's call used it.
  const reduced = people.find((g) => !g.end && !g.unpaid && g.plots.length === 1)!;
  const reducedRate = { amountCents: 2000, reason: "revenus modestes, tarif réduit voté en assemblée générale" };
  for (const [i, g] of people.entries()) {
    const gardenerId = gardenerIds.get(g.name)!;
    const startYear = Number(g.start.slice(0, 4));
    const fee = (index: 0 | 1) =>
      g.plots.reduce((sum, [site, n]) => sum + DEMO_FEES[index][plotSize(plotByKey.get(key(site, n))!.area)], 0);
    const means = (shift: number) => MEANS[(i + shift) % MEANS.length]!;
    if (startYear <= years[0]) {
      // A newcomer of last year paid their fee on arriving, after the call.
      const arrived = startYear === years[0];
      fees.push({
        gardenerId,
        year: years[0],
        amountCents: fee(0),
        dueOn: arrived ? g.start : dueOn(years[0]),
        rate: "selon la taille",
        calledAt: arrived ? null : calledAt(years[0]),
        paid: {
          gardenerId,
          amountCents: fee(0),
          paidOn: arrived ? g.start : calendarDate(years[0], 2, 8 + i * 3),
          means: means(0),
        },
      });
    }
    if (!g.end) {
      const paidOn = calendarDate(year, 2, 4 + (i % 28));
      fees.push({
        gardenerId,
        year,
        amountCents: g === reduced ? reducedRate.amountCents : fee(1),
        dueOn: dueOn(year),
        rate: g === reduced ? `tarif particulier : ${reducedRate.reason}` : "selon la taille",
        calledAt: calledAt(year),
        remindedAt: g.reminded ? new Date(Date.UTC(year, 2, 16, 8)) : null,
        ...(g.name === waived
          ? { status: "waived" as const, waivedCents: fee(1), reason: "Exonérée par le bureau : année de chômage" }
          : {}),
        paid:
          g.name === partly
            ? { gardenerId, amountCents: 2000, paidOn, means: "cheque" }
            : g.unpaid
              ? undefined
              : { gardenerId, amountCents: g === reduced ? reducedRate.amountCents : fee(1), paidOn, means: means(1) },
      });
    }
    if (startYear >= years[0]) {
      payments.push({
        gardenerId,
        kind: "droit_entree",
        year: startYear,
        amountCents: ENTRY_BUDGET_CENTS,
        paidOn: g.start,
        means: means(2),
      });
    }
    if (g.cabinTakeover) {
      const [site, n] = g.plots[0]!;
      payments.push({
        gardenerId,
        kind: "reprise_cabane",
        year: startYear,
        amountCents: plotByKey.get(key(site, n))!.cabin! * 100,
        paidOn: g.start,
        means: "cheque",
      });
    }
  }
  const feeRows = await tx
    .insert(tables.gardenerFees)
    .values(fees.map(({ paid: _paid, ...row }) => row))
    .returning({ id: tables.gardenerFees.id });
  for (const [i, row] of feeRows.entries()) {
    const { paid, year: feeYear } = fees[i]!;
    if (paid) payments.push({ ...paid, kind: "cotisation", year: feeYear, feeId: row.id });
  }
  await tx.insert(tables.gardenerPayments).values(payments);
  await tx.insert(tables.feeRates).values({ gardenerId: gardenerIds.get(reduced.name)!, ...reducedRate });

  // The last round of each garden, and an earlier one at the Brosses: the same plot neglected both times.
  const dayBefore = (days: number) => parisToday(new Date(now.getTime() - days * DAY));
  const rounds = [
    {
      site: "brosses" as const,
      date: dayBefore(147),
      inspector: "Bureau (Hervé et Fatima)",
      warning: "Parcelle peu entretenue : herbes hautes et liserons sur la moitié du terrain.",
    },
    {
      site: "brosses" as const,
      date: dayBefore(42),
      inspector: "Bureau (Josiane et Karim)",
      warning: "Herbes hautes dans les allées, chiendent monté en graines.",
    },
    { site: "thibaude" as const, date: dayBefore(35), inspector: "Bureau (Josiane et Karim)" },
  ];
  const roundRows = await tx
    .insert(tables.inspectionRounds)
    .values(rounds.map((round) => ({ siteId: siteIds.get(round.site)!, date: round.date, inspector: round.inspector })))
    .returning({ id: tables.inspectionRounds.id });
  const warned = gardenerIds.get(WARNED);
  const praised = plotIds.get(key("thibaude", 8));
  const marks = rounds.flatMap((round, i) =>
    holdings
      .filter((h) => h.site === round.site && h.startDate <= round.date && (!h.endDate || h.endDate > round.date))
      .map((h) => {
        const warning = round.warning !== undefined && h.gardenerId === warned;
        return {
          roundId: roundRows[i]!.id,
          plotId: h.plotId,
          gardenerId: h.gardenerId,
          result: warning ? ("avertissement" as const) : ("conforme" as const),
          note: warning ? round.warning! : h.plotId === praised ? "Très beau paillage, bravo à toute l'équipe." : "",
        };
      }),
  );
  await tx.insert(tables.inspectionMarks).values(marks);
}

/**
 * Removes the demo gardeners (their holdings, payments and marks first, so that none is left without them), the
 * demo's gardens while only they held plots there, and the demo's fee calls once no fee of their year is left. A
 * plot a removed gardener held in a garden that stays is free again.
 */
async function removeDemoRegister(tx: Transaction): Promise<number> {
  const g = tables.gardeners;
  const sites = (await tx.select({ id: tables.gardenSites.id }).from(tables.gardenSites).where(demoSite)).map(
    (row) => row.id,
  );
  const ids = (await tx.select({ id: g.id }).from(g).where(eq(g.isDemo, true))).map((row) => row.id);
  let removed = 0;
  if (ids.length > 0) {
    const heldPlots = tx
      .select({ id: tables.plotHoldings.plotId })
      .from(tables.plotHoldings)
      .where(and(inArray(tables.plotHoldings.gardenerId, ids), isNull(tables.plotHoldings.endDate)));
    await tx
      .update(tables.plots)
      .set({ state: "libre", updatedAt: new Date() })
      .where(and(eq(tables.plots.state, "attribuee"), inArray(tables.plots.id, heldPlots)));
    await tx.delete(tables.inspectionMarks).where(inArray(tables.inspectionMarks.gardenerId, ids));
    await tx.delete(tables.gardenerPayments).where(inArray(tables.gardenerPayments.gardenerId, ids));
    await tx.delete(tables.gardenerFees).where(inArray(tables.gardenerFees.gardenerId, ids));
    await tx.delete(tables.plotHoldings).where(inArray(tables.plotHoldings.gardenerId, ids));
    removed += (await tx.delete(g).where(inArray(g.id, ids)).returning({ id: g.id })).length;
  }
  if (sites.length > 0) {
    const gone = await tx
      .delete(tables.gardenSites)
      .where(inArray(tables.gardenSites.id, sites))
      .returning({ id: tables.gardenSites.id });
    removed += gone.length;
  }
  const p = tables.gardenerFees;
  const feeYears = await tx
    .select({ year: tables.feeCalls.year })
    .from(tables.feeCalls)
    .where(
      and(
        eq(tables.feeCalls.calledBy, DEMO_FEE_CALLER),
        notExists(tx.select({ id: p.id }).from(p).where(eq(p.year, tables.feeCalls.year))),
      ),
    );
  if (feeYears.length > 0)
    await tx.delete(tables.feeCalls).where(
      inArray(
        tables.feeCalls.year,
        feeYears.map((row) => row.year),
      ),
    );
  return removed;
}
