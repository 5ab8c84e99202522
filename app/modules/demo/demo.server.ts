import { count, eq } from "drizzle-orm";
import { getDb, type Executor } from "~/db/client.server";
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
    contentAssociation: `<p>Notre association gère <strong>84 parcelles familiales</strong> et deux jardins partagés répartis sur trois sites : le jardin des Brosses et le jardin du Tonkin à Villeurbanne, et le jardin de la Thibaude à Vaulx-en-Velin.</p>
<p>Chaque jardinier cultive sa parcelle (de 80 à 250 m²) selon la <em>charte du jardinage naturel</em> : pas de pesticides de synthèse, récupération de l'eau de pluie, compost collectif. En échange d'une cotisation modeste, l'association fournit l'eau, les outils partagés et une cabane par parcelle.</p>
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
    horaires: "Permanences: Samedi 9h-12h",
    parcellesOccupees: 79,
    parcellesTotal: 84,
    nomAssociation: "Potager",
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

/** How many demo rows are left (articles, events, ads, applications an administrator has not touched). */
export async function countDemoRows(): Promise<number> {
  const counts = await Promise.all(
    DEMO_TABLES.map((table) => getDb().select({ n: count() }).from(table).where(eq(table.isDemo, true))),
  );
  return counts.reduce((sum, [row]) => sum + row.n, 0);
}

/**
 * Removes the demo's articles, events, ads and applications, in one transaction; never a row an administrator
 * created or edited (editing clears the mark). Their images go with the next media cleanup.
 */
export async function removeDemoContent(executor: Executor = getDb()): Promise<number> {
  return executor.transaction(async (tx) => {
    let removed = 0;
    for (const table of DEMO_TABLES)
      removed += (await tx.delete(table).where(eq(table.isDemo, true)).returning({ id: table.id })).length;
    return removed;
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
    ["Bernard Petit", 1, "Non, je partirai à 20h"],
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
