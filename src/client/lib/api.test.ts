import { defineEndpoint, endpointUrl } from "@contract/endpoint";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ApiContractError, ApiError, api } from "./api";
import { createQueryClient } from "./query-client";

function stubFetch(response: Response) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => response);
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

const rename = defineEndpoint({
  method: "PATCH",
  path: "/api/things/:id/names/:name",
  params: z.object({ id: z.string(), name: z.string() }),
  query: z.object({ notify: z.boolean().optional(), page: z.number().optional() }),
  body: z.object({ label: z.string() }),
  response: z.object({ id: z.string(), label: z.string() }),
});
const logout = defineEndpoint({
  method: "POST",
  path: "/api/logout",
  response: z.object({ ok: z.literal(true) }),
});
const forget = defineEndpoint({ method: "DELETE", path: "/api/forget", response: z.null(), status: 204 });

describe("endpointUrl", () => {
  it("encodes path parameters and writes the defined query values in order", () => {
    expect(
      endpointUrl(rename, { params: { id: "a/b", name: "x y@z" }, query: { notify: true, page: undefined } }),
    ).toBe("/api/things/a%2Fb/names/x%20y%40z?notify=true");
    expect(endpointUrl(logout, {})).toBe("/api/logout");
  });
});

describe("api", () => {
  it("sends the method, JSON body and cookies to the built URL and returns the parsed answer", async () => {
    const fetchMock = stubFetch(Response.json({ id: "1", label: "new", extra: "dropped" }));
    const answer = await api(rename, {
      params: { id: "1", name: "old" },
      query: { page: 2 },
      body: { label: "new" },
    });
    expect(answer).toEqual({ id: "1", label: "new" });
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/things/1/names/old?page=2");
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({
      method: "PATCH",
      credentials: "include",
      headers: { "Content-Type": "application/json" },
      body: '{"label":"new"}',
    });
  });

  it("sends no body nor content type without one", async () => {
    const fetchMock = stubFetch(Response.json({ ok: true }));
    await expect(api(logout)).resolves.toEqual({ ok: true });
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ method: "POST", headers: {} });
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBeUndefined();
  });

  it("reads an empty answer as null", async () => {
    stubFetch(new Response(null, { status: 204 }));
    await expect(api(forget)).resolves.toBeNull();
  });

  it("refuses an answer the response schema does not accept, naming the endpoint and the field", async () => {
    stubFetch(Response.json({ id: 1 }));
    const err = await api(rename, { params: { id: "1", name: "n" }, query: {}, body: { label: "l" } }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ApiContractError);
    expect((err as Error).message).toMatch(
      /^Unexpected answer from PATCH \/api\/things\/:id\/names\/:name: id: /,
    );
    expect((err as Error).message).toContain("label: ");

    stubFetch(new Response("<html>", { status: 200 }));
    await expect(api(logout)).rejects.toThrow(
      "Unexpected answer from POST /api/logout: the answer is not JSON",
    );
  });

  it('throws "status: text" for a non-OK answer, falling back to the status text', async () => {
    stubFetch(new Response('{"error":"username: is required"}', { status: 400 }));
    const err = await api(logout).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(400);
    expect((err as ApiError).detail).toBe("username: is required");
    expect((err as Error).message).toBe('400: {"error":"username: is required"}');

    stubFetch(new Response("", { status: 503, statusText: "Service Unavailable" }));
    await expect(api(logout)).rejects.toThrow("503: Service Unavailable");
  });

  it("passes the query's abort signal on", async () => {
    const fetchMock = stubFetch(Response.json({ ok: true }));
    const controller = new AbortController();
    await api(logout, {}, { signal: controller.signal });
    expect(fetchMock.mock.calls[0]?.[1]?.signal).toBe(controller.signal);
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
