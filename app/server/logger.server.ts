import pino from "pino";
import { associationOrNone, isHostMode } from "~/db/association.server";
import { env } from "./env.server";

/** JSON lines; never a password, token or whole form body. In host mode each line names its association. */
export const logger = pino({
  level: env.NODE_ENV === "test" ? (process.env.LOG_LEVEL ?? "silent") : env.LOG_LEVEL,
  redact: ["password", "*.password", "token", "*.token", "cookie", "*.cookie"],
  mixin: () => {
    const association = isHostMode() ? associationOrNone() : undefined;
    return association ? { association: association.id } : {};
  },
});
