import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor } from "./cursor.js";

describe("order cursors", () => {
  it("round-trips the last order's time and id", () => {
    const cursor = {
      createdAt: new Date("2026-11-26T04:00:00.123Z"),
      id: "5f0c2a9e-2f7e-4d8f-9a57-3b1c3c1f6c11",
    };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
  });

  it.each(["", "garbage", Buffer.from("2026-11-26T04:00:00Z|not-a-uuid").toString("base64url")])(
    "refuses %j",
    (text) => {
      expect(decodeCursor(text)).toBeNull();
    },
  );
});
