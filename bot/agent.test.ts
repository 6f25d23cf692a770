import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { BotAgent } from "./agent.js";
import type { BotApiClient } from "./api-client.js";
import type { GameWorld } from "./sandbox-game.js";

describe("the reference bot agent's run loop", () => {
  it("leaves no abort listener behind between passes (no MaxListenersExceededWarning on a long run)", async () => {
    const agent = new BotAgent({ api: {} as BotApiClient, world: {} as GameWorld, game: "mm2" });
    const controller = new AbortController();
    const listenersSeen: number[] = [];
    agent.runOnce = async () => {
      listenersSeen.push(getEventListeners(controller.signal, "abort").length);
      if (listenersSeen.length === 15) controller.abort();
      return {
        bots: [],
        heartbeats: 0,
        deposits: 0,
        declined: 0,
        friendRequests: 0,
        completed: 0,
        errors: [],
      };
    };
    await agent.run(0, controller.signal);
    expect(listenersSeen).toHaveLength(15);
    expect(Math.max(...listenersSeen)).toBe(0);
  });

  it("stops waiting as soon as it is told to stop", async () => {
    const agent = new BotAgent({ api: {} as BotApiClient, world: {} as GameWorld, game: "mm2" });
    const controller = new AbortController();
    agent.runOnce = async () => {
      setTimeout(() => controller.abort(), 10);
      return {
        bots: [],
        heartbeats: 0,
        deposits: 0,
        declined: 0,
        friendRequests: 0,
        completed: 0,
        errors: [],
      };
    };
    const started = Date.now();
    await agent.run(60_000, controller.signal);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
