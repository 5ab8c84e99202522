import { expect, it } from "vitest";
import {
  PASSWORD_CHECKS_AT_ONCE,
  PASSWORD_CHECKS_WAITING,
  PasswordChecksBusy,
  passwordCheckLoad,
  withPasswordCheckSlot,
} from "./password-checks.server";

it("runs one password check at a time, lets a few wait, and refuses a sign-in's check past that", async () => {
  const releases: (() => void)[] = [];
  const started: number[] = [];
  const check = (n: number, options?: { refuseWhenBusy: boolean }) =>
    withPasswordCheckSlot(() => {
      started.push(n);
      return new Promise<number>((resolve) => releases.push(() => resolve(n)));
    }, options);

  const admitted = Array.from({ length: PASSWORD_CHECKS_AT_ONCE + PASSWORD_CHECKS_WAITING }, (_, n) =>
    check(n, { refuseWhenBusy: true }),
  );
  expect(passwordCheckLoad()).toEqual({ running: PASSWORD_CHECKS_AT_ONCE, waiting: PASSWORD_CHECKS_WAITING });
  await expect(check(99, { refuseWhenBusy: true })).rejects.toBeInstanceOf(PasswordChecksBusy);
  // An administrator's own change is never refused: it waits its turn.
  const own = check(100);
  expect(started).toEqual([0]);

  for (let n = 0; n < admitted.length + 1; n++) {
    await new Promise((resolve) => setImmediate(resolve));
    releases[n]();
  }
  expect(await Promise.all([...admitted, own])).toEqual([...admitted.map((_, n) => n), 100]);
  expect(started).toEqual([...admitted.map((_, n) => n), 100]);
  expect(passwordCheckLoad()).toEqual({ running: 0, waiting: 0 });
});
