import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { rateLimitHits } from "~/db/schema";
import { describeEachDatabase } from "../../../tests/db";
import {
  allowFormAttempt,
  allowFormSubmission,
  countHits,
  FORM_LIMITS,
  purgeOldHits,
  recordFormSubmission,
  recordHit,
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
    for (let i = 0; i < FORM_LIMITS.attempts; i++) expect(await allowFormAttempt("contact", "1.2.3.4", at(i / 10))).toBe(true);
    expect(await allowFormAttempt("contact", "1.2.3.4", at(5))).toBe(false);
    // Another address and another form are not affected.
    expect(await allowFormAttempt("contact", "5.6.7.8", at(5))).toBe(true);
    expect(await allowFormAttempt("annonces", "1.2.3.4", at(5))).toBe(true);
    expect(await allowFormAttempt("contact", "1.2.3.4", at(10.5))).toBe(true);
  });

  it("allows 5 accepted submissions per form and address in 10 minutes", async () => {
    for (let i = 0; i < FORM_LIMITS.accepted; i++) {
      expect(await allowFormSubmission("apply", "1.2.3.4", at(i))).toBe(true);
      await recordFormSubmission(getDb(), "apply", "1.2.3.4", at(i));
    }
    expect(await allowFormSubmission("apply", "1.2.3.4", at(6))).toBe(false);
    expect(await allowFormSubmission("apply", "1.2.3.4", at(10.5))).toBe(true);
  });

  it("purges what no window looks at any more", async () => {
    await recordHit("a", at(0));
    await recordHit("b", at(50));
    await purgeOldHits(at(70));
    expect((await getDb().select().from(rateLimitHits)).map((row) => row.key)).toEqual(["b"]);
  });
});
