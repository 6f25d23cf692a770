import { DAY_MS, utcDayStart } from "../../contract/dashboard.js";

/** A small deterministic PRNG (mulberry32), so every fresh demo database looks the same. */
export function seededRandom(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface DemoOrderSlot {
  /** Whole UTC days before today's (0 is today). */
  daysAgo: number;
  placedAt: number;
}

/**
 * When the demo orders were placed: 2 to 4 on each of the last `days` UTC days and today, every one inside its own
 * UTC day (the dashboard's day bucket) and never after `now`, whatever the time of day. Today's orders fall
 * between midnight and `now`.
 */
export function demoOrderSchedule(now: number, days: number, rand: () => number): DemoOrderSlot[] {
  const today = utcDayStart(now);
  const slots: DemoOrderSlot[] = [];
  for (let daysAgo = days; daysAgo >= 0; daysAgo--) {
    const dayStart = today - daysAgo * DAY_MS;
    const span = Math.min(DAY_MS, now - dayStart + 1);
    const perDay = 2 + Math.floor(rand() * 3);
    for (let n = 0; n < perDay; n++) slots.push({ daysAgo, placedAt: dayStart + Math.floor(rand() * span) });
  }
  return slots;
}
