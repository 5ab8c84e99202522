/**
 * The requests that once stopped the server, gave a 500 or broke the connection, each answered now with a 4xx that
 * reaches the client, on a connection that goes on serving.
 */
import crypto from "node:crypto";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { send, type RawOutcome, type RawRequest } from "../fuzz/http";
import { signIn } from "../fuzz/session";
import { PREPARED_START_MS, preparedDataDir } from "./prepared-data-dir";
import { startServer, type ServerProcess } from "./server";

const credentials = { username: "marie", password: crypto.randomBytes(12).toString("base64url") };
let server: ServerProcess;
let cookie: string;

beforeAll(async () => {
  server = await startServer({
    dataDir: await preparedDataDir("empty"),
    env: { ADMIN_USERNAME: credentials.username, ADMIN_PASSWORD: credentials.password },
  });
  cookie = await signIn(server.url, credentials.username, credentials.password);
}, PREPARED_START_MS);
afterAll(async () => {
  await server?.stop();
});

const form = (body: string | Buffer, headers: Record<string, string> = {}): Omit<RawRequest, "path"> => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, ...headers },
  body: Buffer.from(body),
});

function multipart(parts: string[], boundary = "----potager", close = true) {
  return Buffer.from(
    parts.map((part) => `--${boundary}\r\n${part}\r\n`).join("") + (close ? `--${boundary}--\r\n` : ""),
  );
}
const multipartType = { "Content-Type": "multipart/form-data; boundary=----potager" };

/** Sends `request`, then a GET on the same keep-alive connection: both must be answered, the second on that connection. */
async function thenAgain(request: RawRequest): Promise<{ first: RawOutcome; second: RawOutcome }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const first = await send(server.url, request, agent);
    const second = await send(server.url, { method: "GET", path: "/healthz", headers: {} }, agent);
    return { first, second };
  } finally {
    agent.destroy();
  }
}

function expectAnswered(outcome: RawOutcome, status: number) {
  expect(outcome.kind === "response" ? outcome.status : outcome.error).toBe(status);
  return outcome as Extract<RawOutcome, { kind: "response" }>;
}

describe("refusals reach the client and leave the connection usable", () => {
  it("a 2 MB form gets its 413 every time, and the next request on the connection is answered", async () => {
    for (let i = 0; i < 10; i++) {
      const { first, second } = await thenAgain({
        path: "/login",
        ...form(`username=${"a".repeat(2_000_000)}&password=x`),
      });
      expect(expectAnswered(first, 413).body).toContain("Le formulaire envoyé est trop volumineux.");
      expect(expectAnswered(second, 200).reusedSocket).toBe(true);
    }
  }, 60_000);

  it.each([
    ["text/plain", `bonjour ${"x".repeat(300_000)}`],
    ["application/json", `{"username":"${"m".repeat(300_000)}"}`],
  ])("a %s body gets 415, and the connection goes on", async (type, body) => {
    const { first, second } = await thenAgain({ path: "/login", ...form(body, { "Content-Type": type }) });
    expect(expectAnswered(first, 415).body).toBe("Seuls les formulaires sont acceptés.");
    expect(expectAnswered(second, 200).reusedSocket).toBe(true);
  });

  it("/logout with a body answers, and the connection goes on", async () => {
    const { first, second } = await thenAgain({ path: "/logout", ...form(`x=${"y".repeat(300_000)}`) });
    expectAnswered(first, 302);
    expect(expectAnswered(second, 200).reusedSocket).toBe(true);
  });

  it.each([200_000, 330_000, 480_000])(
    "a refused multipart body of %i bytes is answered on a fresh connection too",
    async (size) => {
      const body = multipart([
        'Content-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n',
        "x".repeat(size),
      ]);
      // Without a session (401), and with one but a part over its limit (413).
      for (const [headers, status] of [
        [{}, 401],
        [{ Cookie: cookie }, 413],
      ] as const) {
        const request = {
          method: "POST",
          path: "/admin/media",
          headers: { Origin: server.url, ...multipartType, ...headers },
          body: Buffer.concat([
            multipart([`Content-Disposition: form-data; name="texte"\r\n`, "t".repeat(size)], "----potager", false),
            body,
          ]),
        };
        expectAnswered(await send(server.url, request), status);
        const { first, second } = await thenAgain(request);
        expectAnswered(first, status);
        expect(expectAnswered(second, 200).reusedSocket).toBe(true);
      }
    },
  );
});

