import fs from "node:fs";
import path from "node:path";

/**
 * A delivery report of tests/fixtures/bounces (Postfix and Exim as they write them, a reply) with its blanks filled:
 * the returned message's Message-ID, its recipient, and the address the report is sent to. CRLF, as a mailbox
 * keeps it.
 */
export function bounceSample(name: string, values: { messageId: string; recipient: string; bounceTo: string }) {
  const template = fs.readFileSync(path.resolve(import.meta.dirname, "fixtures/bounces", name), "utf8");
  return template
    .replaceAll("{{MESSAGE_ID}}", values.messageId)
    .replaceAll("{{RECIPIENT}}", values.recipient)
    .replaceAll("{{BOUNCE_TO}}", values.bounceTo)
    .replace(/\r?\n/g, "\r\n");
}
