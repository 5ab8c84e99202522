/**
 * Password hashing runs on libuv's thread pool, which pages share (file reads, compression, DNS). A flood of sign-ins
 * would fill it and make every page wait, so at most PASSWORD_CHECKS_AT_ONCE hashes run at a time, a few more wait
 * their turn, and past that a check is refused at once rather than queued without end.
 */
export const PASSWORD_CHECKS_AT_ONCE = 1;
export const PASSWORD_CHECKS_WAITING = 8;

export class PasswordChecksBusy extends Error {
  constructor() {
    super("Trop de vérifications de mot de passe en cours.");
  }
}

let running = 0;
const waiting: (() => void)[] = [];

/**
 * Runs `work` (an argon2 hash or verification) when a slot is free. A sign-in (`refuseWhenBusy`) gets
 * `PasswordChecksBusy` when too many already wait; a signed-in administrator's own change always waits its turn.
 */
export async function withPasswordCheckSlot<T>(work: () => Promise<T>, { refuseWhenBusy = false } = {}): Promise<T> {
  if (running >= PASSWORD_CHECKS_AT_ONCE) {
    if (refuseWhenBusy && waiting.length >= PASSWORD_CHECKS_WAITING) throw new PasswordChecksBusy();
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running++;
  }
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, so `running` only drops when nobody waits.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** How many checks run and wait right now (for tests and the health page). */
export function passwordCheckLoad() {
  return { running, waiting: waiting.length };
}
