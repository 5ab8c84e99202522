import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for HelloAsso's API v5 on 127.0.0.1: the endpoints the site calls, answering the JSON HelloAsso documents
 * (OAuth2 token, checkout intents, orders), the payment page its `redirectUrl` leads to, and the notifications it posts.
 * Tests steer it: refuse the token, answer slowly, notify twice, for another amount, or never; refund an order.
 */

export type NotifyMode = "once" | "twice" | "never" | "other-amount";

interface Intent {
  id: number;
  body: {
    totalAmount: number;
    initialAmount: number;
    itemName: string;
    backUrl: string;
    errorUrl: string;
    returnUrl: string;
    payer?: { firstName?: string; lastName?: string; email?: string };
    metadata?: Record<string, unknown>;
  };
  orderId?: number;
}

interface Order {
  id: number;
  date: string;
  intentId: number;
  amount: number;
  payments: { id: number; amount: number; state: string; date: string }[];
}

export interface FakeHelloAsso {
  url: string;
  slug: string;
  /** The organization's name, as GET /v5/organizations/{slug} gives it. */
  name: string;
  clientId: string;
  clientSecret: string;
  /** Where notifications are posted (the site's /api/helloasso/notification); null: none is sent. */
  notificationUrl: string | null;
  notify: NotifyMode;
  refuseToken: boolean;
  /** Delay before every API answer. */
  slowMs: number;
  tokensIssued: number;
  intents: Map<number, Intent>;
  orders: Map<number, Order>;
  /** Method and path of every API request, in order (never a body: they hold no secret here, but the habit stays). */
  requests: string[];
  /** Pays an intent as the payer would on the page: its order, and the notifications of the mode. */
  pay(intentId: number, options?: { amount?: number }): Promise<Order>;
  /** Refunds an order's payments, as the association would in HelloAsso's back-office, and notifies it. */
  refund(orderId: number): Promise<void>;
  /** The notification HelloAsso posts for an order (`Order` event). */
  orderNotification(orderId: number, amount?: number): unknown;
  /** Forgets every token given, as HelloAsso does when a client's secret is renewed: calls then answer 401. */
  revokeTokens(): void;
  /** Posts a notification body to `notificationUrl`; the site's answer status. */
  post(body: unknown): Promise<number>;
  close(): Promise<void>;
}

const json = (response: http.ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { "Content-Type": "application/json; charset=utf-8" });
  response.end(JSON.stringify(body));
};

