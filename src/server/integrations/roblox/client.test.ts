import { describe, expect, it } from "vitest";
import { RobloxClient } from "./client.js";

describe("RobloxClient", () => {
  it("gives up on a Roblox that does not answer, so a login or claim answers 'unavailable' instead of hanging", async () => {
    const hanging = (_url: string, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
      });
    const client = new RobloxClient(
      hanging,
      { users: "http://roblox/users", thumbnails: "http://roblox/thumbs" },
      50,
    );
    await expect(client.findUserByUsername("DemoSeller")).rejects.toThrow(/timeout|aborted/i);
  });
});
