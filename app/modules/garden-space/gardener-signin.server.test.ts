import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { gardenerLinks, gardeners, gardenerSessions, history, outbox, rateLimitHits } from "~/db/schema";
import { describeEachDatabase } from "../../../tests/db";
import { insertGardener } from "../../../tests/factories";
import { createGardenerLink, gardenerOfSession, openGardenerSession } from "./gardener-auth.server";
import {
  LINK_INVALID_MESSAGE,
  SIGN_IN_LINK_LIMITED_MESSAGE,
  SIGN_IN_LINK_SENT_MESSAGE,
} from "./gardener-signin.schema";
import {
  askSignInLink,
  LINK_RECIPIENT_LIMITS,
  SIGN_IN_ANSWER_FLOOR_MS,
  signInWithLink,
  signOutGardener,
} from "./gardener-signin.server";

/** Asks for a link; without the answer's least time, but in the test of it. */
const ask = (
  email: string,
  { ip = "203.0.113.7", now = new Date(), extra = {} as Record<string, string>, floorMs = 0 } = {},
) => {
  const form = new FormData();
  form.set("intent", "lien");
  form.set("email", email);
  for (const [name, value] of Object.entries(extra)) form.set(name, value);
  return askSignInLink(form, ip, now, floorMs);
};
const mails = () => getDb().select().from(outbox).orderBy(outbox.id);
const links = () => getDb().select().from(gardenerLinks);
/** The token of the last sign-in link e-mailed. */
const lastToken = async () => /\/mon-jardin\/connexion\/([\w-]+)/.exec((await mails()).at(-1)!.text)![1]!;
const minutesFrom = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);

