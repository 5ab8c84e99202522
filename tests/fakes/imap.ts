import net from "node:net";
import type { AddressInfo } from "node:net";

export interface StoredMail {
  uid: number;
  raw: Buffer;
  flags: Set<string>;
}

export interface FakeImap {
  /** imap://user:password@127.0.0.1:port/INBOX, as BOUNCE_IMAP_URL says it. */
  url: string;
  port: number;
  /** The mailbox's messages, in order; `deliver` adds one. */
  messages: StoredMail[];
  /** Every command received, without its tag and with the password hidden: what the client asked. */
  commands: string[];
  deliver(raw: string | Buffer): number;
  /** Stops accepting connections and drops those open (the port stays known, so `start()` brings it back). */
  stop(): Promise<void>;
  start(): Promise<void>;
}

const USER = "retours@jardins.example";
const PASSWORD = "mot de passe: secret";
const UID_VALIDITY = 1772529300;

/** A sequence set (1:*, 3,5:7) over `values` (sequence numbers or UIDs, ascending), `max` standing for *. */
function inSet(set: string, value: number, max: number) {
  return set.split(",").some((range) => {
    const [from, to = from] = range.split(":").map((n) => (n === "*" ? max : Number(n)));
    return value >= Math.min(from!, to!) && value <= Math.max(from!, to!);
  });
}

/** Reads an IMAP argument list: atoms, "quoted" strings and literals (already replaced by their text). */
function words(text: string) {
  const result: string[] = [];
  const pattern = /"((?:[^"\\]|\\.)*)"|(\S+)/g;
  for (const match of text.matchAll(pattern))
    result.push(match[1] !== undefined ? match[1].replace(/\\(.)/g, "$1") : match[2]!);
  return result;
}

/** The header fields of `raw` named in `names` (lower case), as a HEADER.FIELDS fetch returns them. */
function headerFields(raw: Buffer, names: string[]) {
  const text = raw.toString("latin1");
  const end = text.search(/\r\n\r\n/);
  const header = end === -1 ? text : text.slice(0, end + 2);
  const fields = header.split(/\r\n(?![ \t])/).filter(Boolean);
  const wanted = fields.filter((field) => names.includes(field.slice(0, field.indexOf(":")).trim().toLowerCase()));
  return Buffer.from(wanted.map((field) => `${field}\r\n`).join("") + "\r\n", "latin1");
}

const literal = (data: Buffer) => Buffer.concat([Buffer.from(`{${data.length}}\r\n`), data]);

/**
 * An IMAP4rev1 server on 127.0.0.1 with one mailbox (INBOX), in memory, speaking what a mail client needs to read
 * and delete messages: CAPABILITY, LOGIN and AUTHENTICATE PLAIN, LIST, SELECT/EXAMINE, SEARCH, FETCH (FLAGS, UID,
 * RFC822.SIZE, INTERNALDATE, ENVELOPE-less BODY[] and BODY[HEADER.FIELDS (…)], PEEK or not), STORE, EXPUNGE and
 * UID EXPUNGE (UIDPLUS), NOOP, CHECK, CLOSE, LOGOUT. Literals from the client are accepted ({n} and {n+}).
 */
