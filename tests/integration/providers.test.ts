import { describe, expect, it } from "vitest";
import { testConfig } from "../../src/server/config.js";
import type { RobloxProvider } from "../../src/server/integrations/roblox/index.js";
import { createRobloxProvider } from "../../src/server/integrations/roblox/index.js";
import { DRIVERS, useTestApp } from "./harness.js";

/** A Roblox that knows one user and records the friend requests it was asked to send. */
function fakeRoblox(): RobloxProvider & { friendRequests: [string, number][] } {
  const friendRequests: [string, number][] = [];
  const user = { id: 777, name: "FakeBuyer", displayName: "Fake Buyer" };
  return {
    friendRequests,
    findUserByUsername: async (name) => (name.toLowerCase() === "fakebuyer" ? user : null),
    getUser: async (id) => (id === user.id ? { ...user, description: "" } : null),
    getHeadshotUrl: async (id) => (id === user.id ? "https://cdn.example/fake.png" : null),
    sendFriendRequestNow: async (botUsername, toUserId) => {
      friendRequests.push([botUsername, toUserId]);
      return false;
    },
  };
}

describe.each(DRIVERS)("providers handed in through buildApp (%s)", (driver) => {
  const roblox = fakeRoblox();
  const t = useTestApp(driver, { providers: { roblox } });

  it("answers Roblox lookups from the fake, not the sandbox emulator", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/orders/claim/validate-username",
      payload: { username: "FakeBuyer" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      userId: 777,
      username: "FakeBuyer",
      displayName: "Fake Buyer",
      imageUrl: "https://cdn.example/fake.png",
    });
    const avatar = await t.app.inject({ method: "GET", url: "/api/roblox/avatar/777" });
    expect(avatar.headers.location).toBe("https://cdn.example/fake.png");
  });
});

describe("the Roblox provider's friend request", () => {
  const calls: string[] = [];
  const fetch = async (url: string) => {
    calls.push(url);
    return new Response(JSON.stringify({ ok: true }), { status: 201 });
  };
  const log = { warn: () => {} } as never;

  it("goes to the sandbox's emulated game at once in sandbox mode", async () => {
    const config = testConfig({ publicUrl: "http://app.test" });
    const roblox = createRobloxProvider({ config, fetch, log });
    expect(await roblox.sendFriendRequestNow("Bot", 5)).toBe(true);
    expect(calls).toEqual(["http://app.test/__sandbox/roblox/friend-requests"]);
  });

  it("is left to the bot agent against real Roblox (no call)", async () => {
    calls.length = 0;
    const roblox = createRobloxProvider({ config: testConfig({ sandbox: false }), fetch, log });
    expect(await roblox.sendFriendRequestNow("Bot", 5)).toBe(false);
    expect(calls).toEqual([]);
  });
});
