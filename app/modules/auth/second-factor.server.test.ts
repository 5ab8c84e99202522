import { eq } from "drizzle-orm";
import { generate } from "otplib";
import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { admins, history, recoveryCodes, sessions } from "~/db/schema";
import { confirmTotp, startTotpEnrolment } from "~/modules/accounts/accounts.server";
import { describeEachDatabase } from "../../../tests/db";
import {
  THROTTLE_MAX_FAILURES,
  completeSecondFactor,
  createAdmin,
  getPendingSignIn,
  getSessionAdmin,
  signIn,
} from "./auth.server";

const PASSWORD = "groseilles-sous-la-pergola-1907";

/** The app's code of the next 30 s step: the one that confirmed the enrolment is used up. */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
const IP = "203.0.113.7";

/** An admin with the second factor on; returns its secret and recovery codes. */
async function enrolled() {
  const admin = await createAdmin("marie", PASSWORD);
  await startTotpEnrolment(admin);
  const [{ secret }] = await getDb()
    .select({ secret: admins.totpPendingSecret })
    .from(admins)
    .where(eq(admins.id, admin.id));
  const enrolmentCode = await generate({ secret: secret! });
  const confirmed = await confirmTotp(admin, enrolmentCode);
  if (!confirmed.ok) throw new Error(confirmed.message);
  return { admin, secret: secret!, codes: confirmed.recoveryCodes!, enrolmentCode };
}

describeEachDatabase("second factor", () => {
  it("enrols with one code: the secret is kept, the ten recovery codes only as keyed hashes", async () => {
    const { admin, codes } = await enrolled();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const [row] = await getDb().select().from(admins).where(eq(admins.id, admin.id));
    expect(row.totpSecret).toMatch(/^[A-Z2-7]+$/);
    expect(row.totpPendingSecret).toBeNull();
    const stored = await getDb().select().from(recoveryCodes);
    expect(stored).toHaveLength(10);
    for (const code of codes) expect(JSON.stringify(stored)).not.toContain(code.replace(/-/g, ""));
  });

  it("a password alone opens nothing but the code step; the app's code opens a fresh session", async () => {
    const { secret } = await enrolled();
    const first = await signIn("marie", PASSWORD, IP);
    if (!first.ok) throw new Error("refused");
    expect(first.awaitingSecondFactor).toBe(true);
    expect(await getSessionAdmin(first.token)).toBeNull();
    expect(await getPendingSignIn(first.token)).toMatchObject({ username: "marie" });
    const done = await completeSecondFactor(first.token, await nextCode(secret), IP);
    if (!done.ok) throw new Error(done.reason);
    expect(done.token).not.toBe(first.token);
    expect(await getSessionAdmin(done.token)).toMatchObject({ username: "marie" });
    expect(await getSessionAdmin(first.token)).toBeNull();
    expect(await getPendingSignIn(first.token)).toBeNull();
    expect((await getDb().select().from(history)).map((e) => e.kind)).toEqual(["compte.2fa-activation", "connexion"]);
  });

  it("a code of the app is accepted once: the enrolment's code, then a sign-in's, cannot be used again", async () => {
    const { secret, enrolmentCode } = await enrolled();
    const attempt = async (code: string) => {
      const pending = await signIn("marie", PASSWORD, IP);
      return (await completeSecondFactor(pending.ok ? pending.token : undefined, code, IP)).ok;
    };
    expect(await attempt(enrolmentCode)).toBe(false);
    const next = await nextCode(secret);
    expect(await attempt(next)).toBe(true);
    expect(await attempt(next)).toBe(false);
  });

  it("a recovery code works once, whatever its case and dashes", async () => {
    const { codes } = await enrolled();
    const use = async (code: string) => {
      const pending = await signIn("marie", PASSWORD, IP);
      return completeSecondFactor(pending.ok ? pending.token : undefined, code, IP);
    };
    expect((await use(codes[0].toUpperCase().replace(/-/g, " "))).ok).toBe(true);
    expect(await use(codes[0])).toEqual({ ok: false, reason: "invalid" });
    expect((await getDb().select().from(recoveryCodes)).filter((c) => c.usedAt).length).toBe(1);
  });

  it("wrong codes count with wrong passwords toward the throttle", async () => {
    await enrolled();
    const t0 = new Date();
    await signIn("marie", "mauvais", IP, t0);
    for (let i = 0; i < THROTTLE_MAX_FAILURES - 1; i++) {
      const pending = await signIn("marie", PASSWORD, IP, t0);
      expect(await completeSecondFactor(pending.ok ? pending.token : undefined, "000000", IP, t0)).toEqual({
        ok: false,
        reason: "invalid",
      });
    }
    expect(await signIn("marie", PASSWORD, IP, t0)).toEqual({ ok: false, reason: "throttled" });
  });

  it("a code step left too long, or an unknown session, leads back to the start", async () => {
    const { secret } = await enrolled();
    const t0 = new Date();
    const pending = await signIn("marie", PASSWORD, IP, t0);
    const late = new Date(t0.getTime() + 11 * 60 * 1000);
    expect(
      await completeSecondFactor(pending.ok ? pending.token : undefined, await nextCode(secret), IP, late),
    ).toEqual({ ok: false, reason: "expired" });
    expect(await completeSecondFactor("inconnu", "123456", IP)).toEqual({ ok: false, reason: "expired" });
    expect(await getDb().select().from(sessions).where(eq(sessions.awaitingSecondFactor, false))).toEqual([]);
  });
});
