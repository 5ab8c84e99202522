import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { rateLimitHits } from "~/db/schema";
import { describeEachDatabase } from "../../../tests/db";
import {
  allowFormAttempt,
  countHits,
  EVENT_SIGNUP_LIMITS,
  FORM_LIMITS,
  limitAddress,
  networkAddress,
  purgeOldHits,
  recordHit,
  releaseHits,
  reserveEventSignup,
  reserveFormSubmission,
  reserveHit,
} from "./rate-limits.server";

const MINUTE = 60_000;
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 23, 9, 0) + minutes * MINUTE);

describeEachDatabase("rate limits", () => {
  it("counts the hits of one key within the window only", async () => {
    await recordHit("contact:tentative:1.2.3.4", at(0));
    await recordHit("contact:tentative:1.2.3.4", at(8));
    await recordHit("contact:tentative:5.6.7.8", at(8));
    expect(await countHits("contact:tentative:1.2.3.4", 10 * MINUTE, at(9))).toBe(2);
    expect(await countHits("contact:tentative:1.2.3.4", 10 * MINUTE, at(11))).toBe(1);
  });

  it("allows 30 attempts per form and address in 10 minutes, then refuses until the window moves on", async () => {
    for (let i = 0; i < FORM_LIMITS.attempts; i++)
      expect(await allowFormAttempt("contact", "1.2.3.4", at(i / 10))).toBe(true);
    expect(await allowFormAttempt("contact", "1.2.3.4", at(5))).toBe(false);
    // Another address and another form are not affected.
    expect(await allowFormAttempt("contact", "5.6.7.8", at(5))).toBe(true);
    expect(await allowFormAttempt("annonces", "1.2.3.4", at(5))).toBe(true);
    expect(await allowFormAttempt("contact", "1.2.3.4", at(10.5))).toBe(true);
  });

  it("allows 5 accepted submissions per form and address in 10 minutes; a released one is given back", async () => {
    const reserved = [];
    for (let i = 0; i < FORM_LIMITS.accepted; i++)
      reserved.push(await reserveFormSubmission("apply", "1.2.3.4", at(i)));
    expect(reserved.every((id) => id !== null)).toBe(true);
    expect(await reserveFormSubmission("apply", "1.2.3.4", at(6))).toBeNull();
    await releaseHits([reserved[4]]);
    expect(await reserveFormSubmission("apply", "1.2.3.4", at(6))).not.toBeNull();
    expect(await reserveFormSubmission("apply", "1.2.3.4", at(10.5))).not.toBeNull();
  });

  it("holds a limit under a burst: of 40 reservations at once, exactly the limit pass", async () => {
    const results = await Promise.all(
      Array.from({ length: 40 }, () => reserveHit("connexion:burst", 5, 15 * MINUTE, at(0))),
    );
    expect(results.filter((id) => id !== null)).toHaveLength(5);
    expect(await countHits("connexion:burst", 15 * MINUTE, at(1))).toBe(5);
  });

  it("counts a burst of form attempts exactly", async () => {
    const results = await Promise.all(Array.from({ length: 45 }, () => allowFormAttempt("contact", "9.9.9.9", at(0))));
    expect(results.filter(Boolean)).toHaveLength(FORM_LIMITS.attempts);
  });

  it("counts one event's sign-ups by network: an IPv4 /24, an IPv6 /48", () => {
    expect(networkAddress("192.0.2.7")).toBe("192.0.2.0/24");
    expect(networkAddress("::ffff:192.0.2.250")).toBe("192.0.2.0/24");
    expect(networkAddress("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1::/48");
    expect(networkAddress("2001:0db8:0001:ffff::1")).toBe("2001:db8:1::/48");
    expect(networkAddress("2001:db8:2::1")).toBe("2001:db8:2::/48");
  });

  it("allows 3 sign-ups to one event per network in a day; another event or network is not affected", async () => {
    for (let i = 1; i <= EVENT_SIGNUP_LIMITS.perNetwork; i++)
      expect(await reserveEventSignup(7, `192.0.2.${i}`, at(i))).not.toBeNull();
    expect(await reserveEventSignup(7, "192.0.2.200", at(60))).toBeNull();
    expect(await reserveEventSignup(8, "192.0.2.200", at(60))).not.toBeNull();
    expect(await reserveEventSignup(7, "192.0.3.1", at(60))).not.toBeNull();
    expect(await reserveEventSignup(7, "192.0.2.200", at(24 * 60 + 2))).not.toBeNull();
  });

  it("counts IPv6 clients by their /64 and IPv4 as itself", () => {
    expect(limitAddress("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(limitAddress("2001:0db8:0001:0002::1")).toBe("2001:db8:1:2::/64");
    expect(limitAddress("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(limitAddress("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(limitAddress("::1")).toBe("0:0:0:0::/64");
    expect(limitAddress("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(limitAddress("::ffff:192.0.2.7")).toBe("192.0.2.7");
    expect(limitAddress("192.0.2.7")).toBe("192.0.2.7");
  });

  it("limits a whole IPv6 /64 as one client", async () => {
    for (let i = 1; i <= FORM_LIMITS.attempts; i++)
      expect(await allowFormAttempt("contact", `2001:db8:5:6::${i.toString(16)}`, at(0))).toBe(true);
    expect(await allowFormAttempt("contact", "2001:db8:5:6:ffff:ffff:ffff:ffff", at(0))).toBe(false);
    expect(await allowFormAttempt("contact", "2001:db8:5:7::1", at(0))).toBe(true);
  });

  it("purges what no window looks at any more (the longest is a day)", async () => {
    await recordHit("a", at(0));
    await recordHit("b", at(50));
    await purgeOldHits(at(24 * 60 + 10));
    expect((await getDb().select().from(rateLimitHits)).map((row) => row.key)).toEqual(["b"]);
  });
});
