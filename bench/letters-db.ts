// The database side of `npm run bench:letters`, run with the server stopped (it holds the embedded database):
//   seed N SUBJECT — N confirmed subscribers (made once), then a letter SUBJECT queued to them; prints its id;
//   gardeners N    — current gardeners up to N, each holding a plot on one of 6 sites (1 in 20 without an e-mail
//                    address, 1 in 50 opted out of the information letters), and a draft letter to all of them;
//                    prints the draft's id and how many e-mails it will send;
//   report ID      — the letter's counts, as JSON.
import "../scripts/load-env.ts";
import { closeDatabase, openDatabaseFor, print } from "../scripts/command.ts";

const { getDb } = await import("~/db/client.server");
const { gardeners, gardenSites, newsletterSubscribers, plotHoldings, plots } = await import("~/db/schema");
const { unsubscribeColumns } = await import("~/modules/newsletter/newsletter.server");
const { bodyOf, createLetter, gardenerFigures, getLetter, queueLetter } =
  await import("~/modules/newsletter/letters.server");
const { count, isNull } = await import("drizzle-orm");

const [command, arg, subject] = process.argv.slice(2);
const handle = await openDatabaseFor("le banc d'essai des lettres");
try {
  if (command === "seed") {
    const wanted = Number(arg);
    const [existing] = await getDb().select({ n: count() }).from(newsletterSubscribers);
    for (let i = existing?.n ?? 0; i < wanted; i += 500) {
      await getDb()
        .insert(newsletterSubscribers)
        .values(
          Array.from({ length: Math.min(500, wanted - i) }, (_, j) => {
            const key = `banc-${i + j}-${Math.random().toString(36).slice(2)}`;
            return {
              email: `abonne${i + j}@banc.example`,
              status: "abonne" as const,
              ...unsubscribeColumns(key),
              consentAt: new Date(),
              consentSource: "pied de page",
              consentWording: "J'accepte de recevoir par e-mail la lettre d'information.",
              confirmedAt: new Date(),
            };
          }),
        );
    }
    const letter = await createLetter(
      {
        audience: "abonnes",
        source: "libre",
        sourceId: null,
        eventId: null,
        subject: subject!,
        message:
          "<p>Bonjour à toutes et à tous,</p><p>La journée de travail collectif aura lieu samedi à 9h : paillage des allées, réparation du récupérateur d'eau et taille de la haie. Apportez gants et sécateur, la soupe est offerte à midi.</p>",
      },
      "banc d'essai",
    );
    const body = await bodyOf(letter);
    await getDb().transaction((tx) => queueLetter(letter, body, tx));
    print(String(letter.id));
  } else if (command === "gardeners") {
    const wanted = Number(arg);
    const [current] = await getDb().select({ n: count() }).from(gardeners).where(isNull(gardeners.endDate));
    const missing = Math.max(0, wanted - (current?.n ?? 0));
    const sites = await getDb()
      .insert(gardenSites)
      .values(Array.from({ length: 6 }, (_, i) => ({ name: `Jardin du banc n° ${i + 1}`, town: "Villeurbanne" })))
      .returning({ id: gardenSites.id });
    for (let i = 0; i < missing; i += 200) {
      const batch = Array.from({ length: Math.min(200, missing - i) }, (_, j) => i + j);
      const plotRows = await getDb()
        .insert(plots)
        .values(
          batch.map((n) => ({
            siteId: sites[n % 6]!.id,
            number: n + 1,
            area: 100 + (n % 150),
            state: "attribuee" as const,
          })),
        )
        .returning({ id: plots.id });
      const people = await getDb()
        .insert(gardeners)
        .values(
          batch.map((n) => ({
            name: `Jardinier Banc${n}`,
            familyName: `Banc${n}`,
            givenNames: "Jardinier",
            email: n % 20 === 7 ? "" : `jardinier${n}@banc.example`,
            address: n % 40 === 3 ? "" : `${n} rue du Banc, 69100 Villeurbanne`,
            startDate: "2022-03-01",
            ...(n % 50 === 11 && { lettersOptOutAt: new Date(), lettersOptOutHow: "par le lien d'une lettre" }),
          })),
        )
        .returning({ id: gardeners.id });
      await getDb()
        .insert(plotHoldings)
        .values(batch.map((_, k) => ({ plotId: plotRows[k]!.id, gardenerId: people[k]!.id, startDate: "2022-03-01" })));
    }
    const letter = await createLetter(
      {
        audience: "jardiniers",
        source: "libre",
        sourceId: null,
        eventId: null,
        subject: "Journée de travail collectif samedi",
        message:
          "<p>Bonjour à toutes et à tous,</p><p>La journée de travail collectif aura lieu samedi à 9 h : paillage des allées, réparation du récupérateur d'eau et taille de la haie. Apportez gants et sécateur, la soupe est offerte à midi.</p>",
        gardeners: "actuels",
        siteIds: [],
        plotIds: [],
        feeYear: null,
        nature: "information",
      },
      "banc d'essai",
    );
    print(`${letter.id} ${(await gardenerFigures(letter)).emails}`);
  } else if (command === "report") {
    const letter = await getLetter(Number(arg));
    print(JSON.stringify(letter && { ...letter, html: undefined, text: undefined }));
  }
} finally {
  await closeDatabase(handle);
}
