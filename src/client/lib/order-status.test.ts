import { describe, expect, it } from "vitest";
import { statusDisplay } from "./order-status";

describe("status display", () => {
  it("keeps the three known statuses and shows anything else as failed", () => {
    expect(statusDisplay("unclaimed")).toBe("unclaimed");
    expect(statusDisplay("pending")).toBe("pending");
    expect(statusDisplay("completed")).toBe("completed");
    expect(statusDisplay("failed_no_stock")).toBe("failed");
    expect(statusDisplay("whatever")).toBe("failed");
    expect(statusDisplay("awaiting_payment")).toBe("awaiting_payment");
    expect(statusDisplay("cancelled")).toBe("cancelled");
    expect(statusDisplay("refunded")).toBe("refunded");
  });
});
