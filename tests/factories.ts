/**
 * Test data: `xForm(overrides)` gives what a browser would post for a valid form (strings, checkboxes 'on');
 * `insertX(overrides)` writes a row straight into the current test database, with every column overridable
 * (timestamps included, to control orderings).
 */
import { getDb } from "~/db/client.server";
import { parisDateOf } from "~/lib/paris-time";
import { splitName } from "~/lib/text";
import {
  annonces,
  applications,
  associationContent,
  blogPosts,
  contactMessages,
  events,
  formFields,
  gardeners,
  gardenSites,
  plots,
  newsletterSubscribers,
} from "~/db/schema";
import { unsubscribeColumns } from "~/modules/newsletter/newsletter.server";

type Overrides<T> = Partial<T>;

// ——— Form inputs ———

export function applicationForm(overrides: Record<string, string | undefined> = {}): Record<string, string> {
  return clean({
    nom: "Camille Martin",
    email: "camille.martin@example.fr",
    adresse: "12 rue des Lilas",
    ville: "Villeurbanne",
    telephoneportable: "06 12 34 56 78",
    telephonefixe: "",
    taillejardin: "moyenne",
    experience: "Potager familial depuis cinq ans",
    budgetconnu: "on",
    tempsdisponible: "weekend",
    inspectionconnu: "on",
    engagementcharte: "on",
    engagementreglement: "on",
    engagementlieupublic: "on",
    motivations: "Cultiver mes légumes et partager avec les voisins.",
    ...overrides,
  });
}

export function adForm(overrides: Record<string, string | undefined> = {}): Record<string, string> {
  return clean({
    nom: "Jean Dupont",
    email: "jean.dupont@example.fr",
    telephone: "0612345678",
    type: "donne",
    contenu: "Je donne des plants de tomates.",
    photo1: "",
    photo2: "",
    captcha: "potager",
    ...overrides,
  });
}

export function contactForm(overrides: Record<string, string | undefined> = {}): Record<string, string> {
  return clean({
    name: "Léa Bernard",
    email: "lea.bernard@example.fr",
    subject: "Visite des jardins",
    message: "Bonjour, peut-on visiter les jardins samedi ?",
    captcha: "7",
    ...overrides,
  });
}

export function blogForm(overrides: Record<string, string | undefined> = {}): Record<string, string> {
  return clean({
    title: "Les semis de printemps",
    content: "<p>Il est temps de semer les <strong>tomates</strong>.</p>",
    image: "/media/cover.webp",
    imagesannexes: "[]",
    ...overrides,
  });
}

export function eventForm(overrides: Record<string, string | undefined> = {}): Record<string, string> {
  return clean({
    title: "Fête des jardins",
    description: "Une journée portes ouvertes.",
    location: "Jardin des Brosses, Villeurbanne",
    start: "2026-06-13T10:00",
    end: "2026-06-13T17:00",
    content: "<p>Venez nombreux !</p>",
    image: "/media/fete.webp",
    imagesannexes: "[]",
    ...overrides,
  });
}

function clean(values: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter((e): e is [string, string] => e[1] !== undefined));
}

// ——— Rows ———

let counter = 0;
const next = () => ++counter;

export async function insertContent(overrides: Overrides<typeof associationContent.$inferInsert> = {}) {
  const [row] = await getDb().insert(associationContent).values(overrides).returning();
  return row;
}

export async function insertBlogPost(overrides: Overrides<typeof blogPosts.$inferInsert> = {}) {
  const n = next();
  const [row] = await getDb()
    .insert(blogPosts)
    .values({
      title: `Article ${n}`,
      content: `<p>Contenu de l'article ${n}</p>`,
      image: `/media/article-${n}.webp`,
      ...overrides,
    })
    .returning();
  return row;
}

export async function insertEvent(overrides: Overrides<typeof events.$inferInsert> = {}) {
  const n = next();
  const start = overrides.start ?? new Date(Date.now() + 7 * 86_400_000);
  const [row] = await getDb()
    .insert(events)
    .values({
      title: `Événement ${n}`,
      content: `<p>Programme de l'événement ${n}</p>`,
      start,
      endDate: new Date(start.getTime() + 3 * 3_600_000),
      date: parisDateOf(start),
      ...overrides,
    })
    .returning();
  return row;
}