async function readBody(request: http.IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export async function startFakeHelloAsso(
  options: { port?: number; slug?: string; clientId?: string; clientSecret?: string; notificationUrl?: string } = {},
): Promise<FakeHelloAsso> {
  let nextId = 40_000;
  const tokens = new Set<string>();

  const orderJson = (fake: FakeHelloAsso, order: Order, amount = order.amount) => {
    const intent = fake.intents.get(order.intentId)!;
    return {
      id: order.id,
      date: order.date,
      formSlug: "default",
      formType: "Checkout",
      organizationName: "Jardins partagés",
      organizationSlug: fake.slug,
      checkoutIntentId: intent.id,
      amount: { total: amount, vat: 0, discount: 0 },
      payer: { email: intent.body.payer?.email ?? "", firstName: intent.body.payer?.firstName ?? "" },
      items: [{ id: order.id * 10, amount, type: "Payment", name: intent.body.itemName, state: "Processed" }],
      payments: order.payments.map((p) => ({
        ...p,
        amount: amount === order.amount ? p.amount : amount,
        paymentMeans: "Card",
      })),
      metadata: intent.body.metadata ?? {},
    };
  };

  const fake: FakeHelloAsso = {
    url: "",
    slug: options.slug ?? "jardins-partages-test",
    name: "Jardins partagés (essai)",
    clientId: options.clientId ?? "client-test",
    clientSecret: options.clientSecret ?? "secret-test-0123456789",
    notificationUrl: options.notificationUrl ?? null,
    notify: "once",
    refuseToken: false,
    slowMs: 0,
    tokensIssued: 0,
    intents: new Map(),
    orders: new Map(),
    requests: [],
    orderNotification(orderId, amount) {
      const order = fake.orders.get(orderId)!;
      const intent = fake.intents.get(order.intentId)!;
      return { eventType: "Order", data: orderJson(fake, order, amount), metadata: intent.body.metadata ?? {} };
    },
    revokeTokens() {
      tokens.clear();
    },
    async post(body) {
      if (!fake.notificationUrl) return 0;
      const response = await fetch(fake.notificationUrl, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      await response.arrayBuffer();
      return response.status;
    },
    async pay(intentId, { amount } = {}) {
      const intent = fake.intents.get(intentId);
      if (!intent) throw new Error(`no intent ${intentId}`);
      if (intent.orderId) return fake.orders.get(intent.orderId)!;
      const id = nextId++;
      const paid = amount ?? intent.body.totalAmount;
      const date = new Date().toISOString();
      const order: Order = {
        id,
        date,
        intentId,
        amount: paid,
        payments: [{ id: id * 7, amount: paid, state: "Authorized", date }],
      };
      fake.orders.set(id, order);
      intent.orderId = id;
      if (fake.notify === "never") return order;
      if (fake.notify === "other-amount") await fake.post(fake.orderNotification(id, paid + 1000));
      else {
        await fake.post(fake.orderNotification(id));
        if (fake.notify === "twice") await fake.post(fake.orderNotification(id));
      }
      return order;
    },
    async refund(orderId) {
      const order = fake.orders.get(orderId)!;
      for (const payment of order.payments) payment.state = "Refunded";
      const intent = fake.intents.get(order.intentId)!;
      await fake.post({
        eventType: "Payment",
        data: {
          id: order.payments[0]!.id,
          amount: order.amount,
          state: "Refunded",
          date: new Date().toISOString(),
          order: { id: order.id, formType: "Checkout", organizationSlug: fake.slug, checkoutIntentId: intent.id },
        },
        metadata: intent.body.metadata ?? {},
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const authorized = (request: http.IncomingMessage) =>
    tokens.has((request.headers.authorization ?? "").replace(/^Bearer /, ""));

  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://fake");
    const path = url.pathname;
    const body = await readBody(request);
    // The payment page and its buttons are the payer's, not the API's: never slowed, never logged as API calls.
    const page = /^\/checkout\/(\d+)(?:\/(pay|back))?$/.exec(path);
    if (page) {
      const intent = fake.intents.get(Number(page[1]));
      if (!intent) return json(response, 404, { message: "Not found" });
      if (request.method === "POST" && page[2] === "pay") {
        // The test card ending in 0077 pays 10 € whatever was asked: an order the site must not believe (« anomalie »).
        const card = (new URLSearchParams(body).get("card") ?? "").replace(/\D/g, "");
        const order = await fake.pay(intent.id, card.endsWith("0077") ? { amount: 1000 } : {});
        const back = new URL(intent.body.returnUrl);
        back.searchParams.set("checkoutIntentId", String(intent.id));
        back.searchParams.set("code", "succeeded");
        back.searchParams.set("orderId", String(order.id));
        response.writeHead(303, { Location: back.toString() });
        return response.end();
      }
      if (request.method === "POST" && page[2] === "back") {
        response.writeHead(303, { Location: intent.body.backUrl });
        return response.end();
      }
      const euros = (intent.body.totalAmount / 100).toFixed(2).replace(".", ",");
      response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      return response.end(`<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>HelloAsso (test)</title>
<meta name="viewport" content="width=device-width"></head><body><h1>Paiement HelloAsso (test)</h1>
<p>${escapeHtml(intent.body.itemName)} : ${euros} €</p>
<form method="post" action="/checkout/${intent.id}/pay"><label>Numéro de carte <input name="card" autocomplete="off"></label>
<button>Payer ${euros} €</button></form>
<form method="post" action="/checkout/${intent.id}/back"><button>Revenir au site</button></form></body></html>`);
    }

    fake.requests.push(`${request.method} ${path}`);
    if (fake.slowMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.slowMs));
    if (request.method === "POST" && path === "/oauth2/token") {
      const form = new URLSearchParams(body);
      if (
        fake.refuseToken ||
        form.get("grant_type") !== "client_credentials" ||
        form.get("client_id") !== fake.clientId ||
        form.get("client_secret") !== fake.clientSecret
      )
        return json(response, 401, { error: "unauthorized_client", error_description: "Invalid client credentials" });
      const token = `jeton-${++fake.tokensIssued}-${Math.random().toString(36).slice(2)}`;
      tokens.add(token);
      return json(response, 200, {
        access_token: token,
        token_type: "bearer",
        expires_in: 1800,
        refresh_token: `r-${token}`,
      });
    }
    if (!authorized(request))
      return json(response, 401, { message: "Authorization has been denied for this request." });

    // The organization's public details (OrganizationModel): a slug HelloAsso does not know is a 404.
    const organization = /^\/v5\/organizations\/([^/]+)$/.exec(path);
    if (organization && request.method === "GET")
      return organization[1] === fake.slug
        ? json(response, 200, { name: fake.name, organizationSlug: fake.slug, type: "Association1901", city: "Lyon" })
        : json(response, 404, { message: "Organization not found" });
    const intents = /^\/v5\/organizations\/([^/]+)\/checkout-intents(?:\/(\d+))?$/.exec(path);
    if (intents && intents[1] !== fake.slug) return json(response, 403, { message: "Forbidden" });
    if (intents && request.method === "POST" && !intents[2]) {
      const parsed = JSON.parse(body) as Intent["body"];
      const required = ["totalAmount", "initialAmount", "itemName", "backUrl", "errorUrl", "returnUrl"] as const;
      const missing = required.filter((key) => parsed[key] === undefined || parsed[key] === "");
      if (missing.length > 0 || parsed.totalAmount !== parsed.initialAmount || !Number.isInteger(parsed.totalAmount))
        return json(response, 400, {
          errors: [{ code: "ArgumentInvalid", message: `invalid: ${missing.join(", ")}` }],
        });
      const id = nextId++;
      fake.intents.set(id, { id, body: parsed });
      return json(response, 200, { id, redirectUrl: `${fake.url}/checkout/${id}` });
    }
    if (intents && request.method === "GET" && intents[2]) {
      const intent = fake.intents.get(Number(intents[2]));
      if (!intent) return json(response, 404, { message: "Not found" });
      const order = intent.orderId ? fake.orders.get(intent.orderId) : undefined;
      return json(response, 200, {
        id: intent.id,
        redirectUrl: `${fake.url}/checkout/${intent.id}`,
        metadata: intent.body.metadata ?? {},
        ...(order ? { order: orderJson(fake, order) } : {}),
      });
    }
    const orderPath = /^\/v5\/orders\/(\d+)$/.exec(path);
    if (orderPath && request.method === "GET") {
      const order = fake.orders.get(Number(orderPath[1]));
      return order ? json(response, 200, orderJson(fake, order)) : json(response, 404, { message: "Not found" });
    }
    json(response, 404, { message: "Not found" });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
