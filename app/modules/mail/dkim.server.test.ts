import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { dkimVerify } from "mailauth";
import { afterAll, beforeAll, expect, it, onTestFinished } from "vitest";
import { getDb } from "~/db/client.server";
import { env } from "~/server/env.server";
import { StartupError } from "~/server/startup-error";
import { bodyOf, createLetter, getLetter, letterDelivery, queueLetter } from "~/modules/newsletter/letters.server";
import { describeEachDatabase } from "../../../tests/db";
import { insertSubscriber } from "../../../tests/factories";
import { startFakeSmtp, type FakeSmtp } from "../../../tests/fakes/smtp";
import { createDkimKey, dkimDomain, dkimRecord, dkimSigning, zoneFileStrings } from "./dkim.server";
import { createMailWorker } from "./mail-worker.server";

let smtp: FakeSmtp;
beforeAll(async () => {
  smtp = await startFakeSmtp();
});
afterAll(async () => {
  await smtp.stop();
});

it("creates a key once, private to the server's account, and gives the record that publishes it", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "potager-dkim-"));
  const first = createDkimKey("essai", dataDir);
  expect(first).toMatchObject({ created: true, file: path.join(dataDir, "dkim", "essai.private") });
  expect(fs.statSync(first.file).mode & 0o777).toBe(0o600);
  expect(fs.statSync(path.dirname(first.file)).mode & 0o777).toBe(0o700);
  const again = createDkimKey("essai", dataDir);
  expect(again).toMatchObject({ created: false, privateKey: first.privateKey });

  const record = dkimRecord(first.privateKey, "essai", "jardins.example.org");
  expect(record.name).toBe("essai._domainkey.jardins.example.org");
  expect(record.value).toMatch(/^v=DKIM1; k=rsa; p=MIIBIjAN[A-Za-z0-9+/]{350,}={0,2}$/);
  // A zone file takes strings of 255 characters at most.
  const strings = zoneFileStrings(record.value).match(/"[^"]*"/g)!;
  expect(strings.length).toBeGreaterThan(1);
  expect(strings.every((s) => s.length <= 257)).toBe(true);
  expect(strings.map((s) => s.slice(1, -1)).join("")).toBe(record.value);
});

it("signs for MAIL_FROM's domain unless DKIM_DOMAIN says another", () => {
  expect(dkimDomain("Jardins partagés <contact@Jardins.Example.org>")).toBe("jardins.example.org");
  expect(dkimDomain("bureau@asso.example")).toBe("asso.example");
});

it("stops the server with what to do when DKIM_SELECTOR names a key that does not exist", () => {
  expect(() => dkimSigning("absente")).toThrow(StartupError);
  expect(() => dkimSigning("absente")).toThrow(/npm run admin -- dkim-key absente/);
  expect(dkimSigning(undefined)).toBeUndefined();
});

describeEachDatabase("DKIM signature", () => {
  it("signs a letter's From, Subject and List-Unsubscribe headers with a signature its DNS record verifies", async () => {
    const saved = { selector: env.DKIM_SELECTOR, url: env.PUBLIC_URL };
    env.DKIM_SELECTOR = "potager";
    // One-click unsubscribing (List-Unsubscribe-Post) is offered on a site served over HTTPS.
    env.PUBLIC_URL = "https://jardins.example.org";
    onTestFinished(() => {
      env.DKIM_SELECTOR = saved.selector;
      env.PUBLIC_URL = saved.url;
    });
    const { privateKey } = createDkimKey("potager");
    const record = dkimRecord(privateKey, "potager", dkimDomain());
    await insertSubscriber("abonnee@example.org");
    const draft = await createLetter(
      {
        audience: "abonnes",
        source: "libre",
        sourceId: null,
        eventId: null,
        subject: "Fête des récoltes",
        message: "<p>Samedi.</p>",
      },
      "Hervé Dubois",
    );
    const letter = (await getLetter(draft.id))!;
    const body = await bodyOf(letter);
    await getDb().transaction((tx) => queueLetter(letter, body, tx));
    smtp.messages.length = 0;
    const worker = createMailWorker({ smtpUrl: smtp.url, ratePerHour: 0, letters: letterDelivery() });
    onTestFinished(() => worker.stop());
    expect(await worker.runOnce()).toMatchObject({ sent: 1 });

    const raw = smtp.messages[0]!.raw;
    const signed = /^DKIM-Signature:.*?\bh=([^;]+);/ims.exec(raw)![1]!.replace(/\s+/g, "").toLowerCase().split(":");
    expect(signed).toEqual(expect.arrayContaining(["from", "subject", "list-unsubscribe", "list-unsubscribe-post"]));

    const lookups: string[] = [];
    const resolver = async (name: string, type: string) => {
      lookups.push(`${type} ${name}`);
      if (type === "TXT" && name === record.name) return [[record.value]];
      throw Object.assign(new Error("pas de tel nom"), { code: "ENOTFOUND" });
    };
    const verified = await dkimVerify(Buffer.from(raw), { resolver });
    expect(lookups).toContain(`TXT ${record.name}`);
    expect(verified.results).toHaveLength(1);
    expect(verified.results[0]).toMatchObject({ signingDomain: "potager.local", selector: "potager" });
    expect(verified.results[0]!.status.result).toBe("pass");

    // A changed unsubscribe link breaks the signature.
    const tampered = raw.replace(/^List-Unsubscribe:(\r\n[ \t])?[^\r\n]*/m, (header) =>
      header.replace("jardins.example.org", "ailleurs.example"),
    );
    expect(tampered).not.toBe(raw);
    expect((await dkimVerify(Buffer.from(tampered), { resolver })).results[0]!.status.result).toBe("fail");
  });
});
