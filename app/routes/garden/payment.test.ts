import { eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { gardenerFees, gardenerPayments, onlinePayments } from "~/db/schema";
import { openGardenerSession } from "~/modules/garden-space/gardener-auth.server";
import { GARDENER_COOKIE } from "~/modules/garden-space/gardener-session.server";
import { forgetHelloAssoTokens } from "~/modules/helloasso/helloasso.client.server";
import { feePaymentToken } from "~/modules/helloasso/payment-links.server";
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
        get(`/mon-jardin/paiement/${row!.id}/retour?checkoutIntentId=1&code=succeeded&orderId=${order.id}`, cookie),
        {
          params: { id: String(row!.id), issue: "retour" },
        },
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
    const abandoned = (await paymentReturn.loader(
      routeArgs(get(`/mon-jardin/paiement/${row!.id}/abandon`), { params: { id: String(row!.id), issue: "abandon" } }),
    )) as Response;
    expect(abandoned.headers.get("Location")).toBe(`/mon-jardin/payer/${token}?paiement=abandonne`);
    const after = await paymentLink.loader(
      routeArgs(get(`/mon-jardin/payer/${token}?paiement=abandonne`), { params: { token } }),
    );
    expect(after.outcome).toBe("abandonne");
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
