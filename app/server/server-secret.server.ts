import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env } from "./env.server";

/**
 * The server's secret: SESSION_SECRET, or a random one kept in DATA_DIR (created at first need, carried by backups).
 * It signs the session cookie and keys the hashes of tokens and codes, so that a copy of the database is not enough.
 */

/** An HMAC with the server's secret: for tokens and codes that must not be usable from a copy of the database. */
export function keyedHash(token: string) {
  return crypto.createHmac("sha256", serverSecret()).update(token).digest("base64url");
}

/** Where the server keeps its secret when SESSION_SECRET is not set (backups carry it too). */
export function sessionSecretFile() {
  return path.join(env.dataDir, "session-secret");
}

let secret: string | undefined;
function serverSecret() {
  if (secret) return secret;
  if (env.SESSION_SECRET) return (secret = env.SESSION_SECRET);
  const file = sessionSecretFile();
  try {
    secret = fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(env.dataDir, { recursive: true });
    secret = crypto.randomBytes(32).toString("base64url");
    fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
  }
  return secret;
}
