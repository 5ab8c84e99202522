import path from "node:path";
import { z } from "zod";
import { StartupError } from "./startup-error";

/** Wrong settings: one French line per problem, printed without a stack trace by the server and the tools. */
export class ConfigError extends StartupError {
  constructor(readonly problems: string[]) {
    super(problems.map((problem) => `Réglage invalide : ${problem}`).join("\n"));
  }
}

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const url = (name: string, schemes: string[], example: string) =>
  z.string().refine(
    (value) => {
      try {
        return schemes.includes(new URL(value).protocol.replace(/:$/, ""));
      } catch {
        return false;
      }
    },
    { error: `${name} doit être une adresse ${schemes.map((s) => `${s}://`).join(" ou ")}…, par exemple ${example}` },
  );

const integer = (
  name: string,
  min: number,
  max: number,
  message = `${name} doit être un nombre entre ${min} et ${max}`,
) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, { error: message })
    .transform(Number)
    .pipe(z.number().int().min(min, { error: message }).max(max, { error: message }));

const email = (name: string) =>
  z.email({ error: `${name} doit être une adresse e-mail, par exemple bureau@jardins.example` });

// "Potager <no-reply@jardins.example>" or a bare address.
const MAILBOX = /^(?:[^<>]*<\s*[^\s<>@]+@[^\s<>@]+\s*>|[^\s<>@]+@[^\s<>@]+)$/;

/** Every setting of `.env.example`; each message names the setting and says what it expects, in French. */
const EnvSchema = z.object({
  NODE_ENV: z
    .enum(["development", "production", "test"], { error: "NODE_ENV doit valoir production, development ou test" })
    .default("development"),
  PORT: integer("PORT", 1, 65535).default(3000),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: url(
    "DATABASE_URL",
    ["postgres", "postgresql"],
    "postgres://potager:motdepasse@127.0.0.1:5432/potager",
  ).optional(),
  // Host mode (decision 039): the registry of the associations one server serves, each in its own database.
  HOST_DATABASE_URL: url(
    "HOST_DATABASE_URL",
    ["postgres", "postgresql"],
    "postgres://potager:motdepasse@127.0.0.1:5432/potager_host",
  ).optional(),
  // The most PostgreSQL connections a host-mode process opens, all its associations together.
  HOST_MAX_CONNECTIONS: integer(
    "HOST_MAX_CONNECTIONS",
    2,
    1000,
    "HOST_MAX_CONNECTIONS doit être un nombre de connexions (2 ou plus)",
  ).default(20),
  SESSION_SECRET: z.string().min(32, { error: "SESSION_SECRET doit faire au moins 32 caractères" }).optional(),
  ADMIN_USERNAME: z.string().trim().max(100, { error: "ADMIN_USERNAME doit faire au plus 100 caractères" }).optional(),
  // The rule of every password (accounts' password policy): 12 characters here, and its strength checked at start.
  ADMIN_PASSWORD: z.string().min(12, { error: "ADMIN_PASSWORD doit faire au moins 12 caractères" }).optional(),
  // Sign-out after this much inactivity (30 minutes by default).
  SESSION_IDLE_SECONDS: integer(
    "SESSION_IDLE_SECONDS",
    1,
    31_536_000,
    "SESSION_IDLE_SECONDS doit être un nombre de secondes (1 ou plus)",
  ).default(30 * 60),
  SEED_DEMO: z
    .enum(["true", "false"], { error: "SEED_DEMO doit valoir true ou false" })
    .default("true")
    .transform((v) => v === "true"),
  SMTP_URL: url("SMTP_URL", ["smtp", "smtps"], "smtps://identifiant:motdepasse@smtp.exemple.fr:465").optional(),
  MAIL_FROM: z
    .string()
    .regex(MAILBOX, {
      error: 'MAIL_FROM doit être une adresse e-mail, avec un nom si besoin : "Potager <no-reply@jardins.example>"',
    })
    .default("Potager <no-reply@potager.local>"),
  CONTACT_TO: email("CONTACT_TO").optional(),
  // The mailbox where bounces arrive, read for delivery status notifications (modules/mail/bounces.server.ts).
  BOUNCE_IMAP_URL: url(
    "BOUNCE_IMAP_URL",
    ["imap", "imaps"],
    "imaps://identifiant:motdepasse@ssl0.ovh.net:993/INBOX",
  ).optional(),
  // Envelope sender of every message, as bounces+<n°>-<signature>@… (VERP): only where the relay allows it.
  BOUNCE_ADDRESS: email("BOUNCE_ADDRESS")
    .refine((value) => !value.split("@")[0]!.includes("+"), {
      error: "BOUNCE_ADDRESS doit être une adresse sans « + », par exemple retours@jardins.example",
    })
    .optional(),
  // DKIM signing with DATA_DIR/dkim/<DKIM_SELECTOR>.private (npm run admin -- dkim-key), for MAIL_FROM's domain.
  DKIM_SELECTOR: z
    .string()
    .regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i, {
      error: "DKIM_SELECTOR doit être un mot de lettres, chiffres et tirets, par exemple potager",
    })
    .optional(),
  DKIM_DOMAIN: z
    .string()
    .regex(/^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i, {
      error: "DKIM_DOMAIN doit être un nom de domaine, par exemple jardins.example.org",
    })
    .optional(),
  // Letters (newsletter, « Écrire aux inscrits ») sent an hour at most, all e-mail counted: a little under the
  // mailbox's limit (OVHcloud MX Plan about 200 an hour), so acknowledgements still pass. 0: no limit (own server).
  MAIL_RATE_PER_HOUR: integer(
    "MAIL_RATE_PER_HOUR",
    0,
    1_000_000,
    "MAIL_RATE_PER_HOUR doit être un nombre de messages par heure (0 : sans limite)",
  ).default(150),
  ADS_CAPTCHA_SECRET: z
    .string()
    .trim()
    .max(100, { error: "ADS_CAPTCHA_SECRET doit faire au plus 100 caractères" })
    .default("potager"),
  WEATHER_URL: url("WEATHER_URL", ["http", "https"], "https://api.open-meteo.com/v1/forecast").default(
    "https://api.open-meteo.com/v1/forecast",
  ),
  AIR_QUALITY_URL: url(
    "AIR_QUALITY_URL",
    ["http", "https"],
    "https://air-quality-api.open-meteo.com/v1/air-quality",
  ).default("https://air-quality-api.open-meteo.com/v1/air-quality"),
  // HelloAsso's host, for a local fake in tests; unset, the settings choose its sandbox or production host.
  HELLOASSO_API_URL: url("HELLOASSO_API_URL", ["http", "https"], "https://api.helloasso-sandbox.com").optional(),
  PUBLIC_URL: url("PUBLIC_URL", ["http", "https"], "https://jardins.example.org").default("http://localhost:3000"),
  // Which proxies Express believes for X-Forwarded-* (Express's own syntax: loopback, an address, a number of hops…).
  TRUST_PROXY: z.string().default("loopback"),
  ALLOWED_ACTION_ORIGINS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  // Memory for rendered public pages (server/page-cache.ts); 0 renders every page for every visit.
  PAGE_CACHE_MB: integer(
    "PAGE_CACHE_MB",
    0,
    1024,
    "PAGE_CACHE_MB doit être un nombre de mégaoctets entre 0 et 1024",
  ).default(16),
  // The periodic tasks' first run at most this long after start (purges and retention wait 15 minutes, the backup
  // one); only brings first runs sooner, so an operator can check them at once, and the process tests can too.
  JOBS_FIRST_RUN_SECONDS: integer(
    "JOBS_FIRST_RUN_SECONDS",
    0,
    86_400,
    "JOBS_FIRST_RUN_SECONDS doit être un nombre de secondes entre 0 et 86400",
  ).optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `LOG_LEVEL doit valoir ${LOG_LEVELS.join(", ")}` }).default("info"),
});

