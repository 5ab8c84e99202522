/**
 * Every back-office action, through the real server: without a session it is refused (401, the form kept for a
 * sign-in), from another origin it is refused (403), and in both cases nothing is written. Every admin write records a
 * history entry, so an unchanged history (the one sign-in) shows that none ran.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { signIn } from "../fuzz/session";
import { startServer, type ServerProcess } from "./server";

const credentials = { username: "marie", password: crypto.randomBytes(12).toString("base64url") };
let server: ServerProcess;
let cookie: string;

beforeAll(async () => {
  server = await startServer({
    env: { ADMIN_USERNAME: credentials.username, ADMIN_PASSWORD: credentials.password, SEED_DEMO: "true" },
  });
  cookie = await signIn(server.url, credentials.username, credentials.password);
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

const ACTIONS: [string, Record<string, string>][] = [
  ["/admin/applications", { intent: "delete", id: "1" }],
  ["/admin/applications", { intent: "toggle", id: "2", processed: "true" }],
  ["/admin/annonces", { intent: "validate", id: "4" }],
  ["/admin/annonces", { intent: "delete", id: "1" }],
  ["/admin/comptes", { intent: "invite", username: "intrus" }],
  ["/admin/comptes", { intent: "totpStart" }],
  ["/admin/blog", { intent: "delete", id: "1" }],
  ["/admin/events", { intent: "delete", id: "1" }],
  ["/admin/settings", { intent: "plots", parcellesOccupees: "1", parcellesTotal: "2" }],
  ["/admin/messages/1", { intent: "delete", id: "1" }],
  ["/admin?index", { intent: "removeDemoContent" }],
  ["/admin/sauvegarde", {}],
];

const post = (path: string, fields: Record<string, string>, headers: Record<string, string>) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    redirect: "manual",
  });

it.each(ACTIONS)("%s %o: refused without a session and from another origin", async (path, fields) => {
  expect((await post(path, fields, { Origin: server.url })).status).toBe(401);
  expect((await post(path, fields, { Origin: "https://ailleurs.example", Cookie: cookie })).status).toBe(403);
  expect((await post(path, fields, { Origin: "null", Cookie: cookie })).status).toBe(403);
});

it("wrote nothing: the history holds only the sign-in, the demo content is all there", async () => {
  const page = async (path: string) => (await fetch(`${server.url}${path}`, { headers: { Cookie: cookie } })).text();
  const historyPage = await page("/admin/historique");
  expect(historyPage).toContain("1 entrée");
  expect(historyPage).toContain("Connexion");
  expect(await page("/admin/applications")).toContain("Mehdi Haddad");
  expect(await page("/admin/annonces")).toContain("En attente");
  const accounts = await page("/admin/comptes");
  expect(accounts).not.toContain("intrus");
  expect(accounts).not.toContain("Code QR à scanner");
});

it("the same requests, signed in and from the site itself, do write (and the history shows it)", async () => {
  for (const [path, fields] of [ACTIONS[1], ACTIONS[8], ACTIONS[5]]) {
    expect((await post(path, fields, { Origin: server.url, Cookie: cookie })).status).toBe(200);
  }
  const page = async (path: string) => (await fetch(`${server.url}${path}`, { headers: { Cookie: cookie } })).text();
  expect(await page("/admin/historique")).toContain("3 entrées");
  expect(await page("/admin/comptes")).toContain("Code QR à scanner");
});
