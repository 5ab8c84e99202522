/** What a delivery status notification (RFC 3464) says of one recipient. */
export interface RecipientStatus {
  /** failed, delayed, delivered, relayed or expanded. */
  action: string;
  /** The status code, such as 5.1.1; "" when missing or malformed. */
  status: string;
  finalRecipient?: string;
  originalRecipient?: string;
}

/** A delivery status notification as read from the bounce mailbox: what happened, and to which message. */
export interface DeliveryReport {
  recipients: RecipientStatus[];
  /** The envelope sender the bounce was sent to, as the bounce's own headers name it (To, Delivered-To…). */
  deliveredTo: string[];
  /** The Message-ID of the returned message (its copy, or only its headers, in the report's third part). */
  returnedMessageId?: string;
}

const STATUS_PARTS = new Set(["message/delivery-status", "message/global-delivery-status"]);
const RETURNED_PARTS = new Set(["message/rfc822", "text/rfc822-headers", "message/global", "message/global-headers"]);
const DELIVERED_TO_HEADERS = new Set(["to", "delivered-to", "x-original-to", "envelope-to"]);

/**
 * The blocks of "Name: value" lines of a report, separated by blank lines; names lower-cased, folded lines joined,
 * the first of a repeated field kept.
 */
function fieldBlocks(text: string): Map<string, string>[] {
  const blocks: Map<string, string>[] = [];
  let block: Map<string, string> | undefined;
  let last: string | undefined;
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === "") {
      block = undefined;
      last = undefined;
    } else if (/^[ \t]/.test(line)) {
      if (block && last) block.set(last, `${block.get(last)} ${line.trim()}`);
    } else {
      const colon = line.indexOf(":");
      if (colon <= 0) continue;
      if (!block) blocks.push((block = new Map()));
      last = line.slice(0, colon).trim().toLowerCase();
      if (!block.has(last)) block.set(last, line.slice(colon + 1).trim());
    }
  }
  return blocks;
}

/** "rfc822; someone@example.org" → "someone@example.org". */
function recipientAddress(value: string | undefined) {
  if (!value) return undefined;
  const address = value.slice(value.indexOf(";") + 1).trim();
  return address.replace(/^<(.*)>$/, "$1") || undefined;
}

/**
 * The per-recipient fields of a message/delivery-status part (RFC 3464 §2.3). The per-message block, first, has no
 * Action field; a report whose sender forgot it is read all the same.
 */
export function parseDeliveryStatus(text: string): RecipientStatus[] {
  return fieldBlocks(text)
    .filter((block) => block.has("action"))
    .map((block) => ({
      action: block
        .get("action")!
        .toLowerCase()
        .split(/[\s(;]/)[0]!,
      status: /^\s*([245]\.\d{1,3}\.\d{1,3})\b/.exec(block.get("status") ?? "")?.[1] ?? "",
      finalRecipient: recipientAddress(block.get("final-recipient")),
      originalRecipient: recipientAddress(block.get("original-recipient")),
    }));
}

/** A refusal for good: some recipient failed with a permanent status (5.x.x). A delay or a 4.x.x changes nothing. */
export function isHardBounce(report: DeliveryReport) {
  return report.recipients.some((r) => r.action === "failed" && r.status.startsWith("5."));
}

/** The header block at the start of a returned message (or the whole of a text/rfc822-headers part). */
function returnedMessageId(part: string) {
  const [headers] = part.split(/\r?\n\r?\n/, 1);
  return fieldBlocks(headers ?? "")[0]?.get("message-id");
}

/**
 * Reads a message of the bounce mailbox: its report when it is a delivery status notification (multipart/report of
 * report-type delivery-status, RFC 3464 and 6533), else null. The MIME structure is mailparser's; the report's
 * fields, which it leaves as text, are read here.
 */
export async function readDeliveryReport(source: Buffer | string): Promise<DeliveryReport | null> {
  // Loaded with the first report: most servers read no bounce mailbox, and mailparser holds megabytes once loaded.
  const { simpleParser } = await import("mailparser");
  const mail = await simpleParser(source, {
    keepDeliveryStatus: true,
    skipHtmlToText: true,
    skipTextToHtml: true,
    skipTextLinks: true,
    skipImageLinks: true,
  });
  const type = mail.headers.get("content-type") as { value?: string; params?: Record<string, string> } | undefined;
  const reportType = type?.params?.["report-type"]?.toLowerCase();
  if (type?.value?.toLowerCase() !== "multipart/report") return null;
  if (reportType !== "delivery-status" && reportType !== "global-delivery-status") return null;
  const status = mail.attachments.find((part) => STATUS_PARTS.has(part.contentType.toLowerCase()));
  if (!status) return null;
  const returned = mail.attachments.find((part) => RETURNED_PARTS.has(part.contentType.toLowerCase()));
  const deliveredTo = mail.headerLines
    .filter((header) => DELIVERED_TO_HEADERS.has(header.key))
    .map((header) =>
      header.line
        .slice(header.line.indexOf(":") + 1)
        .replace(/\r?\n[ \t]+/g, " ")
        .trim(),
    );
  return {
    recipients: parseDeliveryStatus(status.content.toString("utf8")),
    deliveredTo,
    returnedMessageId: returned ? returnedMessageId(returned.content.toString("utf8")) : undefined,
  };
}