describe("input that stopped the server or gave a 500", () => {
  it.each(["/admin/media", "/admin/settings"])(
    "%s: a large text part, a file part and no closing boundary",
    async (path) => {
      const body = multipart(
        [`Content-Disposition: form-data; name="texte"\r\n`, "a".repeat(350_000)].concat([
          'Content-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n',
          "abc",
        ]),
        "----potager",
        false,
      );
      const outcome = await send(server.url, {
        method: "POST",
        path,
        headers: { Origin: server.url, Cookie: cookie, ...multipartType },
        body,
      });
      expect(outcome.kind === "response" && outcome.status >= 400 && outcome.status < 500).toBe(true);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      expect(server.child.exitCode).toBeNull();
    },
  );

  it("a NUL byte in the sign-in form is a 400 with the form's message", async () => {
    const outcome = expectAnswered(await send(server.url, { path: "/login", ...form("username=%00&password=x") }), 400);
    expect(outcome.body).toContain("Veuillez remplir tous les champs");
  });

  it.each([
    ["homeTexts", "intent=homeTexts&titreAccueil=Jardins%00partag%C3%A9s&texteIntro=%00&texteFooter=a%01b"],
    [
      "association",
      "intent=association&titreAssociation=Notre%00association&contentAssociation=%3Cp%3Ea%00b%3C%2Fp%3E",
    ],
    ["contact", "intent=contact&adresse=1%00rue&telephone=04%0078&email=&horaires=Samedi%00"],
  ])("control characters in the settings form %s are cleaned out before anything is saved", async (intent, body) => {
    const outcome = await send(server.url, { path: "/admin/settings", ...form(body, { Cookie: cookie }) });
    expectAnswered(outcome, 200);
    const page = await (await fetch(`${server.url}/admin/settings`, { headers: { cookie } })).text();
    expect(page).not.toContain("\u0000");
    expect(page).toContain(
      intent === "homeTexts" ? "Jardinspartagés" : intent === "association" ? "Notreassociation" : "1rue",
    );
  });

  it("an address with a line break in its path gets a 404, signed in or not, and no error line", async () => {
    const before = server.output().length;
    for (const path of ["/%0A", "/admin/documents/%0B%01%0B%0D%0A/"])
      for (const headers of [{}, { Cookie: cookie }] as Record<string, string>[]) {
        const outcome = expectAnswered(await send(server.url, { method: "GET", path, headers }), 404);
        expect(outcome.body).toContain("Page introuvable");
      }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.output().slice(before)).not.toMatch(/"level":50/);
  });

  it("TRACE, and any method but GET, HEAD and POST, gets 405 with Allow", async () => {
    for (const method of ["TRACE", "PUT", "DELETE", "PATCH", "OPTIONS"]) {
      const outcome = expectAnswered(await send(server.url, { method, path: "/", headers: {} }), 405);
      expect(outcome.headers.allow).toBe("GET, HEAD, POST");
      expect(outcome.body).toBe(method === "HEAD" ? "" : "Méthode non autorisée.");
    }
    expect(server.output()).not.toContain("unsupported");
  });

  it("a form posted from another site gets 403 in French and one warning line, not an error", async () => {
    const before = server.output().length;
    const outcome = expectAnswered(
      await send(server.url, {
        path: "/login",
        ...form("username=a&password=b", { Origin: "https://ailleurs.example" }),
      }),
      403,
    );
    expect(outcome.body).toBe("Requête refusée : ce formulaire doit être envoyé depuis le site lui-même.");
    const data = expectAnswered(
      await send(server.url, {
        path: "/login.data",
        ...form("username=a&password=b", { Origin: "https://ailleurs.example" }),
      }),
      403,
    );
    expect(data.body).toBe(outcome.body);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const logged = server
      .output()
      .slice(before)
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged.map((entry) => [entry.level, entry.msg, entry.origin])).toEqual([
      [40, "formulaire refusé : envoyé depuis une autre origine", "https://ailleurs.example"],
      [40, "formulaire refusé : envoyé depuis une autre origine", "https://ailleurs.example"],
    ]);
  });

  it("a mail client's one-click unsubscribe (RFC 8058) is let through from its own origin, and only that", async () => {
    const token = "x".repeat(43);
    const unsubscribe = expectAnswered(
      await send(server.url, {
        path: `/lettre/desabonnement/${token}`,
        ...form("List-Unsubscribe=One-Click", { Origin: "https://mail.example" }),
      }),
      200,
    );
    // An unknown token: the page says the link no longer works, and nothing else happened.
    expect(unsubscribe.body).toContain("Ce lien ne fonctionne plus");
    expectAnswered(
      await send(server.url, { path: "/lettre", ...form("email=a%40example.fr", { Origin: "https://mail.example" }) }),
      403,
    );
  });
});

describe("a large form a route does not read, on a connection the client closes after it", () => {
  // The demo's content makes the backup about a megabyte: an answer that long was cut by the reset.
  let demo: ServerProcess;
  beforeAll(async () => {
    demo = await startServer({
      dataDir: await preparedDataDir("demo"),
      env: { ADMIN_USERNAME: credentials.username, ADMIN_PASSWORD: credentials.password, SEED_DEMO: "true" },
    });
  }, PREPARED_START_MS);
  afterAll(async () => {
    await demo?.stop();
  });

  it.each([
    ["/admin/sauvegarde.data", 200],
    ["/admin/sauvegarde", 200],
    ["/logout", 302],
  ])(
    "%s answers in whole",
    async (path, status) => {
      // Node closes such a connection as soon as the answer is written: with the form still unread, that close was a
      // reset, which destroyed the answer before the client could read it.
      for (let i = 0; i < 3; i++) {
        const session = await signIn(demo.url, credentials.username, credentials.password);
        const outcome = await send(demo.url, {
          path,
          method: "POST",
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            Origin: demo.url,
            Cookie: session,
            Connection: "close",
          },
          body: Buffer.from(`x=${"a".repeat(266_000)}`),
        });
        // Read to its end: a reset gives « réponse interrompue ».
        expect(outcome).toMatchObject({ kind: "response", status });
      }
    },
    60_000,
  );
});
