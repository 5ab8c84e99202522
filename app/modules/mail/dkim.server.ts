import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { associationDir, mailFrom } from "~/db/association.server";
import { env } from "~/server/env.server";
import { StartupError } from "~/server/startup-error";

/**
 * The headers the signature covers, when present: those a forger would change, and the one-click unsubscribe pair
 * that RFC 8058 wants signed (a mailbox provider shows the button only then).
 */
export const DKIM_SIGNED_HEADERS = [
  "From",
  "Sender",
  "Reply-To",
  "To",
  "Cc",
  "Subject",
  "Date",
  "Message-ID",
  "In-Reply-To",
  "References",
  "MIME-Version",
  "Content-Type",
  "Content-Transfer-Encoding",
  "List-Id",
  "List-Unsubscribe",
  "List-Unsubscribe-Post",
  "Auto-Submitted",
].join(":");

/** Where the private key of `selector` is kept: in the data directory, readable by the server's account only. */
export function dkimKeyFile(selector: string, dataDir = associationDir()) {
  return path.join(dataDir, "dkim", `${selector}.private`);
}

/** The domain the signature speaks for: DKIM_DOMAIN, else MAIL_FROM's, so that DMARC finds it aligned. */
export function dkimDomain(from = mailFrom()) {
  return env.DKIM_DOMAIN ?? /@([^\s<>@]+?)>?\s*$/.exec(from)![1]!.toLowerCase();
}

/** The DNS TXT record that publishes the public half of `privateKey` for `selector` of `domain`. */
export function dkimRecord(privateKey: string, selector: string, domain: string) {
  const publicKey = crypto.createPublicKey(privateKey).export({ type: "spki", format: "der" }).toString("base64");
  return { name: `${selector}._domainkey.${domain}`, value: `v=DKIM1; k=rsa; p=${publicKey}` };
}

/**
 * The key of `selector`, created if it does not exist yet (RSA 2048 bits, the size every mailbox provider checks;
 * readable by the server's account only); an existing key is never replaced, so the published record stays valid.
 */
export function createDkimKey(selector: string, dataDir = associationDir()) {
  const file = dkimKeyFile(selector, dataDir);
  let created = false;
  if (!fs.existsSync(file)) {
    const { privateKey } = crypto.generateKeyPairSync("rsa", {
      modulusLength: 2048,
      privateKeyEncoding: { type: "pkcs8", format: "pem" },
      publicKeyEncoding: { type: "spki", format: "pem" },
    });
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    fs.writeFileSync(file, privateKey, { mode: 0o600, flag: "wx" });
    created = true;
  }
  return { file, created, privateKey: fs.readFileSync(file, "utf8") };
}

/** A TXT value cut into the quoted strings of at most 255 characters that a zone file needs. */
export function zoneFileStrings(value: string) {
  const parts: string[] = [];
  for (let i = 0; i < value.length; i += 255) parts.push(`"${value.slice(i, i + 255)}"`);
  return parts.join(" ");
}

/** Each key read once, by its file: in host mode each association's is in its own folder. */
const keys = new Map<string, string>();

/**
 * Nodemailer's signing options with DKIM_SELECTOR's key, or undefined when DKIM_SELECTOR is unset. A selector without
 * its key stops the server with what to do, rather than sending unsigned mail that a published record condemns.
 */
export function dkimSigning(selector = env.DKIM_SELECTOR) {
  if (!selector) return undefined;
  const file = dkimKeyFile(selector);
  let key = keys.get(file);
  if (key === undefined) {
    try {
      key = fs.readFileSync(file, "utf8");
    } catch (error) {
      throw new StartupError(
        `DKIM_SELECTOR vaut « ${selector} » mais la clé ${file} n'existe pas : créez-la avec npm run admin -- dkim-key ${selector}, puis publiez l'enregistrement DNS affiché.`,
        { cause: error },
      );
    }
    keys.set(file, key);
  }
  return {
    domainName: dkimDomain(),
    keySelector: selector,
    privateKey: key,
    headerFieldNames: DKIM_SIGNED_HEADERS,
  };
}
