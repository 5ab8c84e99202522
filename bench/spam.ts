// SpamAssassin's score of every kind of e-mail the site sends. Each one is caused as the site causes it (a form
// submitted, a letter sent, a fee called…) on an embedded scratch database, sent by the outbox worker to a local SMTP
// server, and the message as received is piped through Debian's `spamassassin -t -L` (local tests only; Bayes off,
// so that one run does not teach the next). Prints one line per kind: score and rules hit. Target: ≤ 1.0 each.
// Usage: npx tsx bench/spam.ts   (needs `apt-get install spamassassin`)
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startFakeSmtp } from "../tests/fakes/smtp";

const SITE = "https://jardins-brosses.fr";
const smtp = await startFakeSmtp();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "potager-spam-"));
// A realistic production setting, read by the modules when they are first imported.
Object.assign(process.env, {
  PUBLIC_URL: SITE,
  MAIL_FROM: "Jardins partagés des Brosses <contact@jardins-brosses.fr>",
  SMTP_URL: smtp.url,
  DATA_DIR: dataDir,
  LOG_LEVEL: "warn",
  SEED_DEMO: "false",
});

const { DateTime } = await import("luxon");
const { getDb, openDatabase, useDatabase } = await import("~/db/client.server");
const { admins, associationContent, eventRegistrations, newsletterSubscribers } = await import("~/db/schema");
const { TIME_ZONE } = await import("~/lib/constants");
const { createMailWorker } = await import("~/modules/mail/mail-worker.server");
const { sendTestMail } = await import("~/modules/mail/mail-test.server");
const { createAdmin } = await import("~/modules/auth/auth.server");
const { inviteAdmin } = await import("~/modules/accounts/accounts.server");
const { submitApplication } = await import("~/modules/applications/applications.server");
const { applicationFormSchema } = await import("~/modules/applications/applications.schema");
const { withdrawApplication } = await import("~/modules/applications/applicant.server");
const { submitAd } = await import("~/modules/ads/ads.server");
const { adFormSchema } = await import("~/modules/ads/ads.schema");
const { runAdAction } = await import("~/modules/ads/ads.admin.server");
const { sendContactMessage } = await import("~/modules/contact/contact.server");
const { contactFormSchema } = await import("~/modules/contact/contact.schema");
const { createBlogPost } = await import("~/modules/blog/blog.server");
const { subscribe } = await import("~/modules/newsletter/newsletter.server");
const { bodyOf, createLetter, letterDelivery, queueLetter, sendTestLetter } =
  await import("~/modules/newsletter/letters.server");
const { sendDigestIfDue } = await import("~/modules/newsletter/digest.server");
const { signUp, cancelRegistration, cancelToken, queueReminders } =
  await import("~/modules/registrations/registrations.server");
const { allotFromApplication } = await import("~/modules/register/allotment.server");
const { saveInspectionRound } = await import("~/modules/register/inspections.server");
const { callFees, remindUnpaidFees } = await import("~/modules/register/fees.server");
const { markAssembly, saveAgenda, sendConvocation } = await import("~/modules/assembly/assembly.server");
const { env } = await import("~/server/env.server");
const { insertEvent, insertPlot, insertSite } = await import("../tests/factories");

const handle = await openDatabase({});
useDatabase(handle);
const worker = createMailWorker({ smtpUrl: smtp.url, letters: letterDelivery(), ratePerHour: 0, maxPerRun: 100 });

const captured: { kind: string; raw: string }[] = [];
/** Sends what `cause` queued (or sent itself) and files the messages received under `kinds`, in their order. */
async function capture(kinds: string | string[], cause: () => Promise<unknown>) {
  const before = smtp.messages.length;
  await cause();
  await worker.runOnce();
  const received = smtp.messages.slice(before);
  const names = typeof kinds === "string" ? [kinds] : kinds;
  if (received.length !== names.length)
    throw new Error(`${names.join(", ")} : ${received.length} message(s) reçu(s) au lieu de ${names.length}`);
  received.forEach((message, i) => captured.push({ kind: names[i]!, raw: message.raw }));
}

