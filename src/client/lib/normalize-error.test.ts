import { describe, expect, it } from "vitest";
import { ApiError } from "./api";
import { GENERIC_ERROR, normalizeError } from "./normalize-error";

/** Spec 000 §8, row by row ("Contains" as written in the spec, {product} = item). */
const CATALOGUE: Array<[contains: string, shown: string]> = [
  ["Network request failed", "Connection problem. Please check your internet and try again."],
  ["Failed to fetch", "Unable to connect. Please try again."],
  ["Unauthorized", "Please log in to continue."],
  ["Forbidden", "You don't have permission to perform this action."],
  ["Not found", "The requested item could not be found."],
  ["Internal server error", "Server error. Please try again later."],
  ["Bad request", "Invalid request. Please check your input."],
  ["Validation failed", "Please check your input and try again."],
  ["Invalid credentials", "Login failed. Please check your username."],
  ["Token expired", "Your session has expired. Please log in again."],
  ["Rate limit exceeded", "Too many requests. Please wait a moment and try again."],
  ["Insufficient permissions", "You don't have permission to perform this action."],
  ["Resource not found", "The requested item could not be found."],
  ["Conflict", "This action conflicts with existing data."],
  ["Service unavailable", "Service is temporarily unavailable. Please try again later."],
  ["invalid or already used key", "This subscription key is invalid or has already been used."],
  ["invalid or used key", "This subscription key is invalid or has already been used."],
  ["key not found", "This subscription key was not found."],
  ["subscription key expired", "This subscription key has expired."],
  ["failed to configure", "Configuration failed. Please try again."],
  ["webhook configuration failed", "Unable to configure webhooks. Please check your settings."],
];

describe("normalizeError: the catalogue", () => {
  // A JSON body without an error/message string is not plain text, so it goes through the table.
  it.each(CATALOGUE)("maps text containing %j", (contains, shown) => {
    expect(normalizeError(new ApiError(500, JSON.stringify({ detail: `Upstream: ${contains}` })))).toBe(
      shown,
    );
  });

  it.each(CATALOGUE)("matches %j case-insensitively inside long text", (contains, shown) => {
    const long = `${"x".repeat(320)} ${contains.toUpperCase()} ${"y".repeat(20)}`;
    expect(normalizeError(long)).toBe(shown);
  });

  it("maps the runtime errors of a failed fetch", () => {
    expect(normalizeError(new TypeError("Failed to fetch"))).toBe("Unable to connect. Please try again.");
    expect(normalizeError(new TypeError("Network request failed"))).toBe(
      "Connection problem. Please check your internet and try again.",
    );
  });

  it("lets the most specific phrase win", () => {
    expect(normalizeError("[key not found]")).toBe("This subscription key was not found.");
    expect(normalizeError("[Resource not found]")).toBe("The requested item could not be found.");
    expect(normalizeError("[webhook configuration failed]")).toBe(
      "Unable to configure webhooks. Please check your settings.",
    );
  });
});

describe("normalizeError: extraction", () => {
  it("uses the error string of a JSON body, after the numeric status prefix", () => {
    expect(normalizeError(new ApiError(400, '{"error":"Listing not found"}'))).toBe("Listing not found");
    expect(normalizeError('409: {"error":"Only one withdrawal at a time"}')).toBe(
      "Only one withdrawal at a time",
    );
  });

  it("uses the message string when there is no error string", () => {
    expect(normalizeError('500: {"message":"Bot offline"}')).toBe("Bot offline");
    expect(normalizeError('{"error":{"code":1},"message":"Use message"}')).toBe("Use message");
    expect(normalizeError('{"error":"Error wins","message":"not this"}')).toBe("Error wins");
  });

  it("reads error and message fields of plain objects", () => {
    expect(normalizeError({ error: "Out of stock" })).toBe("Out of stock");
    expect(normalizeError({ message: "Try later" })).toBe("Try later");
  });

  it("strips a leading numeric status prefix from plain text", () => {
    expect(normalizeError("403: You cannot edit this listing")).toBe("You cannot edit this listing");
    expect(normalizeError(new ApiError(422, "Stock must be at least 1"))).toBe("Stock must be at least 1");
  });
});

describe("normalizeError: plain short text", () => {
  it("shows plain text shorter than 300 characters as is", () => {
    expect(normalizeError("Listing limit reached for your plan")).toBe("Listing limit reached for your plan");
    expect(normalizeError(new Error("Unauthorized"))).toBe("Unauthorized");
    const justShort = "a".repeat(299);
    expect(normalizeError(justShort)).toBe(justShort);
  });

  it("does not show text of 300 characters or more", () => {
    expect(normalizeError("a".repeat(300))).toBe(GENERIC_ERROR);
  });

  it.each([
    ["braces", "Unexpected {token}"],
    ["brackets", "Failed items [1, 2]"],
    ["a stack", "Error: boom\n    at handler (server.js:10:5)"],
    ["the word stack", "Maximum call stack size exceeded"],
    ["a type error", "TypeError: x is not a function"],
    ["undefined", "Cannot read properties of undefined (reading 'id')"],
  ])("does not show text with %s as is", (_hint, text) => {
    expect(normalizeError(text)).toBe(GENERIC_ERROR);
  });
});

describe("normalizeError: fallbacks", () => {
  it("answers auth or login alone with the authentication text", () => {
    expect(normalizeError("[auth] session missing")).toBe("Authentication required. Please log in.");
    expect(normalizeError('{"detail":"login step failed"}')).toBe("Authentication required. Please log in.");
  });

  it("answers connection or network alone with the connection text", () => {
    expect(normalizeError("[connection] reset by peer")).toBe("Connection problem. Please try again.");
    expect(normalizeError('{"detail":"network unreachable"}')).toBe("Connection problem. Please try again.");
  });

  it.each([
    ["an empty string", ""],
    ["blank text", "   "],
    ["a bare status prefix", "500: "],
    ["an error without message", new Error("")],
    ["null", null],
    ["undefined", undefined],
    ["an object without text", { code: 7 }],
    ["a number", 42],
    ["unknown JSON", '{"foo":"bar"}'],
    ["an unknown runtime error", new TypeError("x is not iterable")],
  ])("answers %s with the generic text", (_what, err) => {
    expect(normalizeError(err)).toBe(GENERIC_ERROR);
  });
});
