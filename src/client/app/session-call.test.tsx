import { SIGNED_IN_HINT_COOKIE } from "@contract/session-hint";
import { render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { queryClient } from "@/lib/query-client";
import { fail, fakeServer, ok } from "@/test/fake-server";
import { seller } from "@/test/fixtures";
import { App } from "./app";

const STATS = { totalUsers: 1, totalOrders: 2, totalItemsDelivered: 3, activeListings: 4 };
const setHint = () => {
  // biome-ignore lint/suspicious/noDocumentCookie: the test plays the server's Set-Cookie
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=1; Path=/`;
};
const hintSet = () => document.cookie.includes(`${SIGNED_IN_HINT_COOKIE}=1`);

afterEach(() => {
  queryClient.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: the test plays the server's Set-Cookie
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=; Max-Age=0; Path=/`;
});

describe("the session call (GET /api/auth/me) for a visitor", () => {
  // The pages load lazily, as in the app: the first render of each waits for its chunk.
  it("is not made on the landing page by a browser that never signed in", async () => {
    // The fake server fails the test on any request it has no answer for, the session call included.
    fakeServer({ "GET /api/stats": ok(STATS) });
    render(<App />);
    expect(await screen.findByRole("link", { name: "Get Started" }, { timeout: 15_000 })).toBeVisible();
  });

  it("is not made on the login page by a browser that never signed in", async () => {
    fakeServer({});
    window.history.replaceState(null, "", "/login");
    render(<App />);
    expect(await screen.findByLabelText("ROBLOX Username", {}, { timeout: 15_000 })).toBeVisible();
  });

  it("is made where this browser signed in, and a 401 drops the hint", async () => {
    setHint();
    const server = fakeServer({ "GET /api/stats": ok(STATS), "GET /api/auth/me": fail(401, "Unauthorized") });
    render(<App />);
    await waitFor(() => expect(server.sent("GET", "/api/auth/me")).toHaveLength(1));
    await waitFor(() => expect(hintSet()).toBe(false));
  });

  it("sends a signed-in seller on from the landing page to the dashboard", async () => {
    setHint();
    fakeServer({
      "GET /api/auth/me": ok(seller({ setupCompleted: true })),
      "GET /api/dashboard?period=7d": ok({
        period: "7d",
        totalSales: "0",
        activeListings: 0,
        inventoryItems: 0,
        pendingOrders: 0,
        ordersPerDay: [],
        popularListings: [],
        recentActivity: [],
      }),
    });
    render(<App />);
    await waitFor(() => expect(window.location.pathname).toBe("/dashboard"));
  });
});
