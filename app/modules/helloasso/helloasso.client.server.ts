import { z } from "zod";
import type { HelloAssoConfig } from "./helloasso.settings.server";

/**
 * HelloAsso's API v5 as its documentation describes it (decision 032): an OAuth2 client-credentials token from
 * `/oauth2/token`, kept until it expires (30 minutes) and asked again; checkout intents created and read back under
 * `/v5/organizations/{slug}/checkout-intents`; orders read at `/v5/orders/{id}`. Nothing here logs a secret or a token.
 */

/** A refusal or an outage of HelloAsso, with what the bureau or the gardener can be told, in French. */
export class HelloAssoError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "HelloAssoError";
  }
}

/** How long a call may take before « Mon jardin » says to try again later: a slow HelloAsso must not hold the page. */
export const HELLOASSO_TIMEOUT = { ms: 10_000 };
/** A token is asked again this long before it expires, so that no call carries one that lapses on the way. */
const TOKEN_MARGIN_MS = 60_000;

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.number().positive(),
});

interface Token {
  accessToken: string;
  expiresAt: number;
}

// Per host and client: the settings may change, and the sandbox's token is no good in production.
const tokens = new Map<string, Token>();
const asking = new Map<string, Promise<Token>>();
const tokenKey = (config: HelloAssoConfig) => `${config.host}\n${config.clientId}\n${config.clientSecret}`;

/** Forgets the tokens kept (the settings changed, or a call was refused as unauthorised). */
export function forgetHelloAssoTokens() {
  tokens.clear();
}

