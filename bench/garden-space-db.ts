// The database side of `npm run bench:garden-space`, after bench/plots-db.ts has filled the register as ten years
// leave it: one of its current gardeners, with an address, is given a fee a year for ten years before those, each
// paid by cheque, booked and with its receipt (a PDF in the documents' store), and a « Mon jardin » session is opened
// for the bench. Prints the session's token, as JSON.
import "../scripts/load-env.ts";
import { closeDatabase, openDatabaseFor, print } from "../scripts/command.ts";

const { and, asc, isNull, ne } = await import("drizzle-orm");
const { getDb } = await import("~/db/client.server");
const t = await import("~/db/schema");
const { parisToday } = await import("~/lib/paris-time");
const { receivePayment } = await import("~/modules/register/payments.server");
const { issueReceipt } = await import("~/modules/treasury/receipts.server");
const { openGardenerSession } = await import("~/modules/garden-space/gardener-auth.server");

const YEARS = 10;
const year = Number(parisToday().slice(0, 4));

const handle = await openDatabaseFor("le banc d'essai de « Mon jardin »");
try {
  const db = getDb();
  const [gardener] = await db
    .select()
    .from(t.gardeners)
    .where(and(isNull(t.gardeners.endDate), ne(t.gardeners.email, "")))
    .orderBy(asc(t.gardeners.id))
    .limit(1);
  if (!gardener) throw new Error("aucun jardinier actuel : lancer bench/plots-db.ts d'abord");
  const first = year - 2 - YEARS;
  // The book kept since the first of those years, so that each payment has its entry.
  await db.update(t.treasuryAccounts).set({ openingYear: first });
  let receipts = 0;
  for (let y = first; y < year - 2; y++) {
    const paid = await db.transaction((tx) =>
      receivePayment(
        tx,
        { gardenerId: gardener.id, kind: "cotisation", year: y },
        {
          amountCents: 3_000 + (y % 4) * 500,
          paidOn: `${y}-02-${String(10 + (y % 15)).padStart(2, "0")}`,
          means: "cheque",
          chequeNumber: `84${y}`,
          chequeBank: "Crédit Mutuel",
        },
        { id: null, username: "bench" },
      ),
    );
    const entry = paid?.entry;
    if (entry) {
      await issueReceipt(entry.id, { id: null, username: "bench" }, { history: false });
      receipts++;
    }
  }
  const token = await openGardenerSession(db, gardener.id);
  print(
    JSON.stringify({
      token,
      year,
      summary: `« Mon jardin » de ${gardener.name} : ${YEARS} cotisations de plus (${first}–${year - 3}) payées par chèque, ${receipts} reçus`,
    }),
  );
} finally {
  await closeDatabase(handle);
}
