import { describe, expect, it } from "vitest";
import { ApiError } from "./api";
import { errorText } from "./error-toast";
import { GENERIC_ERROR } from "./normalize-error";

describe("errorText", () => {
  it("shows the server's error field", () => {
    const err = new ApiError(400, JSON.stringify({ error: "Whitelist is full (maximum 10 users)" }));
    expect(errorText(err, "Failed to add user to whitelist")).toBe("Whitelist is full (maximum 10 users)");
  });

  it("falls back to the action's text when the error says nothing useful", () => {
    expect(errorText(new ApiError(500, "{}"), "Failed to add stock")).toBe("Failed to add stock");
    expect(errorText(null, "Failed to delete listing")).toBe("Failed to delete listing");
  });

  it("keeps the generic sentence without a fallback, and catalogue texts with one", () => {
    expect(errorText(null)).toBe(GENERIC_ERROR);
    expect(errorText(new TypeError("Failed to fetch"), "Failed to link items")).toBe(
      "Unable to connect. Please try again.",
    );
  });

  it("shows a plain validation text as is", () => {
    expect(errorText("Please select at least one item")).toBe("Please select at least one item");
  });
});
