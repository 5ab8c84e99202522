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
  /** Stops accepting connections (the port stays known, so `start()` can bring it back). */
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives in memory. */
export async function startFakeSmtp(): Promise<FakeSmtp> {
  const messages: ReceivedMail[] = [];
  let server: SMTPServer | undefined;
  let port = 0;

  const create = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
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
