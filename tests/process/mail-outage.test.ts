/**
 * E-mails survive an SMTP outage: 20 contact messages sent while the mail server is down are each delivered exactly
 * once after it comes back (the outbox retries a minute after a failure), through the real server.
 */
import crypto from "node:crypto";
import { afterAll, expect, it } from "vitest";
import { startFakeSmtp, type FakeSmtp } from "../fakes/smtp";
import { preparedDataDir } from "./prepared-data-dir";
import { startServer, type ServerProcess } from "./server";

let smtp: FakeSmtp;
let server: ServerProcess;
afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

const SUBMISSIONS = 20;

it(`${SUBMISSIONS} messages sent while SMTP is down are each delivered once when it is back`, async () => {
  smtp = await startFakeSmtp();
  await smtp.stop();
  server = await startServer({
    dataDir: await preparedDataDir("empty"),
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: "Jardins partagés <contact@jardins.example>",
      SEED_DEMO: "false",
      CONTACT_TO: "bureau@jardins.example",
    },
  });
  const run = crypto.randomBytes(3).toString("hex");

  const answers = await Promise.all(
    Array.from({ length: SUBMISSIONS }, async (_, i) => {
      const response = await fetch(`${server.url}/contact`, {
        method: "POST",
        body: new URLSearchParams({
          name: "Léa Bernard",
          email: "lea@example.fr",
          subject: `Visite ${run}-${i}`,
          message: "Bonjour, peut-on visiter ?",
          captcha: "7",
        }),
        // One visitor each, as the site's proxy would say: the per-address limit is not what is tested here.
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: server.url,
          "X-Forwarded-For": `10.9.${Math.floor(i / 200)}.${(i % 200) + 1}`,
        },
      });
      return { status: response.status, sent: (await response.text()).includes("Votre message a bien été envoyé") };
    }),
  );
  expect(answers.every((a) => a.status === 200 && a.sent)).toBe(true);
  const health = async () =>
    (await (await fetch(`${server.url}/healthz`)).json()) as { outbox: { pending: number; failed: number } };
  // Nothing could leave: all wait in the outbox.
  await expect.poll(async () => (await health()).outbox.pending, { timeout: 15_000 }).toBe(SUBMISSIONS);
  expect(smtp.messages).toEqual([]);

  await smtp.start();
  await expect.poll(async () => (await health()).outbox.pending, { timeout: 120_000, interval: 1000 }).toBe(0);
  expect((await health()).outbox.failed).toBe(0);
  const subjects = smtp.messages.map((m) => /^Subject: (.*)$/m.exec(m.raw)?.[1] ?? "").filter((s) => s.includes(run));
  expect(subjects).toHaveLength(SUBMISSIONS);
  expect(new Set(subjects).size).toBe(SUBMISSIONS);
  expect(new Set(smtp.messages.map((m) => /^Message-ID: (.*)$/im.exec(m.raw)?.[1])).size).toBe(smtp.messages.length);
}, 180_000);
