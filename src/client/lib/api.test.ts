import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest, getQueryFn } from "./api";
import { createQueryClient } from "./query-client";

function stubFetch(response: Response) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => response);
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const queryContext = (url: string) =>
  ({ queryKey: [url], signal: new AbortController().signal, meta: undefined }) as never;

afterEach(() => vi.unstubAllGlobals());

describe("default fetcher", () => {
  it("GETs the URL in the first key element with cookies and parses the JSON", async () => {
    const fetchMock = stubFetch(Response.json({ totalUsers: 3 }));
    await expect(getQueryFn()(queryContext("/api/stats"))).resolves.toEqual({ totalUsers: 3 });
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/stats");
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ credentials: "include" });
  });

  it("throws on 401 by default and returns null when asked to", async () => {
    stubFetch(new Response('{"error":"Not signed in"}', { status: 401 }));
    await expect(getQueryFn()(queryContext("/api/auth/me"))).rejects.toThrow(
      '401: {"error":"Not signed in"}',
    );
    stubFetch(new Response("", { status: 401 }));
    await expect(getQueryFn({ on401: "returnNull" })(queryContext("/api/auth/me"))).resolves.toBeNull();
  });

  it("still throws other errors when 401 returns null", async () => {
    stubFetch(new Response("", { status: 500, statusText: "Internal Server Error" }));
    await expect(getQueryFn({ on401: "returnNull" })(queryContext("/api/auth/me"))).rejects.toThrow(
      "500: Internal Server Error",
    );
  });
});

describe("apiRequest", () => {
  it("sends JSON with cookies and returns the parsed answer", async () => {
    const fetchMock = stubFetch(Response.json({ success: true }));
    await expect(apiRequest("POST", "/api/auth/login", { username: "builder" })).resolves.toEqual({
      success: true,
    });
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({
      method: "POST",
      credentials: "include",
      headers: { "Content-Type": "application/json" },
      body: '{"username":"builder"}',
    });
  });

  it("returns null for an empty answer and sends no body without one", async () => {
    const fetchMock = stubFetch(new Response(null, { status: 204 }));
    await expect(apiRequest("POST", "/api/auth/logout")).resolves.toBeNull();
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBeUndefined();
  });

  it('throws "status: text" for a non-OK answer, falling back to the status text', async () => {
    stubFetch(new Response('{"error":"username: is required"}', { status: 400 }));
    const err = await apiRequest("POST", "/api/auth/login", {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(400);
    expect((err as Error).message).toBe('400: {"error":"username: is required"}');

    stubFetch(new Response("", { status: 503, statusText: "Service Unavailable" }));
    await expect(apiRequest("GET", "/api/x")).rejects.toThrow("503: Service Unavailable");
  });
});

describe("query client defaults", () => {
  it("never retries, never refetches on focus, never goes stale by time", () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({ retry: false, refetchOnWindowFocus: false, refetchInterval: false });
    expect(queries?.staleTime).toBe(Number.POSITIVE_INFINITY);
    expect(mutations?.retry).toBe(false);
  });
});
