import { eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { gardenerFees, gardenerPayments, onlinePayments } from "~/db/schema";
import { openGardenerSession } from "~/modules/garden-space/gardener-auth.server";
import { GARDENER_COOKIE } from "~/modules/garden-space/gardener-session.server";
import { forgetHelloAssoTokens } from "~/modules/helloasso/helloasso.client.server";
import { RETURN_READS } from "~/modules/helloasso/pay.server";
import { feePaymentToken, paymentReturnToken } from "~/modules/helloasso/payment-links.server";
import { describeEachDatabase } from "../../../tests/db";
import { usePrivateDocumentsDir } from "../../../tests/documents";
import { insertContent, insertGardener } from "../../../tests/factories";
import type { FakeHelloAsso } from "../../../tests/fakes/helloasso";
import { configureHelloAsso, useFakeHelloAsso } from "../../../tests/helloasso";
import { routeArgs } from "../../../tests/routes";
import * as payFee from "./pay-fee";
import * as paymentLink from "./payment-link";
import * as paymentReturn from "./payment-return";
import * as notification from "../resources/helloasso-notification";

const fakeHelloAsso = useFakeHelloAsso();
let fake: FakeHelloAsso;
beforeEach(() => {
  fake = fakeHelloAsso();
  forgetHelloAssoTokens();
  fake.notify = "never";
});

const SITE = "http://localhost:3000";

async function setUp() {
  await insertContent();
  await configureHelloAsso(fake);
  const camille = await insertGardener({ name: "Camille Roux", email: "camille.roux@example.fr" });
  const louis = await insertGardener({ name: "Louis Martin", email: "louis.martin@example.fr" });
  const [fee, other] = await getDb()
    .insert(gardenerFees)
    .values([
      { gardenerId: camille.id, year: 2027, amountCents: 4500, dueOn: "2027-03-31" },
      { gardenerId: louis.id, year: 2027, amountCents: 3000, dueOn: "2027-03-31" },
    ])
    .returning();
  const token = await openGardenerSession(getDb(), camille.id);
  return { camille, fee: fee!, other: other!, cookie: `${GARDENER_COOKIE}=${token}` };
}

const post = (path: string, cookie?: string) =>
  new Request(`${SITE}${path}`, {
    method: "POST",
    body: new URLSearchParams(),
    headers: {
      Origin: SITE,
      "Content-Type": "application/x-www-form-urlencoded",
      ...(cookie ? { Cookie: cookie } : {}),
    },
  });
const get = (path: string, cookie?: string) =>
  new Request(`${SITE}${path}`, { headers: cookie ? { Cookie: cookie } : {} });

/** HelloAsso's way back for the payment `id`, as the payer's browser follows it (signed unless `token` is given). */
const returnTo = (
  id: number,
  issue: string,
  { token = paymentReturnToken(id), cookie = "", ip = "203.0.113.7" } = {},
) =>
  thrown(
    paymentReturn.loader(
      routeArgs(get(`/mon-jardin/paiement/${token}/${issue}`, cookie || undefined), {
        ip,
        params: { id: token, issue },
      }),
    ),
  );

/** How many times the site asked HelloAsso's API about a checkout intent. */
const intentReads = () => fake.requests.filter((request) => /^GET .*\/checkout-intents\/\d+$/.test(request)).length;

async function thrown(promise: Promise<unknown>) {
  try {
    return await promise;
  } catch (error) {
    return error;
  }
}

describeEachDatabase("the payment's routes", () => {
  usePrivateDocumentsDir();

  it("sends a signed-in gardener to HelloAsso's page for their own fee only", async () => {
    const { fee, other, cookie } = await setUp();
    const signedOut = (await thrown(
      payFee.action(routeArgs(post(`/mon-jardin/cotisations/${fee.id}/payer`), { params: { feeId: String(fee.id) } })),
    )) as Response;
    expect(signedOut.headers.get("Location")).toBe("/mon-jardin");
    const notTheirs = (await thrown(
      payFee.action(
        routeArgs(post(`/mon-jardin/cotisations/${other.id}/payer`, cookie), { params: { feeId: String(other.id) } }),
      ),
    )) as Response;
    expect(notTheirs.status).toBe(404);
    const theirs = (await payFee.action(
      routeArgs(post(`/mon-jardin/cotisations/${fee.id}/payer`, cookie), { params: { feeId: String(fee.id) } }),
    )) as Response;
    expect(theirs.status).toBe(303);
    expect(theirs.headers.get("Location")).toMatch(new RegExp(`^${fake.url}/checkout/\\d+$`));
  });

  it("brings the gardener back to Mon jardin with the payment recorded, without waiting for a notification", async () => {
    const { fee, cookie } = await setUp();
    await payFee.action(
      routeArgs(post(`/mon-jardin/cotisations/${fee.id}/payer`, cookie), { params: { feeId: String(fee.id) } }),
    );
    const [row] = await getDb().select().from(onlinePayments).where(eq(onlinePayments.feeId, fee.id));
    const order = await fake.pay(row!.checkoutIntentId!);
    const back = (await paymentReturn.loader(
      routeArgs(
        get(
          `/mon-jardin/paiement/${paymentReturnToken(row!.id)}/retour?checkoutIntentId=1&code=succeeded&orderId=${order.id}`,
          cookie,
        ),
        { params: { id: paymentReturnToken(row!.id), issue: "retour" } },
      ),
    )) as Response;
    expect(back.headers.get("Location")).toBe("/mon-jardin?paiement=recu#cotisations");
    expect(await getDb().select().from(gardenerPayments).where(eq(gardenerPayments.feeId, fee.id))).toHaveLength(1);
  });

  it("pays by a payment link without signing in, and says so on the link's page when the payer comes back", async () => {
    const { fee } = await setUp();
    const token = feePaymentToken(fee.id);
    const forged = (await thrown(
      paymentLink.loader(
        routeArgs(get(`/mon-jardin/payer/${fee.id}-xxxxxxxxxxxxxxxxxxxxxxxx`), {
          params: { token: `${fee.id}-xxxxxxxxxxxxxxxxxxxxxxxx` },
        }),
      ),
    )) as Response;
    expect(forged.status).toBe(404);
    const page = await paymentLink.loader(routeArgs(get(`/mon-jardin/payer/${token}`), { params: { token } }));
    expect(page.fee).toMatchObject({ year: 2027, balanceCents: 4500, payable: true, ready: true });
    const go = (await paymentLink.action(
      routeArgs(post(`/mon-jardin/payer/${token}`), { params: { token } }),
    )) as Response;
    expect(go.headers.get("Location")).toMatch(new RegExp(`^${fake.url}/checkout/\\d+$`));
    const [row] = await getDb().select().from(onlinePayments).where(eq(onlinePayments.feeId, fee.id));
    const abandoned = (await returnTo(row!.id, "abandon")) as Response;
    expect(abandoned.headers.get("Location")).toBe(`/mon-jardin/payer/${token}?paiement=abandonne`);
    const after = await paymentLink.loader(
      routeArgs(get(`/mon-jardin/payer/${token}?paiement=abandonne`), { params: { token } }),
    );
    expect(after.outcome).toBe("abandonne");
  });

  it("gives nobody another gardener's payment by its number, and changes nothing on a return (the audit's reproduction)", async () => {
    const { fee } = await setUp();
    const token = feePaymentToken(fee.id);
    await paymentLink.action(routeArgs(post(`/mon-jardin/payer/${token}`), { params: { token } }));
    const [row] = await getDb().select().from(onlinePayments).where(eq(onlinePayments.feeId, fee.id));
    fake.requests.length = 0;
    // Anyone typing the next number: no payment link in the answer, no state changed, HelloAsso not asked.
    for (const issue of ["abandon", "retour", "erreur"]) {
      const guessed = (await returnTo(row!.id, issue, { token: String(row!.id) })) as Response;
      expect(guessed.headers.get("Location")).toBe("/mon-jardin");
      const forged = (await returnTo(row!.id, issue, { token: `${row!.id}-${"A".repeat(24)}` })) as Response;
      expect(forged.headers.get("Location")).toBe("/mon-jardin");
    }
    expect(intentReads()).toBe(0);
    // The payer's own « back » link: HelloAsso is asked, the page says it was abandoned, and the row waits for
    // HelloAsso's word (the periodic check abandons it), so a GET decides nothing.
    const back = (await returnTo(row!.id, "abandon", { ip: "198.51.100.4" })) as Response;
    expect(back.headers.get("Location")).toBe(`/mon-jardin/payer/${token}?paiement=abandonne`);
    expect(intentReads()).toBe(1);
    const [after] = await getDb().select().from(onlinePayments).where(eq(onlinePayments.id, row!.id));
    expect(after?.state).toBe("en_cours");
  });

  it("asks HelloAsso once a payment in ten seconds and twenty times an address in ten minutes, however many returns", async () => {
    const { fee, cookie } = await setUp();
    await payFee.action(
      routeArgs(post(`/mon-jardin/cotisations/${fee.id}/payer`, cookie), { params: { feeId: String(fee.id) } }),
    );
    const [row] = await getDb().select().from(onlinePayments).where(eq(onlinePayments.feeId, fee.id));
    fake.requests.length = 0;
    const answers = [];
    for (let n = 0; n < 40; n++) answers.push((await returnTo(row!.id, "retour", { cookie })) as Response);
    expect(intentReads()).toBe(1);
    expect(new Set(answers.map((answer) => answer.headers.get("Location")))).toEqual(
      new Set(["/mon-jardin?paiement=attente#cotisations"]),
    );
    // Paid meanwhile: a return within the ten seconds reads the row as it is, the notification or the next return
    // after them records it.
    await fake.pay(row!.checkoutIntentId!);
    expect(((await returnTo(row!.id, "retour", { cookie })) as Response).headers.get("Location")).toBe(
      "/mon-jardin?paiement=attente#cotisations",
    );
    expect(intentReads()).toBe(1);

    // One address going through many payments' returns is held at twenty reads.
    const rows = await getDb()
      .insert(onlinePayments)
      .values(
        Array.from({ length: RETURN_READS.perAddress + 5 }, (_, n) => ({
          environment: "production",
          feeId: fee.id,
          gardenerId: row!.gardenerId,
          amountCents: 4500,
          itemName: "Cotisation 2027",
          checkoutIntentId: 900_000 + n,
        })),
      )
      .returning();
    fake.requests.length = 0;
    for (const other of rows) await returnTo(other.id, "abandon", { ip: "192.0.2.9" });
    expect(intentReads()).toBe(RETURN_READS.perAddress);
  });

  it("answers HelloAsso's notifications with 200 once read, 400 for what is not JSON, 405 to a GET", async () => {
    await setUp();
    const notify = (body: string) =>
      new Request(`${SITE}/api/helloasso/notification`, {
        method: "POST",
        body,
        headers: { "Content-Type": "application/json" },
      });
    expect(((await notification.action(routeArgs(notify("{pas du json")))) as Response).status).toBe(400);
    const read = (await notification.action(
      routeArgs(notify(JSON.stringify({ eventType: "Order", data: {} }))),
    )) as Response;
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual({ ok: true });
    expect(notification.loader().status).toBe(405);
  });
});