export type Env = z.infer<typeof EnvSchema>;

/**
 * The environment as the settings mean it: an empty value is unset (so `.env.example` works as an environment file),
 * and a value still wrapped in one pair of quotes (as `docker --env-file` passes `MAIL_FROM="Potager <…>"`) loses them.
 */
export function normaliseEnvironment(source: Record<string, string | undefined>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, raw] of Object.entries(source)) {
    if (raw === undefined) continue;
    let value = raw.trim();
    if (value.length >= 2 && (value[0] === '"' || value[0] === "'") && value.at(-1) === value[0])
      value = value.slice(1, -1).trim();
    if (value !== "") result[name] = value;
  }
  return result;
}

const MAIL_FROM_REQUIRED =
  "MAIL_FROM doit être réglé avec SMTP_URL : l'adresse par défaut (no-reply@potager.local) n'existe pas, indiquez celle de l'association, par exemple \"Jardins partagés <contact@jardins.example>\"";

export function parseEnv(source: Record<string, string | undefined>): Env & { dataDir: string } {
  const values = normaliseEnvironment(source);
  const parsed = EnvSchema.safeParse(values);
  // One line per setting, even when a value breaks several rules.
  const problems = new Map<string, string>();
  for (const issue of parsed.error?.issues ?? []) {
    const name = String(issue.path[0] ?? "");
    if (!problems.has(name))
      problems.set(name, issue.message.startsWith(name) ? issue.message : `${name} : ${issue.message}`);
  }
  // The default sender's domain does not exist: mail that really leaves must say who sends it.
  if (values.SMTP_URL && !values.MAIL_FROM) problems.set("MAIL_FROM", MAIL_FROM_REQUIRED);
  // A hosting server's associations each have their own database: none is the whole server's.
  if (values.HOST_DATABASE_URL && values.DATABASE_URL)
    problems.set(
      "DATABASE_URL",
      "DATABASE_URL ne va pas avec HOST_DATABASE_URL : en mode hébergement, chaque association a sa base, créée par npm run host -- create",
    );
  if (!parsed.success || problems.size > 0) throw new ConfigError([...problems.values()]);
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
}

/**
 * Settings that work but make mail look worse, one French line each, for the log at start: with SMTP_URL, a
 * PUBLIC_URL not in https:// sends letters without one-click unsubscribe (RFC 8058 wants https) and, left at
 * localhost, gives every Message-ID a domain that is no one's.
 */
export function mailSettingWarnings(settings: Pick<Env, "SMTP_URL" | "PUBLIC_URL">): string[] {
  if (!settings.SMTP_URL || new URL(settings.PUBLIC_URL).protocol === "https:") return [];
  return [
    `PUBLIC_URL (${settings.PUBLIC_URL}) n'est pas une adresse https:// : les e-mails partent avec des liens et un Message-ID à ce nom, et les lettres sans désabonnement en un clic. Indiquez l'adresse publique du site, par exemple https://jardins.example.org`,
  ];
}

export const env = parseEnv(process.env);
