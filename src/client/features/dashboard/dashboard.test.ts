import { describe, expect, it } from "vitest";
import { dayLabel, formatUsd } from "./dashboard";

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
