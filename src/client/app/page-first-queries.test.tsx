import { PAGE_FIRST_CALLS } from "@contract/page-first-calls";
import { SIGNED_IN_HINT_COOKIE } from "@contract/session-hint";
import { waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { fail, fakeServer } from "@/test/fake-server";
import { startFirstQueries } from "./page-first-queries";

const setHint = (value: string) => {
  // biome-ignore lint/suspicious/noDocumentCookie: the test plays the server's Set-Cookie
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=${value}; Path=/`;
};

afterEach(() => setHint("; Max-Age=0"));

describe("a seller screen's first queries, started with the app", () => {
  it.each(Object.entries(PAGE_FIRST_CALLS))(
    "on %s ask exactly the calls its HTML preloads",
    async (path, calls = []) => {
      setHint("1");
      const server = fakeServer(
        Object.fromEntries(calls.map((url) => [`GET ${url}`, fail(503, "unavailable")])),
      );
      startFirstQueries(createQueryClient(), `${path}/`);
      await waitFor(() => expect(server.requests.map((request) => request.path)).toEqual(calls));
    },
  );

  it("are not started in a browser without the signed-in hint", async () => {
    const server = fakeServer({});
    startFirstQueries(createQueryClient(), "/orders");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.requests).toEqual([]);
  });
});
