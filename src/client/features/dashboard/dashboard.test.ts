import { describe, expect, it } from "vitest";
import { bucketLabel, changeLabel, dayLabel, durationLabel, formatUsd, shareLabel } from "./dashboard";

describe("formatUsd", () => {
  it("formats decimal strings exactly, with separators and cents", () => {
    expect(formatUsd("0")).toBe("$0.00");
    expect(formatUsd("12.5")).toBe("$12.50");
    expect(formatUsd("1234567.89")).toBe("$1,234,567.89");
    expect(formatUsd("1000")).toBe("$1,000.00");
    // A float would print 0.30000000000000004 somewhere along the way; the string arithmetic never does.
    expect(formatUsd("90071992547409.93")).toBe("$90,071,992,547,409.93");
  });

  it("rounds half up to cents and keeps the sign", () => {
    expect(formatUsd("2.005")).toBe("$2.01");
    expect(formatUsd("2.0049")).toBe("$2.00");
    expect(formatUsd("-3.5")).toBe("-$3.50");
    expect(formatUsd("-0.001")).toBe("$0.00");
  });

  it("shows anything that is not a decimal as given", () => {
    expect(formatUsd("n/a")).toBe("n/a");
  });
});

describe("dayLabel", () => {
  it("labels a UTC date without shifting it to the local day", () => {
    expect(dayLabel("2024-05-01")).toBe("May 1");
    expect(dayLabel("2024-12-31")).toBe("Dec 31");
  });
});

describe("analytics labels", () => {
  it("says a change with its sign, and nothing without a previous period", () => {
    expect(changeLabel(12.5)).toBe("+12.5%");
    expect(changeLabel(-3)).toBe("\u22123.0%");
    expect(changeLabel(0)).toBe("0.0%");
    expect(changeLabel(null)).toBeNull();
  });

  it("says durations in the largest units that fit", () => {
    expect(durationLabel(null)).toBe("No orders yet");
    expect(durationLabel(45)).toBe("45 s");
    expect(durationLabel(12 * 60 + 10)).toBe("12 min");
    expect(durationLabel(3 * 3600 + 5 * 60)).toBe("3 h 5 min");
    expect(durationLabel(2 * 86400)).toBe("2 d");
    expect(durationLabel(2 * 86400 + 4 * 3600 + 59)).toBe("2 d 4 h");
  });

  it("shares and bucket labels", () => {
    expect(shareLabel(4, 5)).toBe("80%");
    expect(shareLabel(0, 0)).toBe("\u2013");
    expect(bucketLabel("2026-05-01T15:00:00.000Z", "hour")).toBe("3 PM");
    expect(bucketLabel("2026-05-01T00:00:00.000Z", "day")).toBe("May 1");
  });
});