const image = "/media/3f8a2c71d9e04b6a8c5f1e2d3b4a5c6d-1600x1200-1200.webp";
await getDb().insert(associationContent).values({
  nomAssociation: "Jardins partagés des Brosses",
  slogan: "Jardins familiaux et partagés de Villeurbanne",
  adresse: "Maison des jardins, 14 rue du Docteur Rollet, 69100 Villeurbanne",
  email: "bureau@jardins-brosses.fr",
  horaires: "Permanences : samedi de 9 h à 12 h",
  feePaymentInstructions:
    "Vous pouvez régler par chèque à l'ordre de l'association aux permanences du samedi matin, ou par virement (IBAN FR76 1027 8073 0000 0204 5670 143) en indiquant votre nom.",
});
const marie = await createAdmin("marie", "un-mot-de-passe-solide-42");
await getDb().update(admins).set({ displayName: "Marie Lefèvre" });
const actor = { id: marie.id, username: marie.username };

// The newsletter: double opt-in, then a subscriber for the letters.
await capture("Confirmation d'abonnement à la lettre", () =>
  subscribe({ email: "claire.dumont@example.fr", captcha: "7", source: "pied-de-page" }),
);
// Confirmed as the link would (the letters go to confirmed addresses only).
await getDb().update(newsletterSubscribers).set({ status: "abonne", confirmedAt: new Date() });

const post = await createBlogPost({
  title: "Préparer son potager pour l'hiver",
  author: "Josiane Martin",
  image,
  imageAlts: { [image]: "Parcelle paillée de feuilles mortes à l'automne, quelques poireaux encore en place" },
  content:
    "<p>Les dernières récoltes rentrées, il est temps de <strong>protéger la terre</strong> pour l'hiver. Un sol nu s'appauvrit et se tasse sous la pluie : couvrez-le de feuilles mortes, de paille ou d'un engrais vert comme la phacélie, que vous retournerez au printemps.</p><p>C'est aussi le moment de planter l'ail, les échalotes et les fèves, et de rentrer les tuyaux avant les premières gelées. Pensez à vider les récupérateurs d'eau de la cabane.</p>",
});
const message =
  "<p>Bonjour à toutes et à tous,</p><p>L'assemblée générale aura lieu le samedi 12 décembre à 10 heures à la Maison des jardins. Nous y ferons le bilan de la saison, voterons le budget et élirons le nouveau bureau.</p><p>Si vous souhaitez rejoindre le bureau ou proposer un sujet, écrivez-nous avant le 5 décembre.</p><p>À bientôt au jardin !</p>";
const sendLetter = async (draft: Parameters<typeof createLetter>[0]) => {
  const letter = await createLetter(draft, "marie");
  const body = await bodyOf(letter);
  return getDb().transaction((tx) => queueLetter(letter, body, tx));
};
await capture("Lettre : un article, avec son image", () =>
  sendLetter({
    audience: "abonnes",
    source: "article",
    sourceId: post.id,
    eventId: null,
    subject: post.title,
    message: "",
  }),
);
await capture("Lettre : un message", () =>
  sendLetter({
    audience: "abonnes",
    source: "libre",
    sourceId: null,
    eventId: null,
    subject: "Assemblée générale du 12 décembre",
    message,
  }),
);
await capture("Lettre : un test à l'administrateur", async () => {
  const letter = await createLetter(
    {
      audience: "abonnes",
      source: "libre",
      sourceId: null,
      eventId: null,
      subject: "Assemblée générale du 12 décembre",
      message,
    },
    "marie",
  );
  await sendTestLetter(letter, "marie.lefevre@example.fr");
});
await capture("Lettre automatique (résumé)", async () => {
  await getDb().update(associationContent).set({ digestFrequency: "semaine", digestLastAt: null });
  if (!(await sendDigestIfDue())) throw new Error("la lettre automatique n'est pas partie");
});

