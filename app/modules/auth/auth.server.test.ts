import { expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { history } from "~/db/schema";
import { describeEachDatabase } from "../../../tests/db";
import {
  THROTTLE_MAX_FAILURES_PER_ADDRESS,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  THROTTLE_WINDOW_MS,
  countAdmins,
  createAdmin,
  getSessionAdmin,
  hashPassword,
  listAdmins,
  purgeExpiredSessions,
  setAdminPassword,
  signIn,
  signOut,
} from "./auth.server";

const PASSWORD = "un-mot-de-passe-solide";
const IP = "203.0.113.7";

it("hashes with argon2id, 19 MiB and two passes", async () => {
  const hash = await hashPassword(PASSWORD);
  expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
});

describeEachDatabase("auth", () => {
  it("creates, counts and lists admins", async () => {
    expect(await countAdmins()).toBe(0);
    await createAdmin("  marie ", PASSWORD);
    await createAdmin("alain", PASSWORD);
    expect(await countAdmins()).toBe(2);
    expect((await listAdmins()).map((a) => a.username)).toEqual(["alain", "marie"]);
  });

  it("signs in with the right pair and gives a session that resolves to the admin", async () => {
    const admin = await createAdmin("marie", PASSWORD);
    const result = await signIn("marie", PASSWORD, IP);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.token).toMatch(/^[\w-]{43}$/); // 256 random bits
    expect(await getSessionAdmin(result.token)).toEqual({
      id: admin.id,
      username: "marie",
      displayName: null,
      role: "administrateur",
      siteIds: [],
    });
    const again = await signIn("marie", PASSWORD, IP);
    expect(again.ok && again.token).not.toBe(result.token);
  });

  it("refuses a wrong password and an unknown user alike", async () => {
    await createAdmin("marie", PASSWORD);
    expect(await signIn("marie", "mauvais", IP)).toEqual({ ok: false, reason: "invalid" });
    expect(await signIn("inconnu", PASSWORD, IP)).toEqual({ ok: false, reason: "invalid" });
    expect(await getSessionAdmin("jeton-inventé")).toBeNull();
    expect(await getSessionAdmin(undefined)).toBeNull();
  });

  it("throttles after five failures for one identifier and address, until the window passes", async () => {
    await createAdmin("marie", PASSWORD);
    const t0 = new Date("2026-05-01T10:00:00Z");
    for (let i = 0; i < 5; i++) expect((await signIn("marie", `faux-${i}`, IP, t0)).ok).toBe(false);
    // Even the right password is refused while throttled.
    expect(await signIn("marie", PASSWORD, IP, t0)).toEqual({ ok: false, reason: "throttled" });
    // Another address, or another identifier, is not affected.
    expect((await signIn("marie", PASSWORD, "198.51.100.1", t0)).ok).toBe(true);
    expect(await signIn("autre", "x", IP, t0)).toEqual({ ok: false, reason: "invalid" });
    const later = new Date(t0.getTime() + THROTTLE_WINDOW_MS + 1000);
    expect((await signIn("marie", PASSWORD, IP, later)).ok).toBe(true);
  });

  it("holds the lockout under a burst: of 40 wrong passwords at once, 5 are checked, then even the right one is refused", async () => {
    await createAdmin("marie", PASSWORD);
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => signIn("marie", `faux-${i}`, IP)));
    expect(results.filter((r) => !r.ok && r.reason === "invalid")).toHaveLength(5);
    expect(results.filter((r) => !r.ok && r.reason === "throttled")).toHaveLength(35);
    // One history entry per password actually checked.
    expect(await getDb().$count(history, eq(history.kind, "connexion.echec"))).toBe(5);
    expect(await signIn("marie", PASSWORD, IP)).toEqual({ ok: false, reason: "throttled" });
  });

  it("limits one address whatever the identifiers, and counts refusals of unknown identifiers in one entry", async () => {
    await createAdmin("marie", PASSWORD);
    const t0 = new Date("2026-05-01T10:05:00Z");
    const results = [];
    for (let i = 0; i < 60; i++) results.push(await signIn(`inconnu-${i}`, "x", IP, new Date(t0.getTime() + i * 1000)));
    expect(results.filter((r) => !r.ok && r.reason === "invalid")).toHaveLength(THROTTLE_MAX_FAILURES_PER_ADDRESS);
    expect(results.slice(THROTTLE_MAX_FAILURES_PER_ADDRESS).every((r) => !r.ok && r.reason === "throttled")).toBe(true);
    // The right pair from that address waits for the window too; from another address it works.
    expect(await signIn("marie", PASSWORD, IP, new Date(t0.getTime() + 61_000))).toEqual({
      ok: false,
      reason: "throttled",
    });
    expect((await signIn("marie", PASSWORD, "198.51.100.1", t0)).ok).toBe(true);
    const refused = await getDb()
      .select({ actor: history.actor, occurrences: history.occurrences })
      .from(history)
      .where(and(eq(history.kind, "connexion.echec")));
    expect(refused).toEqual([{ actor: "identifiant inconnu", occurrences: THROTTLE_MAX_FAILURES_PER_ADDRESS }]);
    // The next hour starts a new entry.
    await signIn("inconnu-suivant", "x", "198.51.100.2", new Date("2026-05-01T11:00:00Z"));
    expect(await getDb().$count(history, eq(history.kind, "connexion.echec"))).toBe(2);
  });

  it("locks an IPv6 client out by its /64, not by its full address", async () => {
    await createAdmin("marie", PASSWORD);
    for (let i = 1; i <= 5; i++)
      expect(await signIn("marie", "faux", `2001:db8:7:8::${i}`)).toEqual({ ok: false, reason: "invalid" });
    expect(await signIn("marie", PASSWORD, "2001:db8:7:8:ffff::1")).toEqual({ ok: false, reason: "throttled" });
    expect((await signIn("marie", PASSWORD, "2001:db8:7:9::1")).ok).toBe(true);
  });

  it("expires a session after the idle time and after the absolute time", async () => {
    await createAdmin("marie", PASSWORD);
    const t0 = new Date("2026-05-01T10:00:00Z");
    const idle = await signIn("marie", PASSWORD, IP, t0);
    if (!idle.ok) throw new Error("sign-in failed");
    expect(await getSessionAdmin(idle.token, new Date(t0.getTime() + SESSION_IDLE_MS - 1000))).not.toBeNull();
    expect(await getSessionAdmin(idle.token, new Date(t0.getTime() + 2 * SESSION_IDLE_MS))).toBeNull();

    const active = await signIn("marie", PASSWORD, IP, t0);
    if (!active.ok) throw new Error("sign-in failed");
    // Activity every 20 minutes keeps it alive, but never past 12 hours.
    let t = t0.getTime();
    while (t + 20 * 60 * 1000 < t0.getTime() + SESSION_ABSOLUTE_MS) {
      t += 20 * 60 * 1000;
      expect(await getSessionAdmin(active.token, new Date(t))).not.toBeNull();
    }
    expect(await getSessionAdmin(active.token, new Date(t0.getTime() + SESSION_ABSOLUTE_MS + 1000))).toBeNull();
  });

  it("signs out, purges expired sessions, and a password reset closes every session", async () => {
    await createAdmin("marie", PASSWORD);
    const a = await signIn("marie", PASSWORD, IP);
    const b = await signIn("marie", PASSWORD, IP);
    if (!a.ok || !b.ok) throw new Error("sign-in failed");
    await signOut(a.token);
    expect(await getSessionAdmin(a.token)).toBeNull();
    expect(await getSessionAdmin(b.token)).not.toBeNull();

    expect(await setAdminPassword("marie", "nouveau-mot-de-passe")).toBe(true);
    expect(await getSessionAdmin(b.token)).toBeNull();
    expect((await signIn("marie", PASSWORD, IP)).ok).toBe(false);
    expect((await signIn("marie", "nouveau-mot-de-passe", IP)).ok).toBe(true);
    expect(await setAdminPassword("personne", "nouveau-mot-de-passe")).toBe(false);

    const c = await signIn("marie", "nouveau-mot-de-passe", IP, new Date("2020-01-01T00:00:00Z"));
    if (!c.ok) throw new Error("sign-in failed");
    await purgeExpiredSessions();
    expect(await getSessionAdmin(c.token, new Date("2020-01-01T00:01:00Z"))).toBeNull();
  });
});
