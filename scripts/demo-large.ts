// `npm run demo:large`: fills the configured database as ten years of a lively association would, to measure the
// site at that scale (`npm run bench:scale` uses it): 2,000 articles, 1,000 events, 5,000 ads, 3,000 applications
// and 500 messages, sharing the demo content's images. The demo content is made first when the database is new.
// The server must be stopped when it uses the embedded database. Not for a real association's database.
import "./load-env.ts";
import { closeDatabase, fail, openDatabaseFor, print } from "./command.ts";

const LARGE = { articles: 2000, events: 1000, ads: 5000, applications: 3000, messages: 500 };

const { getDb } = await import("~/db/client.server");
const tables = await import("~/db/schema");
const { seedDemoContent } = await import("~/modules/demo/demo.server");
const { stripHtml } = await import("~/lib/text");
const { count } = await import("drizzle-orm");
const { vacuumAndAnalyze } = await import("~/db/upkeep.server");

const handle = await openDatabaseFor(`le remplissage de démonstration (processus ${process.pid})`);
try {
  await seedDemoContent();
  const db = getDb();
  const [existing] = await db.select({ n: count() }).from(tables.blogPosts);
  if ((existing?.n ?? 0) > 100) fail("Cette base contient déjà plus de 100 articles : rien n'est ajouté.");
  const demo = await db.select({ image: tables.blogPosts.image }).from(tables.blogPosts);
  const images = demo.map((row) => row.image).filter((image): image is string => Boolean(image));
  if (images.length === 0) fail("Pas d'image de démonstration à partager : démarrez d'abord sur une base neuve.");

  const now = Date.now();
  const day = 86_400_000;
  const pick = <T>(list: readonly T[], i: number) => list[i % list.length]!;
  // Every `i` gets a different mix of the lists below, so the rows do not all read alike.
  const mix = (i: number, n: number) => (i * 7919) % n;

  const topics = [
    ["Le compost", "retourner le tas tous les mois, mêler matières vertes et brunes, garder l'humidité d'une éponge"],
    ["Les tomates", "tailler les gourmands, pailler le pied, arroser au pied le matin plutôt que sur les feuilles"],
    ["Les semis sous abri", "un terreau fin, une lumière franche, et repiquer dès la deuxième vraie feuille"],
    ["La taille des fruitiers", "couper au-dessus d'un œil tourné vers l'extérieur, par temps sec, hors gel"],
    ["Le paillage", "paille, tontes sèches ou feuilles broyées : moins d'arrosage et un sol vivant"],
    ["Les engrais verts", "phacélie, moutarde ou trèfle semés à l'automne, fauchés avant la montée en graines"],
    ["L'eau au jardin", "récupérer la pluie des cabanes, biner plutôt qu'arroser, arroser moins souvent mais plus"],
    ["Les courges", "un trou garni de compost, de la place, et une tuile sous chaque fruit qui mûrit"],
    ["Les auxiliaires", "coccinelles, syrphes et hérissons : une haie, un tas de bois et pas de traitement"],
    ["La rotation des cultures", "ne pas remettre une même famille au même endroit avant trois ou quatre ans"],
  ] as const;
  const notes = [
    "Retour sur les échanges de la permanence du samedi, où chacun a partagé ce qui marche dans sa parcelle.",
    "Le compost collectif reste ouvert à toutes et à tous : pensez à couper les déchets en morceaux.",
    "Merci aux bénévoles venus nombreux, et rendez-vous à la prochaine matinée de jardinage collectif.",
    "Les outils partagés sont dans la cabane commune : rangez-les propres et secs après usage.",
    "Une question ? Les jardiniers expérimentés tiennent une permanence chaque premier samedi du mois.",
  ];
  const seasons = ["au printemps", "en été", "à l'automne", "en hiver"];
  const authors = ["Hervé Dubois", "Josiane Martin", "Karim Benali", "Claire Fontaine", "Admin"];
  const places = [
    "Jardin des Brosses, Villeurbanne",
    "Jardin du Tonkin, Villeurbanne",
    "Jardin de la Thibaude, Vaulx-en-Velin",
  ];
  const workshops = [
    "Atelier compost",
    "Bourse aux plants",
    "Chantier collectif",
    "Atelier taille",
    "Fête des récoltes",
  ];

  const articles = Array.from({ length: LARGE.articles }, (_, i) => {
    const [topic, advice] = pick(topics, i);
    const season = pick(seasons, mix(i, seasons.length));
    const content = `<p>${topic} ${season} : ${advice}.</p><p>${pick(notes, mix(i, notes.length))}</p>`;
    const at = new Date(now - (i + 1) * 1.8 * day);
    return {
      title: `${topic} ${season} (${LARGE.articles - i})`,
      content,
      plainText: stripHtml(content),
      image: pick(images, i),
      imagesAnnexes: i % 5 === 0 ? [pick(images, i + 1)] : [],
      author: pick(authors, mix(i, authors.length)),
      date: at,
      createdAt: at,
    };
  });
  for (let i = 0; i < articles.length; i += 200) await db.insert(tables.blogPosts).values(articles.slice(i, i + 200));

  const events = Array.from({ length: LARGE.events }, (_, i) => {
    // Ten years back, and the coming months.
    const start = new Date(now - (i - 40) * 3.6 * day);
    start.setUTCHours(8, 0, 0, 0);
    const content = `<p>${pick(workshops, i)} au ${pick(places, i)} : apportez vos gants et une gourde, les outils sont prêtés.</p>`;
    return {
      title: `${pick(workshops, i)} n° ${LARGE.events - i}`,
      description: "Ouvert aux adhérents et aux voisins curieux.",
      location: pick(places, i),
      start,
      endDate: new Date(start.getTime() + 3 * 3_600_000),
      content,
      plainText: stripHtml(content),
      image: pick(images, i),
      date: start.toISOString().slice(0, 10),
      createdAt: new Date(start.getTime() - 20 * day),
    };
  });
  for (let i = 0; i < events.length; i += 200) await db.insert(tables.events).values(events.slice(i, i + 200));

  const adTypes = ["recherche", "vend", "donne", "échange"] as const;
  const adTexts = [
    "Plants de tomates cœur de bœuf",
    "Grelinette peu servie",
    "Graines de haricots à rames",
    "Fumier de cheval bien décomposé",
    "Cuve de récupération d'eau 300 L",
  ];
  // Within the last two months: the association's retention rules would otherwise remove them.
  const ads = Array.from({ length: LARGE.ads }, (_, i) => {
    const createdAt = new Date(now - (i + 1) * 1_000_000);
    const validated = i % 3 !== 0;
    return {
      nom: `Jardinier ${i + 1}`,
      email: `jardinier${i + 1}@example.fr`,
      telephone: "06 12 34 56 78",
      type: pick(adTypes, i),
      contenu: `${pick(adTexts, mix(i, adTexts.length))}, à prendre au jardin.`,
      photo1: i % 4 === 0 ? pick(images, i) : null,
      statut: validated ? ("validé" as const) : ("en_attente" as const),
      isValidated: validated,
      validatedAt: validated ? createdAt : null,
      createdAt,
    };
  });
  for (let i = 0; i < ads.length; i += 500) await db.insert(tables.annonces).values(ads.slice(i, i + 500));

  const towns = ["Villeurbanne", "Vaulx-en-velin"];
  const applications = Array.from({ length: LARGE.applications }, (_, i) => {
    const date = new Date(now - (i + 1) * 0.2 * day);
    const archived = i % 4 === 0;
    return {
      nom: `Demandeur ${i + 1}`,
      email: `demandeur${i + 1}@example.fr`,
      adresse: `${(i % 120) + 1} avenue Roger Salengro`,
      ville: pick(towns, i),
      telephonePortable: "0612345678",
      tailleJardin: pick(["petite", "moyenne", "grande"], i),
      experience: "Débutant",
      budgetConnu: true,
      tempsDisponible: "2h",
      inspectionConnu: true,
      engagementCharte: true,
      engagementReglement: true,
      engagementLieuPublic: true,
      motivations: "Cultiver nos légumes en famille et apprendre auprès des autres jardiniers.",
      date,
      processed: i % 2 === 0,
      archived: archived || null,
      archivedDate: archived ? new Date(date.getTime() + 3 * day) : null,
    };
  });
  for (let i = 0; i < applications.length; i += 500)
    await db.insert(tables.applications).values(applications.slice(i, i + 500));

  const messages = Array.from({ length: LARGE.messages }, (_, i) => ({
    name: `Visiteur ${i + 1}`,
    email: `visiteur${i + 1}@example.fr`,
    subject: "Question sur les parcelles",
    message: "Bonjour, combien de temps faut-il attendre pour une parcelle à Villeurbanne ? Merci.",
    createdAt: new Date(now - (i + 1) * 0.5 * day),
  }));
  await db.insert(tables.contactMessages).values(messages);
  // The planner's statistics for the new sizes, without waiting for autovacuum (or, embedded, the server's upkeep).
  await vacuumAndAnalyze();

  print(
    `Ajouté : ${LARGE.articles} articles, ${LARGE.events} événements, ${LARGE.ads} annonces, ${LARGE.applications} demandes et ${LARGE.messages} messages, qui partagent ${images.length} images.`,
  );
} finally {
  await closeDatabase(handle);
}
