import { onTestFinished, vi } from "vitest";

/** A request the app sent: method, path with its query, and the parsed JSON body. */
interface SentRequest {
  method: string;
  path: string;
  body: unknown;
}

export interface Answer {
  status?: number;
  body?: unknown;
}

/** A fixed answer, or one computed from the request (a promise keeps the request in flight). */
export type Route = Answer | ((request: SentRequest) => Answer | Promise<Answer>);

export const ok = (body: unknown = { success: true }): Answer => ({ status: 200, body });
export const fail = (status: number, error: string): Answer => ({ status, body: { error } });

/**
 * Stands in for the server at the app's boundary, `fetch`: routes are keyed `"METHOD /path"` (with or without the
 * query), every request is recorded so a test can check what a user's action sent, and a request no route answers
 * fails the test. Components, hooks and the fetcher all run for real.
 */
export function fakeServer(routes: Record<string, Route>) {
  const requests: SentRequest[] = [];
  const unanswered: string[] = [];

  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), window.location.origin);
      const method = (init.method ?? "GET").toUpperCase();
      const request: SentRequest = {
        method,
        path: `${url.pathname}${url.search}`,
        body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
      };
      requests.push(request);
      const route = routes[`${method} ${request.path}`] ?? routes[`${method} ${url.pathname}`];
      if (route === undefined) {
        unanswered.push(`${method} ${request.path}`);
        return jsonResponse({ status: 501, body: { error: "Not implemented by the fake server" } });
      }
      return jsonResponse(typeof route === "function" ? await route(request) : route);
    }),
  );
  onTestFinished(() => {
    vi.unstubAllGlobals();
    if (unanswered.length > 0) throw new Error(`Requests no fake route answered: ${unanswered.join(", ")}`);
  });

  return {
    requests,
    /** Replaces or adds a route (the next request to it gets the new answer). */
    answer(key: string, route: Route) {
      routes[key] = route;
    },
    /** The JSON bodies sent as `METHOD /path`, in order. */
    sent(method: string, path: string): unknown[] {
      return requests.filter((r) => r.method === method && r.path === path).map((r) => r.body);
    },
  };
}

function jsonResponse({ status = 200, body = null }: Answer): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

/** An answer the test releases when it has looked at the in-flight state. */
export function heldAnswer(answer: Answer) {
  let release!: () => void;
  const released = new Promise<Answer>((resolve) => {
    release = () => resolve(answer);
  });
  return { route: () => released, release };
}
