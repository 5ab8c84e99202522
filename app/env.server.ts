import { z } from "zod";
import path from "node:path";

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => v || undefined)
  .pipe(z.url().optional())
  .optional();

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalUrl,
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET doit faire au moins 32 caractères").optional(),
  ADMIN_USERNAME: z.string().trim().min(1).optional(),
  ADMIN_PASSWORD: z.string().min(10, "ADMIN_PASSWORD doit faire au moins 10 caractères").optional(),
  // Sign-out after this much inactivity (SPEC-level default: 30 minutes).
  SESSION_IDLE_SECONDS: z.coerce.number().int().min(1).default(30 * 60),
  SEED_DEMO: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default("Potager <no-reply@potager.local>"),
  CONTACT_TO: z.string().email().optional(),
  ADS_CAPTCHA_SECRET: z.string().default("potager"),
  WEATHER_URL: z.url().default("https://api.open-meteo.com/v1/forecast"),
  AIR_QUALITY_URL: z.url().default("https://air-quality-api.open-meteo.com/v1/air-quality"),
  PUBLIC_URL: z.url().default("http://localhost:3000"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Env = z.infer<typeof EnvSchema>;

function loadEnv(): Env & { dataDir: string } {
  const parsed = EnvSchema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    // A wrong value must stop the server with a clear message, not half-start it.
    throw new Error(`Configuration invalide :\n${lines.join("\n")}`);
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
}

export const env = loadEnv();
