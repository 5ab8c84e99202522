/** « Mon jardin »'s test data: a gardener with a plot, a fee partly paid by cheque and its receipt, and a warning. */
import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import {
  gardenerFees,
  helloassoSettings,
  inspectionMarks,
  inspectionRounds,
  plotHoldings,
  treasuryEntries,
} from "~/db/schema";
import { parisToday, parisYear } from "~/lib/paris-time";
import { openGardenerSession } from "~/modules/garden-space/gardener-auth.server";
import { GARDENER_COOKIE } from "~/modules/garden-space/gardener-session.server";
import { paymentOnRecord } from "./payments";
import { issueReceipt } from "~/modules/treasury/receipts.server";
import { insertGardener, insertPlot, insertSite } from "./factories";

const DAY = 86_400_000;
const dayBefore = (days: number) => parisToday(new Date(Date.now() - days * DAY));

/**
 * A current gardener holding plot `number` of a new site (and an earlier one they gave back), whose fee of this year
 * (60 €, due a month ago) is paid 25 € by cheque with its receipt, and who got a warning two months ago.
 */
export async function gardenerWithAll(name: string, number: number) {
  const year = parisYear();
  const gardener = await insertGardener({ name, email: `${name.split(" ")[0]!.toLowerCase()}@example.fr` });
  const site = await insertSite({ name: `Jardin de ${name}`, accessNotes: `Code du portail : ${number}${number}` });
  const plot = await insertPlot(site.id, number, { area: 140, kind: "partagee", state: "attribuee" });
  const former = await insertPlot(site.id, number + 100);
  await getDb()
    .insert(plotHoldings)
    .values([
      { plotId: former.id, gardenerId: gardener.id, startDate: "2020-03-01", endDate: "2023-12-31" },
      { plotId: plot.id, gardenerId: gardener.id, startDate: "2024-03-01" },
    ]);
  const [fee] = await getDb()
    .insert(gardenerFees)
    .values({ gardenerId: gardener.id, year, amountCents: 6000, dueOn: dayBefore(30), rate: "moyenne parcelle" })
    .returning();
  const payment = await getDb().transaction((tx) =>
    paymentOnRecord(
      tx,
      gardener.id,
      {
        kind: "cotisation",
        year,
        amount: 2500,
        paidOn: parisToday(),
        means: "cheque",
        chequeNumber: `12${number}`,
        chequeBank: "Crédit Mutuel",
      },
      "claire",
    ),
  );
  const [entry] = await getDb().select().from(treasuryEntries).where(eq(treasuryEntries.paymentId, payment.id));
  const receipt = await issueReceipt(entry!.id, { id: null, username: "claire" });
  const [round] = await getDb()
    .insert(inspectionRounds)
    .values({ siteId: site.id, date: dayBefore(60), inspector: "Paul" })
    .returning();
  const [warning] = await getDb()
    .insert(inspectionMarks)
    .values({
      roundId: round!.id,
      plotId: plot.id,
      gardenerId: gardener.id,
      result: "avertissement",
      note: `Herbes hautes sur la parcelle ${number}`,
    })
    .returning();
  return { gardener, site, plot, fee: fee!, receipt, warning: warning! };
}

/** A signed-in gardener's session: the cookie a browser would send. */
export async function gardenerCookie(gardenerId: number) {
  const token = await openGardenerSession(getDb(), gardenerId);
  return `${GARDENER_COOKIE}=${encodeURIComponent(token)}`;
}

/** Online payment off again: the HelloAsso settings are not emptied between tests. */
export async function noHelloAsso() {
  await getDb().delete(helloassoSettings);
}