export async function insertApplication(overrides: Overrides<typeof applications.$inferInsert> = {}) {
  const n = next();
  const [row] = await getDb()
    .insert(applications)
    .values({
      nom: `Demandeur ${n}`,
      email: `demandeur${n}@example.fr`,
      adresse: `${n} avenue Roger Salengro`,
      ville: "Vaulx-en-velin",
      telephonePortable: "0612345678",
      tailleJardin: "petite",
      experience: "Débutant",
      budgetConnu: true,
      tempsDisponible: "2h",
      inspectionConnu: true,
      engagementCharte: true,
      engagementReglement: true,
      engagementLieuPublic: true,
      motivations: "Jardiner en famille.",
      ...overrides,
    })
    .returning();
  return row;
}

export async function insertAd(overrides: Overrides<typeof annonces.$inferInsert> = {}) {
  const n = next();
  const [row] = await getDb()
    .insert(annonces)
    .values({
      nom: `Annonceur ${n}`,
      telephone: "0612345678",
      type: "vend",
      contenu: `Annonce ${n}`,
      // A validated ad went public just now, unless told otherwise.
      ...(overrides.statut === "validé" && { validatedAt: new Date() }),
      ...overrides,
    })
    .returning();
  return row;
}

export async function insertContactMessage(overrides: Overrides<typeof contactMessages.$inferInsert> = {}) {
  const n = next();
  const [row] = await getDb()
    .insert(contactMessages)
    .values({
      name: `Visiteur ${n}`,
      email: `visiteur${n}@example.fr`,
      subject: "Question",
      message: "Bonjour",
      ...overrides,
    })
    .returning();
  return row;
}

export async function insertFormField(label: string, name: string | null = null) {
  const [row] = await getDb().insert(formFields).values({ label, name }).returning();
  return row;
}

/** A fixed instant `minutes` after 2026-01-01T12:00Z, to order rows deterministically. */
export function at(minutes: number): Date {
  return new Date(Date.UTC(2026, 0, 1, 12, minutes));
}

/** A newsletter address, confirmed unless told otherwise, with a consent from the footer's form. */
export async function insertSubscriber(
  email: string,
  overrides: Overrides<typeof newsletterSubscribers.$inferInsert> = {},
) {
  const key = `cle-${next()}`;
  const [row] = await getDb()
    .insert(newsletterSubscribers)
    .values({
      email,
      status: "abonne",
      ...unsubscribeColumns(key),
      consentAt: new Date(),
      consentSource: "pied de page",
      consentWording: "J'accepte de recevoir par e-mail la lettre d'information.",
      confirmedAt: new Date(),
      ...overrides,
    })
    .returning();
  return row!;
}

/** A garden site, Villeurbanne unless told otherwise. */
export async function insertSite(overrides: Overrides<typeof gardenSites.$inferInsert> = {}) {
  const n = next();
  const [row] = await getDb()
    .insert(gardenSites)
    .values({ name: `Jardin ${n}`, town: "Villeurbanne", address: `${n} rue des Jardins`, ...overrides })
    .returning();
  return row!;
}

/** A free plot of `siteId`, 120 m² unless told otherwise. */
export async function insertPlot(siteId: number, number: number, overrides: Overrides<typeof plots.$inferInsert> = {}) {
  const [row] = await getDb()
    .insert(plots)
    .values({ siteId, number, area: 120, ...overrides })
    .returning();
  return row!;
}

/** A current gardener, in the register since 2024. */
export async function insertGardener(overrides: Overrides<typeof gardeners.$inferInsert> = {}) {
  const n = next();
  const [row] = await getDb()
    .insert(gardeners)
    .values({
      name: `Jardinier ${n}`,
      // The parts of the name, guessed as every form does unless the test gives them.
      ...splitName(overrides.name ?? `Jardinier ${n}`),
      email: `jardinier${n}@example.fr`,
      startDate: "2024-03-01",
      ...overrides,
    })
    .returning();
  return row!;
}
