import pino from "pino";
import { env } from "./env.server";

/** JSON lines; never a password, token or whole form body. */
export const logger = pino({
  level: env.NODE_ENV === "test" ? (process.env.LOG_LEVEL ?? "silent") : env.LOG_LEVEL,
  redact: ["password", "*.password", "token", "*.token", "cookie", "*.cookie"],
});
