/**
 * Turns any thrown value into the friendly text a user sees (spec 000 §8 and 001 §8).
 * Pure: no DOM, no React, so it is unit-tested row by row.
 */

export const GENERIC_ERROR = "Something went wrong. Please try again.";
const AUTH_FALLBACK = "Authentication required. Please log in.";
const CONNECTION_FALLBACK = "Connection problem. Please try again.";
const PLAIN_TEXT_MAX_LENGTH = 300;

const NO_PERMISSION = "You don't have permission to perform this action.";
const NOT_FOUND = "The requested item could not be found.";
const INVALID_KEY = "This subscription key is invalid or has already been used.";

/**
 * The catalogue, matched case-insensitively by containment. More specific phrases come before the phrases they
 * contain ("key not found" before "not found"), so the most specific row wins.
 */
const KNOWN_ERRORS: ReadonlyArray<readonly [phrase: string, shown: string]> = [
  ["invalid or already used key", INVALID_KEY],
  ["invalid or used key", INVALID_KEY],
  // Keys never expire (decision 035); the row is §8's, kept so the catalogue stays the spec's.
  ["subscription key expired", "This subscription key has expired."],
  ["key not found", "This subscription key was not found."],
  ["webhook configuration failed", "Unable to configure webhooks. Please check your settings."],
  ["failed to configure", "Configuration failed. Please try again."],
  ["network request failed", "Connection problem. Please check your internet and try again."],
  ["failed to fetch", "Unable to connect. Please try again."],
  ["insufficient permissions", NO_PERMISSION],
  ["resource not found", NOT_FOUND],
  ["internal server error", "Server error. Please try again later."],
  ["service unavailable", "Service is temporarily unavailable. Please try again later."],
  ["rate limit exceeded", "Too many requests. Please wait a moment and try again."],
  ["invalid credentials", "Login failed. Please check your username."],
  ["validation failed", "Please check your input and try again."],
  ["token expired", "Your session has expired. Please log in again."],
  ["unauthorized", "Please log in to continue."],
  ["forbidden", NO_PERMISSION],
  ["bad request", "Invalid request. Please check your input."],
  ["not found", NOT_FOUND],
  ["conflict", "This action conflicts with existing data."],
];

/** Errors the JavaScript runtime raises (a failed fetch is a TypeError): never a message meant for users. */
const RUNTIME_ERROR_NAMES = new Set(["TypeError", "ReferenceError", "SyntaxError", "RangeError"]);

/** Signs of a programming error or a dump rather than a sentence. */
const TECHNICAL_HINTS =
  /[{}[\]]|\bstack\b|\n\s*at\s|TypeError|ReferenceError|SyntaxError|is not a function|is not defined|cannot read propert|undefined/i;

function rawText(err: unknown): string {
  if (typeof err === "string") return err;
  if (err instanceof Error) {
    return RUNTIME_ERROR_NAMES.has(err.name) ? `${err.name}: ${err.message}` : err.message;
  }
  if (err && typeof err === "object") {
    const { error, message } = err as { error?: unknown; message?: unknown };
    if (typeof error === "string") return error;
    if (typeof message === "string") return message;
  }
  return "";
}

function messageFromJson(text: string): string | null {
  if (!text.startsWith("{")) return null;
  try {
    const body: unknown = JSON.parse(text);
    if (!body || typeof body !== "object") return null;
    const { error, message } = body as { error?: unknown; message?: unknown };
    if (typeof error === "string" && error.trim()) return error.trim();
    if (typeof message === "string" && message.trim()) return message.trim();
  } catch {
    // Not JSON after all: handled as text below.
  }
  return null;
}

export function normalizeError(err: unknown): string {
  const text = rawText(err)
    .trim()
    .replace(/^\d{3}\s*:\s*/, "")
    .trim();
  if (!text) return GENERIC_ERROR;

  const fromJson = messageFromJson(text);
  if (fromJson) return fromJson;

  if (text.length < PLAIN_TEXT_MAX_LENGTH && !TECHNICAL_HINTS.test(text)) return text;

  const lower = text.toLowerCase();
  for (const [phrase, shown] of KNOWN_ERRORS) {
    if (lower.includes(phrase)) return shown;
  }
  if (/\b(auth|login)/i.test(text)) return AUTH_FALLBACK;
  if (/\b(connection|network)/i.test(text)) return CONNECTION_FALLBACK;
  return GENERIC_ERROR;
}
