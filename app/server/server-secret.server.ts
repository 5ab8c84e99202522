import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { associationDir, isHostMode } from "~/db/association.server";
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
  return path.join(associationDir(), "session-secret");
}

/** Whether SESSION_SECRET is the secret: on a single-association server; in host mode each association has its own. */
export function secretFromSettings() {
  return env.SESSION_SECRET !== undefined && !isHostMode();
}

/**
 * Each association's secret, by its folder: in host mode a session, a link or a sealed setting of one association
 * means nothing to another. SESSION_SECRET, one for the whole process, is for a single-association server.
 */
const secrets = new Map<string, string>();
function serverSecret() {
  const dir = associationDir();
  let secret = secrets.get(dir);
  if (secret) return secret;
  if (secretFromSettings()) secret = env.SESSION_SECRET!;
  else {
    const file = sessionSecretFile();
    try {
      secret = fs.readFileSync(file, "utf8").trim();
    } catch {
      fs.mkdirSync(dir, { recursive: true });
      secret = crypto.randomBytes(32).toString("base64url");
      fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    }
  }
  secrets.set(dir, secret);
  return secret;
}

/**
 * A secret kept in the database (an API client's secret), sealed with AES-256-GCM under a key derived from the server's
 * secret: a copy of the database alone does not give it away. `v1.` names the scheme, so that it can change.
 */
export function sealSecret(plain: string) {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", sealingKey(), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
}

/** The secret `sealSecret` sealed, or null when it was sealed under another server secret (or altered). */
export function openSecret(sealed: string): string | null {
  if (!sealed.startsWith("v1.")) return null;
  const bytes = Buffer.from(sealed.slice(3), "base64url");
  if (bytes.length < 28) return null;
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", sealingKey(), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

function sealingKey() {
  return Buffer.from(crypto.hkdfSync("sha256", serverSecret(), "", "potager: secrets sealed in the database", 32));
}
