/**
 * `items` in an order drawn from `seed` (mulberry32, then Fisher–Yates), in place: the same seed, the same order. The
 * shuffled runs of both suites use it (scripts/e2e-shuffled.ts, vitest.config.ts).
 */
export function inSeededOrder<T>(items: T[], seed: number) {
  let state = seed | 0;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}
