// The database side of `npm run bench:letters`, run with the server stopped (it holds the embedded database):
//   seed N SUBJECT — N confirmed subscribers (made once), then a letter SUBJECT queued to them; prints its id;
//   report ID      — the letter's counts, as JSON.
import "../scripts/load-env.ts";
import { closeDatabase, openDatabaseFor, print } from "../scripts/command.ts";

const { getDb } = await import("~/db/client.server");
const { newsletterSubscribers } = await import("~/db/schema");
const { unsubscribeColumns } = await import("~/modules/newsletter/newsletter.server");
const { bodyOf, createLetter, getLetter, queueLetter } = await import("~/modules/newsletter/letters.server");
const { count } = await import("drizzle-orm");

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
  } else if (command === "report") {
    const letter = await getLetter(Number(arg));
    print(JSON.stringify(letter && { ...letter, html: undefined, text: undefined }));
  }
} finally {
  await closeDatabase(handle);
}
