import { eq } from "drizzle-orm";
import { getDb, type Executor } from "~/db/client.server";
import { helloassoSettings } from "~/modules/helloasso/helloasso.tables";
import { env } from "~/server/env.server";
import { openSecret, sealSecret } from "~/server/server-secret.server";

/** HelloAsso's two hosts (its API's introduction): the sandbox to try the set-up, production for real payments. */
export const HELLOASSO_HOSTS = {
  sandbox: "https://api.helloasso-sandbox.com",
  production: "https://api.helloasso.com",
} as const;
export type HelloAssoEnvironment = keyof typeof HELLOASSO_HOSTS;

/** What the client needs to call HelloAsso: the host, the organization, and the API client's id and secret. */
export interface HelloAssoConfig {
  environment: HelloAssoEnvironment;
  /** `https://api.helloasso.com`, or HELLOASSO_API_URL where tests run a local fake. */
  host: string;
  organizationSlug: string;
  clientId: string;
  clientSecret: string;
}

/** The settings as the bureau's screen shows them: never the secret, only whether one is kept. */
export async function helloAssoSettings(executor: Executor = getDb()) {
  const [row] = await executor.select().from(helloassoSettings).where(eq(helloassoSettings.id, 1));
  return {
    environment: (row?.environment ?? "sandbox") as HelloAssoEnvironment,
    organizationSlug: row?.organizationSlug ?? "",
    clientId: row?.clientId ?? "",
    hasSecret: Boolean(row?.clientSecretSealed),
    updatedAt: row?.updatedAt ?? null,
    updatedBy: row?.updatedBy ?? "",
  };
}

/**
 * Saves the settings; `clientSecret` empty keeps the one kept (the screen never shows it back), and `null` removes it,
 * which turns online payment off.
 */
export async function saveHelloAssoSettings(
  executor: Executor,
  values: {
    environment: HelloAssoEnvironment;
    organizationSlug: string;
    clientId: string;
    clientSecret: string | null;
  },
  updatedBy: string,
) {
  const secret =
    values.clientSecret === null
      ? { clientSecretSealed: "" }
      : values.clientSecret
        ? { clientSecretSealed: sealSecret(values.clientSecret) }
        : {};
  const set = {
    environment: values.environment,
    organizationSlug: values.organizationSlug.trim(),
    clientId: values.clientId.trim(),
    ...secret,
    updatedAt: new Date(),
    updatedBy,
  };
  await executor
    .insert(helloassoSettings)
    .values({ id: 1, ...set })
    .onConflictDoUpdate({ target: helloassoSettings.id, set });
}

/**
 * The configuration to call HelloAsso with, or null while online payment is not set up (no slug, id or secret, or a
 * secret sealed under another server secret: a backup restored without its secret file).
 */
export async function helloAssoConfig(executor: Executor = getDb()): Promise<HelloAssoConfig | null> {
  const [row] = await executor.select().from(helloassoSettings).where(eq(helloassoSettings.id, 1));
  if (!row || !row.organizationSlug || !row.clientId || !row.clientSecretSealed) return null;
  const clientSecret = openSecret(row.clientSecretSealed);
  if (!clientSecret) return null;
  const environment = row.environment === "production" ? "production" : "sandbox";
  return {
    environment,
    host: env.HELLOASSO_API_URL ?? HELLOASSO_HOSTS[environment],
    organizationSlug: row.organizationSlug,
    clientId: row.clientId,
    clientSecret,
  };
}

/** Whether « Payer en ligne » is offered: online payment set up. */
export async function onlinePaymentReady(executor: Executor = getDb()) {
  return (await helloAssoConfig(executor)) !== null;
}