describeEachDatabase("« Mon jardin »'s sign-in", () => {
  it("answers the same for a gardener's address, an unknown one and a former gardener's; only the current gardener gets a link", async () => {
    const karim = await insertGardener({ name: "Karim Benali", email: "Karim.Benali@example.fr" });
    await insertGardener({ name: "Gérard Fontaine", email: "gerard.fontaine@example.fr", endDate: "2025-10-31" });

    const known = await ask("  karim.benali@EXAMPLE.fr ");
    const unknown = await ask("personne@example.fr");
    const former = await ask("gerard.fontaine@example.fr");
    expect(known).toEqual({
      status: 200,
      answer: { status: "sent", message: SIGN_IN_LINK_SENT_MESSAGE, email: "  karim.benali@EXAMPLE.fr " },
    });
    expect(unknown).toEqual({
      status: 200,
      answer: { status: "sent", message: SIGN_IN_LINK_SENT_MESSAGE, email: "personne@example.fr" },
    });
    expect(former.status).toBe(200);
    expect(former.answer.message).toBe(SIGN_IN_LINK_SENT_MESSAGE);

    // One message, to the address as the register holds it, one recipient.
    const sent = await mails();
    expect(sent.map((mail) => mail.to)).toEqual(["Karim.Benali@example.fr"]);
    const [mail] = sent;
    expect(mail!.subject).toBe("Votre lien de connexion à Mon jardin");
    expect(mail!.text).toContain("Bonjour Karim Benali,");
    expect(mail!.text).toMatch(/http:\/\/localhost:3000\/mon-jardin\/connexion\/[\w-]{40,}\n/);
    expect(mail!.text).toContain("valable 15 minutes, une seule fois");
    expect(mail!.text).toContain("Si vous n'avez rien demandé, ignorez ce message");
    expect(mail!.html).toContain(`href="http://localhost:3000/mon-jardin/connexion/`);

    // The link is Karim's, kept as a hash only; asking is not written in the history.
    const token = await lastToken();
    const [stored] = await links();
    expect(stored).toMatchObject({ gardenerId: karim.id, purpose: "connexion" });
    expect(stored!.hash).not.toContain(token);
    expect(JSON.stringify(await links())).not.toContain(token);
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(15 * 60_000);
    expect(await getDb().select().from(history)).toEqual([]);
    // Neither are the addresses typed kept by the limits.
    expect(JSON.stringify(await getDb().select().from(rateLimitHits))).not.toMatch(/karim|personne|gerard/i);
  });

  it("takes at least the same time to answer for a gardener's address, an unknown one and a robot", async () => {
    await insertGardener({ name: "Karim Benali", email: "karim.benali@example.fr" });
    const asks = [
      () => ask("karim.benali@example.fr", { floorMs: SIGN_IN_ANSWER_FLOOR_MS }),
      () => ask("personne@example.fr", { floorMs: SIGN_IN_ANSWER_FLOOR_MS }),
      () => ask("robot@example.fr", { floorMs: SIGN_IN_ANSWER_FLOOR_MS, extra: { site_web: "http://spam.example" } }),
    ];
    for (const asked of asks) {
      const started = performance.now();
      expect((await asked()).status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(SIGN_IN_ANSWER_FLOOR_MS);
    }
    expect((await mails()).map((mail) => mail.to)).toEqual(["karim.benali@example.fr"]);
  });

  it("refuses an invalid address with a 400 that keeps what was typed, and sends nothing for a robot", async () => {
    await insertGardener({ email: "ana.pereira@example.fr" });
    expect(await ask("ana.pereira@")).toEqual({
      status: 400,
      answer: {
        status: "invalid",
        message: "Indiquez une adresse e-mail valide, par exemple prenom.nom@exemple.fr.",
        email: "ana.pereira@",
      },
    });
    expect((await ask("")).status).toBe(400);
    const noIntent = new FormData();
    noIntent.set("email", "ana.pereira@example.fr");
    expect((await askSignInLink(noIntent, "203.0.113.7")).status).toBe(400);
    const robot = await ask("ana.pereira@example.fr", { extra: { site_web: "http://spam.example" } });
    expect(robot.answer.status).toBe("sent");
    expect(await mails()).toEqual([]);
  });

  it("a link signs in once, opening a session and writing the history; used again, or expired, it is refused", async () => {
    const sophie = await insertGardener({ name: "Sophie Garcia", email: "sophie.garcia@example.fr" });
    await ask("sophie.garcia@example.fr");
    const token = await lastToken();

    const signedIn = await signInWithLink(token, "198.51.100.4");
    expect(signedIn.ok).toBe(true);
    const session = signedIn.ok ? signedIn.token : "";
    expect(await gardenerOfSession(session)).toMatchObject({ id: sophie.id, name: "Sophie Garcia" });
    const [entry] = await getDb().select().from(history);
    expect(entry).toMatchObject({
      kind: "jardin.connexion",
      adminId: null,
      actor: `jardinier n° ${sophie.id}`,
      target: `jardinier n° ${sophie.id}`,
    });
    expect(await links()).toEqual([]);

    expect(await signInWithLink(token, "198.51.100.4")).toEqual({ ok: false, reason: "invalid" });

    // A link of 16 minutes ago.
    const old = await getDb().transaction((tx) =>
      createGardenerLink(tx, sophie.id, "connexion", { now: minutesFrom(new Date(), -16) }),
    );
    expect(await signInWithLink(old, "198.51.100.4")).toEqual({ ok: false, reason: "invalid" });
    expect(await getDb().select().from(gardenerSessions)).toHaveLength(1);
    expect(LINK_INVALID_MESSAGE).toContain("15 minutes");
  });

  it("limits the links per client address, then per address typed, with one 429 whether the address is a gardener's or not", async () => {
    await insertGardener({ email: "carmen.lopez@example.fr" });
    const now = new Date();
    // Five links from one client address, to five addresses: the sixth is refused, known or not.
    for (let n = 0; n < 5; n++)
      expect((await ask(`voisin${n}@example.fr`, { ip: "192.0.2.10", now })).status).toBe(200);
    const limited = await ask("carmen.lopez@example.fr", { ip: "192.0.2.10", now });
    const limitedUnknown = await ask("inconnu@example.fr", { ip: "192.0.2.10", now });
    expect(limited).toEqual({
      status: 429,
      answer: { status: "limited", message: SIGN_IN_LINK_LIMITED_MESSAGE, email: "carmen.lopez@example.fr" },
    });
    expect(limitedUnknown.status).toBe(429);
    expect(limitedUnknown.answer.message).toBe(limited.answer.message);
    expect(await mails()).toEqual([]);

    // One address typed from many client addresses: five links an hour, then the same 429 for a gardener and anyone.
    const ips = (n: number) => `198.51.100.${n + 20}`;
    for (let n = 0; n < LINK_RECIPIENT_LIMITS.perHour; n++) {
      expect((await ask("Carmen.Lopez@example.fr", { ip: ips(n), now })).status).toBe(200);
      expect((await ask("nobody@example.fr", { ip: ips(n), now })).status).toBe(200);
    }
    expect(await mails()).toHaveLength(5);
    const carmen = await ask("carmen.lopez@example.fr", { ip: "198.51.100.99", now });
    const nobody = await ask("nobody@example.fr", { ip: "198.51.100.98", now });
    expect([carmen.status, carmen.answer.message]).toEqual([429, SIGN_IN_LINK_LIMITED_MESSAGE]);
    expect([nobody.status, nobody.answer.message]).toEqual([429, SIGN_IN_LINK_LIMITED_MESSAGE]);
    expect(await mails()).toHaveLength(5);
    // An hour later, a link again.
    expect((await ask("carmen.lopez@example.fr", { ip: "198.51.100.99", now: minutesFrom(now, 61) })).status).toBe(200);
    expect(await mails()).toHaveLength(6);
  });

  it("counts failed uses of links per client address: after 5, even a good link waits, and stays good", async () => {
    const tran = await insertGardener({ email: "tran.minhduc@example.fr" });
    const good = await getDb().transaction((tx) => createGardenerLink(tx, tran.id, "connexion"));
    for (let n = 0; n < 5; n++) expect((await signInWithLink(`faux-${n}`, "192.0.2.50")).ok).toBe(false);
    expect(await signInWithLink(good, "192.0.2.50")).toEqual({ ok: false, reason: "throttled" });
    expect(await links()).toHaveLength(1);
    // From another client address it works, and a success gives its count back.
    expect((await signInWithLink(good, "192.0.2.51")).ok).toBe(true);
    const hits = await getDb().select().from(rateLimitHits);
    expect(hits.filter((hit) => hit.key.includes("192.0.2.51"))).toEqual([]);
  });

  it("a gardener who leaves can no longer sign in, and their open session stops working", async () => {
    const julien = await insertGardener({ email: "julien.bertrand@example.fr" });
    const session = await getDb().transaction((tx) => openGardenerSession(tx, julien.id));
    const link = await getDb().transaction((tx) => createGardenerLink(tx, julien.id, "connexion"));
    expect(await gardenerOfSession(session)).not.toBeNull();

    await getDb().update(gardeners).set({ endDate: "2026-06-30" }).where(eq(gardeners.id, julien.id));
    expect(await gardenerOfSession(session)).toBeNull();
    expect(await signInWithLink(link, "192.0.2.60")).toEqual({ ok: false, reason: "invalid" });
    await ask("julien.bertrand@example.fr");
    expect(await mails()).toEqual([]);
    expect(await getDb().select().from(gardenerSessions)).toEqual([]);
  });

  it("signs out here (one session) or everywhere (all of the gardener's, with a history entry)", async () => {
    const [ana, other] = [await insertGardener(), await insertGardener()];
    const open = (id: number) => getDb().transaction((tx) => openGardenerSession(tx, id));
    const [phone, computer, tablet, others] = [
      await open(ana.id),
      await open(ana.id),
      await open(ana.id),
      await open(other.id),
    ];

    await signOutGardener(phone, false);
    expect(await gardenerOfSession(phone)).toBeNull();
    expect(await gardenerOfSession(computer)).not.toBeNull();
    expect(await getDb().select().from(history)).toEqual([]);

    await signOutGardener(computer, true);
    expect(await gardenerOfSession(computer)).toBeNull();
    expect(await gardenerOfSession(tablet)).toBeNull();
    expect(await gardenerOfSession(others)).toMatchObject({ id: other.id });
    expect(await getDb().select().from(history)).toEqual([
      expect.objectContaining({
        kind: "jardin.deconnexion-partout",
        adminId: null,
        actor: `jardinier n° ${ana.id}`,
        target: `jardinier n° ${ana.id}`,
      }),
    ]);
    // Without a session (already out), nothing happens.
    await signOutGardener(undefined, true);
    await signOutGardener("inconnu", true);
    expect(await getDb().select().from(history)).toHaveLength(1);
  });
});
