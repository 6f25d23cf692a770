import { describe, expect, it } from "vitest";
import { afterHeartbeat, botStatusAt, onlineTimeLeft, turnedOn } from "./status.js";

const now = new Date("2030-01-01T12:00:00.000Z");
const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);

describe("bot status", () => {
  it("is offline without a window or once the window has ended", () => {
    expect(botStatusAt({ status: "online", onlineUntil: null }, now)).toBe("offline");
    expect(botStatusAt({ status: "online", onlineUntil: at(-1) }, now)).toBe("offline");
    expect(botStatusAt({ status: "pending_online", onlineUntil: now }, now)).toBe("offline");
    expect(onlineTimeLeft({ status: "online", onlineUntil: at(-1) }, now)).toBeNull();
  });

  it("turning on opens a 300 s pending_online window whose end is onlineTimeLeft", () => {
    const on = turnedOn({ status: "offline", onlineUntil: null }, now);
    expect(on).toEqual({ status: "pending_online", onlineUntil: at(300) });
    expect(botStatusAt(on, now)).toBe("pending_online");
    expect(onlineTimeLeft(on, now)).toBe("2030-01-01T12:05:00.000Z");
    expect(botStatusAt(on, at(300))).toBe("offline");
  });

  it("a heartbeat inside the window makes the bot online, outside it does nothing", () => {
    const on = turnedOn({ status: "offline", onlineUntil: null }, now);
    expect(botStatusAt(afterHeartbeat(on, at(10)), at(10))).toBe("online");
    expect(botStatusAt(afterHeartbeat(on, at(301)), at(301))).toBe("offline");
  });

  it("turning on an online bot keeps it online with a fresh window; a stale online flag restarts pending", () => {
    expect(turnedOn({ status: "online", onlineUntil: at(60) }, now)).toEqual({
      status: "online",
      onlineUntil: at(300),
    });
    expect(turnedOn({ status: "online", onlineUntil: at(-60) }, now).status).toBe("pending_online");
  });
});
