import fs from "node:fs";
import net from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startFakeSmtp, type FakeSmtp } from "../../../tests/fakes/smtp";
import { mailDestination, sendTestMail } from "./mail-test.server";

let smtp: FakeSmtp;
beforeAll(async () => {
  smtp = await startFakeSmtp();
});
afterAll(async () => {
  await smtp.stop();
});

it("sends at once and reports the SMTP server's own answer", async () => {
  const result = await sendTestMail("bureau@jardins.example", smtp.url);
  expect(result.ok).toBe(true);
  expect(
    result.message.startsWith(
      `Le serveur 127.0.0.1:${smtp.port} a accepté le message pour bureau@jardins.example : « 250 `,
    ),
  ).toBe(true);
  expect(smtp.messages.at(-1)!.to).toEqual(["bureau@jardins.example"]);
  expect(smtp.messages.at(-1)!.raw).toContain("Subject: E-mail de test du site de l'association");
  // Sent outside the outbox, but automatic like every other: no out-of-office reply comes back for it.
  expect(smtp.messages.at(-1)!.raw).toMatch(/^Auto-Submitted: auto-generated\r$/m);
  expect(smtp.messages.at(-1)!.raw).toMatch(/^X-Auto-Response-Suppress: OOF, AutoReply\r$/m);
});

it("says in French why a server cannot be used, with its answer", async () => {
  // A port where nothing listens.
  const closed = await new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
  const result = await sendTestMail("bureau@jardins.example", `smtp://127.0.0.1:${closed}`);
  expect(result).toMatchObject({
    ok: false,
    message: expect.stringMatching(
      new RegExp(`^Le serveur 127\\.0\\.0\\.1:${closed} n'a pas pris le message : la connexion est refusée`),
    ),
  });
});

it("without SMTP, writes the .eml file and says the message did not leave; the credentials are never shown", async () => {
  const result = await sendTestMail("bureau@jardins.example", undefined);
  expect(result.ok).toBe(false);
  const file = /écrit dans (.*\.eml)\.$/.exec(result.message)![1];
  expect(fs.readFileSync(file, "utf8")).toContain("To: bureau@jardins.example");
  expect(mailDestination("smtps://potager:secret@smtp.example.fr")).toEqual({
    kind: "smtp",
    host: "smtp.example.fr:465",
  });
});
