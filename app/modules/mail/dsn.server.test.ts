import { describe, expect, it } from "vitest";
import { bounceSample } from "../../../tests/bounce-samples";
import { isHardBounce, parseDeliveryStatus, readDeliveryReport } from "./dsn.server";

const MESSAGE_ID = "<outbox-12-mcx1a2b3-0123456789abcdef0123@jardins.example.org>";

const sample = (name: string, bounceTo = "contact@jardins.example.org") =>
  bounceSample(name, { messageId: MESSAGE_ID, recipient: "parti@example.com", bounceTo });

describe("readDeliveryReport", () => {
  it("reads a Postfix bounce: the failed recipient, its status, and the Message-ID of the message returned whole", async () => {
    const report = (await readDeliveryReport(sample("postfix-user-unknown.eml", "retours+12-ab@jardins.example.org")))!;
    expect(report.recipients).toEqual([
      {
        action: "failed",
        status: "5.1.1",
        finalRecipient: "parti@example.com",
        originalRecipient: "parti@example.com",
      },
    ]);
    expect(report.returnedMessageId).toBe(MESSAGE_ID);
    expect(report.deliveredTo).toEqual(["retours+12-ab@jardins.example.org", "retours+12-ab@jardins.example.org"]);
    expect(isHardBounce(report)).toBe(true);
  });

  it("reads an Exim bounce that returns the headers only (text/rfc822-headers)", async () => {
    const report = (await readDeliveryReport(sample("exim-headers-only.eml")))!;
    expect(report.recipients).toEqual([
      { action: "failed", status: "5.0.0", finalRecipient: "parti@example.com", originalRecipient: undefined },
    ]);
    expect(report.returnedMessageId).toBe(MESSAGE_ID);
    expect(isHardBounce(report)).toBe(true);
  });

  it("reads a delay notice as no refusal", async () => {
    const report = (await readDeliveryReport(sample("postfix-delayed.eml")))!;
    expect(report.recipients).toMatchObject([{ action: "delayed", status: "4.2.2" }]);
    expect(report.returnedMessageId).toBe(MESSAGE_ID);
    expect(isHardBounce(report)).toBe(false);
  });

  it("is null for a message that is no delivery report, even one quoting our Message-ID", async () => {
    expect(await readDeliveryReport(sample("reply.eml"))).toBeNull();
    // A report of another kind (a feedback loop's abuse report) is not a bounce either.
    const abuse = sample("postfix-user-unknown.eml").replace(
      "report-type=delivery-status",
      "report-type=feedback-report",
    );
    expect(await readDeliveryReport(abuse)).toBeNull();
  });
});

describe("parseDeliveryStatus", () => {
  it("reads each recipient's block, folded lines and comments included, and skips the per-message block", () => {
    const text = [
      "Reporting-MTA: dns; mx.example.net",
      "Original-Envelope-Id: 12-abc",
      "",
      "Final-Recipient: RFC822; <un@example.com>",
      "Action: Failed (permanent)",
      "Status: 5.2.1 (mailbox disabled)",
      "Diagnostic-Code: smtp; 550 5.2.1 The email account that you tried to reach is",
      "    disabled.",
      "",
      "Final-Recipient: rfc822; deux@example.com",
      "Action: failed",
      "Status: 4.4.7",
      "",
    ].join("\r\n");
    expect(parseDeliveryStatus(text)).toEqual([
      { action: "failed", status: "5.2.1", finalRecipient: "un@example.com", originalRecipient: undefined },
      { action: "failed", status: "4.4.7", finalRecipient: "deux@example.com", originalRecipient: undefined },
    ]);
  });

  it("counts a failure as a refusal for good only with a 5.x.x status", () => {
    const report = (status: string, action = "failed") => ({
      recipients: parseDeliveryStatus(`Reporting-MTA: dns; x\n\nAction: ${action}\nStatus: ${status}\n`),
      deliveredTo: [],
    });
    expect(isHardBounce(report("5.7.1"))).toBe(true);
    expect(isHardBounce(report("4.7.1"))).toBe(false);
    expect(isHardBounce(report("5.1.1", "delayed"))).toBe(false);
    expect(isHardBounce(report("550"))).toBe(false);
  });
});