// Sign-ups to a workshop with one place: confirmed, waiting list, place freed, reminder, letter to those signed up.
const now = DateTime.now().setZone(TIME_ZONE);
const start = now.plus({ days: 1 }).set({ hour: 14, minute: 0, second: 0, millisecond: 0 });
const event = await insertEvent({
  title: "Atelier taille des arbres fruitiers",
  content: "<p>Apprenez à tailler pommiers et poiriers avec Hervé.</p>",
  location: "Jardin des Brosses, 14 rue du Docteur Rollet, Villeurbanne",
  start: start.toJSDate(),
  endDate: start.plus({ hours: 2 }).toJSDate(),
  state: "publie",
  signupsOpen: true,
  signupCapacity: 1,
});
const form = (name: string, email: string) => ({ name, email, people: 1, answer: "", captcha: "7" });
await capture("Inscription confirmée", () => signUp(event!.id, form("Karim Benali", "karim.benali@example.fr")));
await capture("Inscription sur liste d'attente", () =>
  signUp(event!.id, form("Sophie Garnier", "sophie.garnier@example.fr")),
);
const [first] = await getDb().select().from(eventRegistrations).limit(1);
await capture("Place libérée", () => cancelRegistration(cancelToken(first!)));
const reminderAt = now.hour < 10 ? now.set({ hour: 11 }) : now;
await capture("Rappel de la veille", () => queueReminders(reminderAt.toJSDate()));
await capture("Lettre aux inscrits d'un événement", () =>
  sendLetter({
    audience: "inscrits",
    source: "libre",
    sourceId: null,
    eventId: event!.id,
    subject: "Atelier de demain : ce qu'il faut apporter",
    message:
      "<p>Bonjour,</p><p>Pour l'atelier de demain, apportez un sécateur propre et des gants. Nous fournissons les échelles.</p>",
  }),
);

// The public forms: an application (to the bureau and its acknowledgement), an ad, a contact message.
const application = await submitApplication(
  applicationFormSchema.parse({
    nom: "Camille Martin",
    email: "camille.martin@example.fr",
    adresse: "12 rue des Lilas",
    ville: "Villeurbanne",
    telephoneportable: "06 12 34 56 78",
    taillejardin: "moyenne",
    experience: "Potager familial depuis cinq ans",
    budgetconnu: "on",
    tempsdisponible: "weekend",
    inspectionconnu: "on",
    engagementcharte: "on",
    engagementreglement: "on",
    engagementlieupublic: "on",
    motivations: "Cultiver mes légumes et partager avec les voisins.",
  }),
  { charteVersion: "2026-01", reglementVersion: "2026-01", acceptedAt: new Date() },
);
await capture(["Nouvelle demande de jardin (au bureau)", "Accusé de réception de la demande"], async () => {});
const ad = await submitAd(
  adFormSchema(env.ADS_CAPTCHA_SECRET).parse({
    nom: "Jean Dupont",
    email: "jean.dupont@example.fr",
    telephone: "0612345678",
    type: "donne",
    contenu: "Je donne des plants de tomates cœur de bœuf, une vingtaine, à prendre au jardin le samedi matin.",
    photo1: "",
    photo2: "",
    captcha: env.ADS_CAPTCHA_SECRET,
  }),
);
await capture("Nouvelle annonce (au bureau)", async () => {});
await capture("Annonce en ligne", () => runAdAction({ intent: "validate", id: String(ad.id) }, actor));
await capture("Message de contact (au bureau)", () =>
  sendContactMessage(
    contactFormSchema.parse({
      name: "Léa Bernard",
      email: "lea.bernard@example.fr",
      subject: "Visite des jardins",
      message: "Bonjour, peut-on visiter les jardins samedi prochain avec ma fille ? Merci d'avance.",
      captcha: "7",
    }),
  ),
);
await capture("Invitation d'un administrateur", () => inviteAdmin(actor, "alain", "alain.roux@example.fr"));
await capture("E-mail de test du serveur SMTP", () => sendTestMail("marie.lefevre@example.fr", smtp.url));

