import { describe, expect, it } from "vitest";
import { apiOrderCursor } from "./cursor.js";

describe("the API's order cursors", () => {
  const position = { at: "2026-11-26T04:00:00.123Z", id: "5f0c2a9e-2f7e-4d8f-9a57-3b1c3c1f6c11" };

  it("keeps the published format (base64url of time|id) and round-trips the last order's time and id", () => {
    expect(apiOrderCursor.encode(position)).toBe(
      "MjAyNi0xMS0yNlQwNDowMDowMC4xMjNafDVmMGMyYTllLTJmN2UtNGQ4Zi05YTU3LTNiMWMzYzFmNmMxMQ",
    );
    expect(apiOrderCursor.decode(apiOrderCursor.encode(position))).toEqual(position);
  });

  it.each(["", "garbage", Buffer.from("2026-11-26T04:00:00Z|not-a-uuid").toString("base64url")])(
    "refuses %j",
    (text) => {
      expect(apiOrderCursor.decode(text)).toBeNull();
    },
  );
});