/** Asks HelloAsso a token for the association's API client (« Tester la connexion » uses it as is). */
export async function fetchHelloAssoToken(config: HelloAssoConfig, now = Date.now()): Promise<Token> {
  const response = await send(`${config.host}/oauth2/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
    body: new URLSearchParams({
      grant_type: "client_credentials",
      client_id: config.clientId,
      client_secret: config.clientSecret,
    }).toString(),
  });
  if (response.status === 400 || response.status === 401 || response.status === 403)
    throw new HelloAssoError(
      "HelloAsso refuse l'identifiant ou le secret du client API : vérifiez-les, et l'environnement choisi (bac à sable ou production).",
      response.status,
    );
  if (!response.ok) throw unavailable(response.status);
  const parsed = tokenAnswer.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new HelloAssoError("HelloAsso a répondu sans jeton d'accès lisible.", response.status);
  return { accessToken: parsed.data.access_token, expiresAt: now + parsed.data.expires_in * 1000 };
}

/** The token kept for this client while it is good, else a new one (concurrent callers share one request). */
async function tokenFor(config: HelloAssoConfig): Promise<string> {
  const key = tokenKey(config);
  const kept = tokens.get(key);
  if (kept && kept.expiresAt - TOKEN_MARGIN_MS > Date.now()) return kept.accessToken;
  let pending = asking.get(key);
  if (!pending) {
    pending = fetchHelloAssoToken(config).finally(() => asking.delete(key));
    asking.set(key, pending);
  }
  const token = await pending;
  tokens.set(key, token);
  return token.accessToken;
}

/** A call of the API with the client's token; a token refused (revoked, expired early) is asked again once. */
async function call(config: HelloAssoConfig, method: "GET" | "POST", path: string, body?: unknown): Promise<unknown> {
  for (let attempt = 0; ; attempt++) {
    const response = await send(`${config.host}/v5${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${await tokenFor(config)}`,
        Accept: "application/json",
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status === 401 && attempt === 0) {
      tokens.delete(tokenKey(config));
      continue;
    }
    if (response.status === 404) throw new HelloAssoError("HelloAsso ne connaît pas cet élément.", 404);
    if (response.status === 401 || response.status === 403)
      throw new HelloAssoError(
        "HelloAsso refuse l'accès : le client API n'a pas l'autorisation « Checkout », ou l'organisation n'est pas la sienne.",
        response.status,
      );
    if (response.status >= 400 && response.status < 500)
      throw new HelloAssoError(`HelloAsso a refusé la demande (${response.status}).`, response.status);
    if (!response.ok) throw unavailable(response.status);
    return response.json().catch(() => {
      throw new HelloAssoError("HelloAsso a répondu de façon illisible.", response.status);
    });
  }
}

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, redirect: "error", signal: AbortSignal.timeout(HELLOASSO_TIMEOUT.ms) });
  } catch {
    throw unavailable();
  }
}

const unavailable = (status?: number) =>
  new HelloAssoError("HelloAsso ne répond pas pour le moment. Réessayez un peu plus tard.", status);

// ——— The organization ———

const organization = z.looseObject({ name: z.string(), organizationSlug: z.string().optional() });

/**
 * The organization the settings name, as HelloAsso publishes it (GET /organizations/{slug}): « Tester la connexion »
 * shows its name, so a slug mistyped fails there and not at a gardener's first payment.
 */
export async function readOrganization(config: HelloAssoConfig) {
  try {
    const parsed = organization.safeParse(
      await call(config, "GET", `/organizations/${encodeURIComponent(config.organizationSlug)}`),
    );
    if (!parsed.success) throw new HelloAssoError("HelloAsso a répondu de façon illisible.");
    return { name: parsed.data.name.trim() };
  } catch (error) {
    if (error instanceof HelloAssoError && error.status === 404)
      throw new HelloAssoError(
        `HelloAsso ne connaît aucune organisation « ${config.organizationSlug} » : recopiez l'identifiant qui suit /associations/ dans l'adresse de votre page HelloAsso.`,
        404,
      );
    throw error;
  }
}

// ——— Checkout ———

export interface CheckoutIntentInput {
  /** Cents, all taxes included: the whole amount, paid at once (no instalments). */
  totalAmount: number;
  /** What the payer sees on HelloAsso's page and in their receipt: « Cotisation 2027 — parcelle 12 ». */
  itemName: string;
  backUrl: string;
  errorUrl: string;
  returnUrl: string;
  payer: { firstName?: string; lastName?: string; email?: string };
  metadata: Record<string, string | number>;
}

const intentCreated = z.object({ id: z.number().int().positive(), redirectUrl: z.string().url() });

/** Creates a checkout intent: its id and the address of HelloAsso's page where the payer goes (valid 15 minutes). */
export async function createCheckoutIntent(config: HelloAssoConfig, input: CheckoutIntentInput) {
  const payer = Object.fromEntries(Object.entries(input.payer).filter(([, value]) => value));
  const answer = await call(
    config,
    "POST",
    `/organizations/${encodeURIComponent(config.organizationSlug)}/checkout-intents`,
    {
      totalAmount: input.totalAmount,
      initialAmount: input.totalAmount,
      itemName: input.itemName.slice(0, 250),
      backUrl: input.backUrl,
      errorUrl: input.errorUrl,
      returnUrl: input.returnUrl,
      containsDonation: false,
      ...(Object.keys(payer).length > 0 ? { payer } : {}),
      metadata: input.metadata,
    },
  );
  const parsed = intentCreated.safeParse(answer);
  if (!parsed.success) throw new HelloAssoError("HelloAsso a répondu sans adresse de paiement.");
  return parsed.data;
}

const payment = z.looseObject({
  id: z.number().int(),
  amount: z.number().int(),
  state: z.string(),
  date: z.string().optional(),
});

const order = z.looseObject({
  id: z.number().int().positive(),
  date: z.string().optional(),
  organizationSlug: z.string().optional(),
  amount: z.looseObject({ total: z.number().int() }),
  payments: z.array(payment).optional(),
});
export type HelloAssoOrder = z.infer<typeof order>;

const intent = z.looseObject({
  id: z.number().int().positive(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
  order: order.nullish(),
});
export type HelloAssoCheckoutIntent = z.infer<typeof intent>;

/** A checkout intent as HelloAsso has it: with its order once it is paid. */
export async function readCheckoutIntent(config: HelloAssoConfig, id: number): Promise<HelloAssoCheckoutIntent> {
  const answer = await call(
    config,
    "GET",
    `/organizations/${encodeURIComponent(config.organizationSlug)}/checkout-intents/${id}`,
  );
  const parsed = intent.safeParse(answer);
  if (!parsed.success) throw new HelloAssoError("HelloAsso a répondu de façon illisible.");
  return parsed.data;
}

/** An order with its payments and their states (a refund shows there). */
export async function readOrder(config: HelloAssoConfig, id: number): Promise<HelloAssoOrder> {
  const parsed = order.safeParse(await call(config, "GET", `/orders/${id}`));
  if (!parsed.success) throw new HelloAssoError("HelloAsso a répondu de façon illisible.");
  return parsed.data;
}

// The payments' states HelloAsso documents: the money taken, and the money given back.
const TAKEN = new Set(["Authorized", "AuthorizedPreprod"]);
const GIVEN_BACK = new Set(["Refunded", "Refunding", "Canceled", "Contested"]);

/**
 * What an order says of its money: `paid` (taken in full: `cents`), `refunded` (all of it given back or contested), or
 * `pending` (not yet taken: a bank transfer waiting, a payment refused and tried again).
 */
export function orderMoney(found: HelloAssoOrder): { state: "paid" | "refunded" | "pending"; cents: number } {
  const payments = found.payments ?? [];
  const taken = payments.filter((p) => TAKEN.has(p.state)).reduce((sum, p) => sum + p.amount, 0);
  if (taken > 0) return { state: "paid", cents: taken };
  if (payments.length > 0 && payments.every((p) => GIVEN_BACK.has(p.state))) return { state: "refunded", cents: 0 };
  return { state: "pending", cents: 0 };
}
