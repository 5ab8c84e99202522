import crypto from "node:crypto";
import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";

/** RFC 6238 with the settings every authenticator app reads: SHA-1, 6 digits, 30 s. */
export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// address an app scans: the site's name as issuer, the username as account. */
export function totpUri(secret: string, username: string, issuer: string): string {
  return generateURI({ issuer, label: username, secret });
}

/** The QR code of that address as an SVG data URL, drawn here: the secret never goes to a QR service. */
export async function totpQrImage(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, {
    type: "svg",
    errorCorrectionLevel: "M",
    margin: 2,
    color: { dark: "#1c1917", light: "#ffffff" },
  });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}

/**
 * The time step of `code` when it is the code of now, or of the 30 s step before or after (a phone's clock a little
 * off), and later than `afterStep` (a code already accepted is not accepted again); otherwise null.
 */
export async function checkTotp(secret: string, code: string, afterStep?: number | null): Promise<number | null> {
  const token = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  try {
    const result = await verify({
      secret,
      token,
      epochTolerance: 30,
      ...(afterStep != null && { afterTimeStep: afterStep }),
    });
    return result.valid && "timeStep" in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
export const RECOVERY_CODE_COUNT = 10;

/** Ten codes such as `k7mq-x3tp-9wha`: 12 characters of a 31-letter alphabet (59 bits), easy to copy by hand. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 12 }, () => RECOVERY_ALPHABET[crypto.randomInt(RECOVERY_ALPHABET.length)]).join(
      "",
    );
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
  });
}

/** A recovery code as typed: case, spaces and dashes do not matter. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, "");
}