export async function startFakeImap(): Promise<FakeImap> {
  const messages: StoredMail[] = [];
  const commands: string[] = [];
  const sockets = new Set<net.Socket>();
  let nextUid = 1;
  let server: net.Server | undefined;
  let port = 0;

  function session(socket: net.Socket) {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => undefined);
    let buffer = Buffer.alloc(0);
    let pending = "";
    let waitingLiteral = 0;
    let authenticated = false;
    let selected = false;
    let readOnly = false;
    let authenticating: string | undefined;
    const send = (data: string | Buffer) => socket.write(data);
    const line = (text: string) => send(`${text}\r\n`);

    const expunged = (uids?: Set<number>) => {
      for (let i = messages.length - 1; i >= 0; i--) {
        const message = messages[i]!;
        if (message.flags.has("\\Deleted") && (!uids || uids.has(message.uid))) {
          messages.splice(i, 1);
          line(`* ${i + 1} EXPUNGE`);
        }
      }
    };

    function fetch(tag: string, byUid: boolean, set: string, itemsText: string, name: string) {
      const items = itemsText.replace(/^\(|\)$/g, "");
      const max = byUid ? (messages.at(-1)?.uid ?? 0) : messages.length;
      messages.forEach((message, index) => {
        if (!inSet(set, byUid ? message.uid : index + 1, max)) return;
        const parts: (string | Buffer)[] = [];
        if (byUid || /\bUID\b/i.test(items)) parts.push(`UID ${message.uid}`);
        if (/\bFLAGS\b/i.test(items)) parts.push(`FLAGS (${[...message.flags].join(" ")})`);
        if (/\bRFC822\.SIZE\b/i.test(items)) parts.push(`RFC822.SIZE ${message.raw.length}`);
        if (/\bINTERNALDATE\b/i.test(items)) parts.push(`INTERNALDATE "03-Mar-2026 10:15:02 +0100"`);
        const fields = /BODY(\.PEEK)?\[HEADER\.FIELDS \(([^)]*)\)\]/i.exec(items);
        if (fields)
          parts.push(
            `BODY[HEADER.FIELDS (${fields[2]})] `,
            literal(headerFields(message.raw, fields[2]!.toLowerCase().split(/\s+/))),
          );
        if (/BODY(\.PEEK)?\[\]/i.test(items)) parts.push("BODY[] ", literal(message.raw));
        if (/BODY\[/i.test(items) && !/\.PEEK/i.test(items)) message.flags.add("\\Seen");
        send(Buffer.concat([Buffer.from(`* ${index + 1} FETCH (`), ...joined(parts), Buffer.from(")\r\n")]));
      });
      line(`${tag} OK ${name} completed`);
    }

    /** Items separated by spaces, a literal kept glued to the text before it. */
    function joined(parts: (string | Buffer)[]) {
      const out: Buffer[] = [];
      parts.forEach((part, i) => {
        const previousIsLabel = typeof parts[i - 1] === "string" && (parts[i - 1] as string).endsWith(" ");
        if (i > 0 && !previousIsLabel) out.push(Buffer.from(" "));
        out.push(typeof part === "string" ? Buffer.from(part) : part);
      });
      return out;
    }

    function command(text: string) {
      if (authenticating) {
        const tag = authenticating;
        authenticating = undefined;
        return plainLogin(tag, text);
      }
      const [tag = "*", rawName = "", ...rest] = text.split(" ");
      let name = rawName.toUpperCase();
      let args = rest.join(" ");
      commands.push(name === "LOGIN" ? "LOGIN ***" : `${name} ${args}`.trim());
      let byUid = false;
      if (name === "UID") {
        byUid = true;
        const [inner = "", ...innerArgs] = args.split(" ");
        name = inner.toUpperCase();
        args = innerArgs.join(" ");
      }
      const capabilities = "CAPABILITY IMAP4rev1 AUTH=PLAIN UIDPLUS LITERAL+";
      switch (name) {
        case "CAPABILITY":
          line(`* ${capabilities}`);
          return line(`${tag} OK CAPABILITY completed`);
        case "NOOP":
        case "CHECK":
          return line(`${tag} OK ${name} completed`);
        case "LOGOUT":
          line("* BYE à bientôt");
          line(`${tag} OK LOGOUT completed`);
          return socket.end();
        case "LOGIN": {
          const [user, password] = words(args);
          if (user === USER && password === PASSWORD) {
            authenticated = true;
            return line(`${tag} OK [${capabilities}] LOGIN completed`);
          }
          return line(`${tag} NO [AUTHENTICATIONFAILED] Identifiants refusés`);
        }
        case "AUTHENTICATE": {
          const [mechanism, initial] = words(args);
          if (mechanism?.toUpperCase() !== "PLAIN") return line(`${tag} NO unsupported mechanism`);
          if (initial) return plainLogin(tag, initial);
          authenticating = tag;
          return line("+ ");
        }
      }
      if (!authenticated) return line(`${tag} BAD authenticate first`);
      switch (name) {
        case "NAMESPACE":
          line('* NAMESPACE (("" "/")) NIL NIL');
          return line(`${tag} OK NAMESPACE completed`);
        case "LIST":
        case "LSUB":
          if (!/""\s*""$/.test(args)) line(`* ${name} (\\HasNoChildren) "/" INBOX`);
          else line(`* ${name} (\\Noselect) "/" ""`);
          return line(`${tag} OK ${name} completed`);
        case "SELECT":
        case "EXAMINE": {
          const [box] = words(args);
          if (box?.toUpperCase() !== "INBOX") return line(`${tag} NO no such mailbox`);
          selected = true;
          readOnly = name === "EXAMINE";
          line("* FLAGS (\\Answered \\Flagged \\Deleted \\Seen \\Draft)");
          line("* OK [PERMANENTFLAGS (\\Answered \\Flagged \\Deleted \\Seen \\Draft \\*)] Flags permitted");
          line(`* ${messages.length} EXISTS`);
          line("* 0 RECENT");
          line(`* OK [UIDVALIDITY ${UID_VALIDITY}] UIDs valid`);
          line(`* OK [UIDNEXT ${nextUid}] Predicted next UID`);
          return line(`${tag} OK [${readOnly ? "READ-ONLY" : "READ-WRITE"}] ${name} completed`);
        }
        case "STATUS":
          line(`* STATUS INBOX (MESSAGES ${messages.length} UIDNEXT ${nextUid} UIDVALIDITY ${UID_VALIDITY})`);
          return line(`${tag} OK STATUS completed`);
      }
      if (!selected) return line(`${tag} BAD select a mailbox first`);
      switch (name) {
        case "SEARCH": {
          // ALL, or a range of UIDs: the only searches a reader of the whole mailbox makes.
          const range = /\bUID\s+([\d:,*]+)/i.exec(args)?.[1];
          const max = messages.at(-1)?.uid ?? 0;
          const matching = messages.filter((m) => !range || inSet(range, m.uid, max));
          line(`* SEARCH${matching.map((m) => ` ${byUid ? m.uid : messages.indexOf(m) + 1}`).join("")}`);
          return line(`${tag} OK SEARCH completed`);
        }
        case "FETCH": {
          const space = args.indexOf(" ");
          return fetch(tag, byUid, args.slice(0, space), args.slice(space + 1), byUid ? "UID FETCH" : "FETCH");
        }
        case "STORE": {
          const [set = "", mode = "", ...flagWords] = args.split(" ");
          const flags = flagWords.join(" ").replace(/[()]/g, "").split(/\s+/).filter(Boolean);
          const max = byUid ? (messages.at(-1)?.uid ?? 0) : messages.length;
          messages.forEach((message, index) => {
            if (!inSet(set, byUid ? message.uid : index + 1, max)) return;
            if (mode.startsWith("-")) flags.forEach((f) => message.flags.delete(f));
            else {
              if (!mode.startsWith("+")) message.flags.clear();
              flags.forEach((f) => message.flags.add(f));
            }
            if (!/\.SILENT/i.test(mode))
              line(
                `* ${index + 1} FETCH (FLAGS (${[...message.flags].join(" ")})${byUid ? ` UID ${message.uid}` : ""})`,
              );
          });
          return line(`${tag} OK STORE completed`);
        }
        case "EXPUNGE": {
          if (readOnly) return line(`${tag} NO read-only mailbox`);
          const max = messages.at(-1)?.uid ?? 0;
          const uids = byUid
            ? new Set(messages.filter((m) => inSet(args.trim(), m.uid, max)).map((m) => m.uid))
            : undefined;
          expunged(uids);
          return line(`${tag} OK EXPUNGE completed`);
        }
        case "CLOSE":
          if (!readOnly)
            for (let i = messages.length - 1; i >= 0; i--)
              if (messages[i]!.flags.has("\\Deleted")) messages.splice(i, 1);
          selected = false;
          return line(`${tag} OK CLOSE completed`);
        case "UNSELECT":
          selected = false;
          return line(`${tag} OK UNSELECT completed`);
      }
      return line(`${tag} BAD unknown command ${name}`);
    }

    function plainLogin(tag: string, initial: string) {
      const [, user, password] = Buffer.from(initial.trim(), "base64").toString("utf8").split("\0");
      if (user === USER && password === PASSWORD) {
        authenticated = true;
        return line(`${tag} OK AUTHENTICATE completed`);
      }
      return line(`${tag} NO [AUTHENTICATIONFAILED] Identifiants refusés`);
    }

    socket.on("data", (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (waitingLiteral > 0) {
          if (buffer.length < waitingLiteral) return;
          // A literal's text goes into the command as a quoted string.
          const text = buffer.subarray(0, waitingLiteral).toString("utf8");
          pending += `"${text.replace(/["\\]/g, "\\$&")}"`;
          buffer = buffer.subarray(waitingLiteral);
          waitingLiteral = 0;
          continue;
        }
        const end = buffer.indexOf("\r\n");
        if (end === -1) return;
        const text = buffer.subarray(0, end).toString("utf8");
        buffer = buffer.subarray(end + 2);
        const announced = /\{(\d+)(\+?)\}$/.exec(text);
        if (announced) {
          pending += text.slice(0, announced.index);
          waitingLiteral = Number(announced[1]);
          if (!announced[2]) line("+ Ready for literal data");
          continue;
        }
        const whole = pending + text;
        pending = "";
        command(whole);
      }
    });

    line("* OK [CAPABILITY IMAP4rev1 AUTH=PLAIN UIDPLUS LITERAL+] Serveur de test prêt");
  }

  const fake: FakeImap = {
    messages,
    commands,
    get url() {
      return `imap://${encodeURIComponent(USER)}:${encodeURIComponent(PASSWORD)}@127.0.0.1:${port}/INBOX`;
    },
    get port() {
      return port;
    },
    deliver(raw) {
      const data = Buffer.isBuffer(raw) ? raw : Buffer.from(raw.replace(/\r?\n/g, "\r\n"), "utf8");
      const uid = nextUid++;
      messages.push({ uid, raw: data, flags: new Set() });
      return uid;
    },
    async start() {
      const current = net.createServer(session);
      server = current;
      await new Promise<void>((resolve, reject) => {
        current.once("error", reject);
        current.listen(port, "127.0.0.1", () => {
          port = (current.address() as AddressInfo).port;
          resolve();
        });
      });
    },
    async stop() {
      const current = server;
      server = undefined;
      for (const socket of sockets) socket.destroy();
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
    },
  };
  await fake.start();
  return fake;
}
