import type { QueryFunction } from "@tanstack/react-query";

/** A non-OK HTTP answer. The message is `${status}: ${response text or status text}` (spec 000 §8). */
export class ApiError extends Error {
  readonly status: number;
  /** The server's `error` field when the body is JSON, else the body text (or the status text). */
  readonly detail: string;

  constructor(status: number, text: string) {
    super(`${status}: ${text}`);
    this.name = "ApiError";
    this.status = status;
    this.detail = errorField(text) ?? text;
  }
}

function errorField(text: string): string | null {
  try {
    const body = JSON.parse(text) as { error?: unknown };
    return typeof body?.error === "string" ? body.error : null;
  } catch {
    return null;
  }
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text().catch(() => "")) || res.statusText;
  throw new ApiError(res.status, text);
}

async function parseBody<T>(res: Response): Promise<T> {
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

/**
 * Sends a JSON request with the session cookie (for mutations) and returns the parsed JSON answer
 * (null for an empty body). Any non-OK answer throws an ApiError.
 */
export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(url, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "include",
  });
  await throwIfNotOk(res);
  return parseBody<T>(res);
}

export type UnauthorizedBehavior = "returnNull" | "throw";

/**
 * The default data fetcher: GET the URL in the first element of the query key and parse the JSON.
 * With on401 "returnNull" a 401 answer yields null instead of an error.
 */
export function getQueryFn<T>({ on401 = "throw" }: { on401?: UnauthorizedBehavior } = {}): QueryFunction<T> {
  return async ({ queryKey, signal }) => {
    const res = await fetch(String(queryKey[0]), { credentials: "include", signal });
    if (on401 === "returnNull" && res.status === 401) return null as T;
    await throwIfNotOk(res);
    return parseBody<T>(res);
  };
}