// The plots register: a plot given, a warning, the year's fee and its reminder; the application withdrawn.
const site = await insertSite({ name: "Jardin des Brosses", address: "14 rue du Docteur Rollet" });
const plot = await insertPlot(site.id, 12, { area: 150 });
await capture("Attribution d'une parcelle", () =>
  getDb().transaction((tx) => allotFromApplication(tx, application.id, plot.id, now.toISODate()!)),
);
await capture("Avertissement après une visite", () =>
  getDb().transaction((tx) =>
    saveInspectionRound(tx, site.id, {
      date: now.toISODate()!,
      inspector: "Hervé",
      marks: [{ plotId: plot.id, result: "avertissement", note: "Herbes hautes dans les allées.", mail: true }],
    }),
  ),
);
const amounts = { smallCents: 3500, mediumCents: 4500, largeCents: 5500 };
// Due in a week: the reminder goes the day after.
const dueOn = now.plus({ days: 7 }).toISODate()!;
await capture("Appel à cotisation", () => getDb().transaction((tx) => callFees(tx, now.year, amounts, dueOn, "marie")));
await capture("Rappel de cotisation", () =>
  getDb().transaction((tx) => remindUnpaidFees(tx, now.year, now.plus({ days: 8 }).toJSDate())),
);
// The general assembly's convocation, to the one gardener, with their personal link (decision 030).
const assemblyEvent = await insertEvent({
  title: "Assemblée générale annuelle",
  start: now.plus({ days: 30 }).toJSDate(),
  location: "Maison des jardins, 14 rue du Docteur Rollet, Villeurbanne",
});
await capture("Convocation à l'assemblée générale", async () => {
  const assembly = await getDb().transaction((tx) => markAssembly(assemblyEvent!.id, "ordinaire", tx));
  await getDb().transaction((tx) =>
    saveAgenda(assembly.id, [{ title: "Rapport moral et financier", isResolution: true }], tx),
  );
  await sendConvocation(assembly.id);
});
const second = await submitApplication(
  applicationFormSchema.parse({
    nom: "Paul Girard",
    email: "paul.girard@example.fr",
    adresse: "3 place Lazare Goujon",
    ville: "Villeurbanne",
    telephoneportable: "06 98 76 54 32",
    taillejardin: "petite",
    experience: "Débutant",
    budgetconnu: "on",
    tempsdisponible: "2h",
    inspectionconnu: "on",
    engagementcharte: "on",
    engagementreglement: "on",
    engagementlieupublic: "on",
    motivations: "Apprendre à jardiner.",
  }),
);
await worker.runOnce();
await capture("Demande de jardin retirée (au bureau)", () => withdrawApplication(second.id));

await worker.stop();
await smtp.stop();
await handle.close();
fs.rmSync(dataDir, { recursive: true, force: true });

/** SpamAssassin's verdict: the score and each rule that counts (informational ones at 0 left out). */
function score(raw: string) {
  const run = spawnSync("spamassassin", ["-t", "-L", "--cf", "use_bayes 0"], { input: raw, encoding: "utf8" });
  if (run.error || run.status !== 0) throw new Error(`spamassassin : ${run.error?.message ?? run.stderr}`);
  const total = /X-Spam-Status: \w+, score=(-?[\d.]+)/.exec(run.stdout)?.[1];
  const details = run.stdout.slice(run.stdout.indexOf("Content analysis details"));
  const rules = [...details.matchAll(/^\s*(-?\d+\.\d+)\s+([A-Z0-9_]+)\s/gm)]
    .filter(([, points]) => Number(points) !== 0)
    .map(([, points, rule]) => `${rule} ${points}`);
  return { total: Number(total), rules };
}

const width = Math.max(...captured.map((c) => c.kind.length));
let worst = -Infinity;
console.log(`${"e-mail".padEnd(width)}  score  règles`);
for (const { kind, raw } of captured) {
  const { total, rules } = score(raw);
  worst = Math.max(worst, total);
  console.log(`${kind.padEnd(width)}  ${total.toFixed(1).padStart(5)}  ${rules.join(", ") || "—"}`);
}
console.log(
  `\n${captured.length} e-mails ; pire score ${worst.toFixed(1)} ; objectif ≤ 1.0 — ${worst <= 1 ? "atteint" : "MANQUÉ"}`,
);
