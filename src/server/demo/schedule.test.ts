import { describe, expect, it } from "vitest";
import { chartDayStarts, DAY_MS, utcDayStart } from "../../contract/dashboard.js";
import { demoOrderSchedule, seededRandom } from "./schedule.js";

const MINUTE = 60_000;

describe("demo order schedule", () => {
  // Every half hour across two days that span a month end, plus the first and last minutes of a day.
  const start = Date.parse("2026-11-29T00:00:00Z");
  const clocks = [
    ...Array.from({ length: 96 }, (_, i) => start + i * 30 * MINUTE),
    Date.parse("2026-12-01T00:00:00Z"),
    Date.parse("2026-12-01T00:00:59Z"),
    Date.parse("2026-11-30T23:59:59.999Z"),
    Date.parse("2026-11-24T05:51:00Z"),
  ];

  it("puts orders on every chart day and none after now, at any time of day", () => {
    for (const now of clocks) {
      const slots = demoOrderSchedule(now, 30, seededRandom(20_250_701));
      const at = new Date(now).toISOString();
      expect(
        slots.every((s) => s.placedAt <= now),
        at,
      ).toBe(true);
      for (const day of chartDayStarts(now)) {
        expect(
          slots.some((s) => s.placedAt >= day && s.placedAt < day + DAY_MS),
          `${at}: chart day ${new Date(day).toISOString()}`,
        ).toBe(true);
      }
    }
  });

  it("keeps each order inside the UTC day it is counted for", () => {
    for (const now of clocks) {
      for (const slot of demoOrderSchedule(now, 30, seededRandom(7))) {
        expect(utcDayStart(slot.placedAt)).toBe(utcDayStart(now) - slot.daysAgo * DAY_MS);
      }
    }
  });

  it("is the same for the same seed", () => {
    const now = Date.parse("2026-11-24T12:00:00Z");
    expect(demoOrderSchedule(now, 30, seededRandom(1))).toEqual(demoOrderSchedule(now, 30, seededRandom(1)));
  });
});
