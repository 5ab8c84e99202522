import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface FakeSmtp {
  url: string;
  port: number;
  messages: ReceivedMail[];
  /** Addresses the server refuses at RCPT TO, with the code answered (5xx: for good; 4xx: try later). */
  refusals: Map<string, number>;
  /** After this many messages accepted, every other one gets « 451 trop de messages » (a mailbox's hourly cap). */
  acceptAtMost: number;
  /** Stops accepting connections (the port stays known, so `start()` can bring it back). */
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives in memory. */
export async function startFakeSmtp(): Promise<FakeSmtp> {
  const messages: ReceivedMail[] = [];
  let server: SMTPServer | undefined;
  let port = 0;

  const refusals = new Map<string, number>();
  const refuse = (code: number, text: string) => Object.assign(new Error(text), { responseCode: code });

  const create = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      // A stop closes the connections still open (a pooled client keeps one) instead of waiting for them.
      closeTimeout: 50,
      logger: false,
      onRcptTo(address, _session, callback) {
        const code = refusals.get(address.address.toLowerCase());
        if (code) return callback(refuse(code, code >= 500 ? "5.1.1 Boîte inconnue" : "4.2.1 Réessayez plus tard"));
        if (messages.length >= fake.acceptAtMost) return callback(refuse(451, "4.7.1 Trop de messages, plus tard"));
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        });
      },
    });

  const fake: FakeSmtp = {
    messages,
    refusals,
    acceptAtMost: Infinity,
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    get port() {
      return port;
    },
    async start() {
      server = create();
      const current = server;
      await new Promise<void>((resolve, reject) => {
        current.once("error", reject);
        const listening = current.listen(port, "127.0.0.1", () => {
          port = (listening.address() as AddressInfo).port;
          resolve();
        });
      });
    },
    async stop() {
      const current = server;
      server = undefined;
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
    },
  };
  await fake.start();
  return fake;
}
