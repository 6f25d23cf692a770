import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type App, buildApp } from "../../src/server/app.js";
import { testConfig } from "../../src/server/config.js";
import { createItem, grant, uniqueName } from "./bot-fixtures.js";
import { EventStream, listenersOf } from "./event-stream.js";
import { DRIVERS, useTestApp } from "./harness.js";
import { signIn } from "./helpers.js";

describe.each(DRIVERS)("GET /api/events (Server-Sent Events) on %s", (driver) => {
  const t = useTestApp(driver);
  let base = "";
  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: "127.0.0.1" });
  });

  /**
   * A new seller whose events this instance hears, and a count of the NOTIFY statements sent from now on (`notify`
   * is the spy on the database's queries); `stop` ends both.
   */
  async function listenAsNewSeller(prefix: string) {
    const seller = await signIn(t.app, uniqueName(prefix));
    const heard: string[] = [];
    const unsubscribe = t.app.ctx.events.subscribe(seller.userId, (e) => heard.push(e.type));
    const notify = vi.spyOn(t.app.ctx.database.raw, "query");
    const notifications = () => notify.mock.calls.filter(([text]) => text.includes("pg_notify")).length;
    const stop = () => {
      notify.mockRestore();
      unsubscribe();
    };
    return { seller, heard, notify, notifications, stop };
  }

  it("refuses anonymous callers with a JSON 401", async () => {
    const res = await fetch(`${base}/api/events`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: "Unauthorized" });
  });

  it("streams the signed-in seller's own events, not other sellers'", async () => {
    const seller = await signIn(t.app, uniqueName("Sse"));
    const other = await signIn(t.app, uniqueName("Sso"));
    const item = await createItem(t.app, "mm2");
    const stream = new EventStream(`${base}/api/events`, seller.cookie);
    try {
      const res = await stream.open();
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
      expect(res.headers.get("cache-control")).toContain("no-cache");
      await expect.poll(() => listenersOf(t.app, seller.userId)).toBe(1);

      await grant(t.app, other.userId, item.id, 1);
      await t.app.ctx.events.publish({ userId: seller.userId, type: "bots" });
      expect(await stream.next()).toEqual({ type: "bots" });

      await grant(t.app, seller.userId, item.id, 2);
      expect(await stream.next()).toEqual({ type: "inventory" });
    } finally {
      stream.close();
    }
  });

  it("notifies a transaction's events after it commits, never when it rolls back, and a burst in few statements", async () => {
    const { seller, heard, notify, notifications, stop } = await listenAsNewSeller("Sst");
    const { events } = t.app.ctx;
    try {
      await expect(
        t.app.ctx.db.transaction(async (tx) => {
          await events.publish({ userId: seller.userId, type: "bots" }, tx);
          throw new Error("rolled back");
        }),
      ).rejects.toThrow("rolled back");
      await t.app.ctx.db.transaction(async (tx) => {
        await events.publish({ userId: seller.userId, type: "orders" }, tx);
        // PostgreSQL would hold its notification lock from a NOTIFY here through the commit.
        expect(notifications()).toBe(0);
      });
      expect(notifications()).toBe(1);
      await expect.poll(() => heard).toEqual(["orders"]);

      notify.mockClear();
      await Promise.all(
        Array.from({ length: 50 }, () => events.publish({ userId: seller.userId, type: "inventory" })),
      );
      expect(notifications()).toBeLessThanOrEqual(2);
      await expect.poll(() => heard.filter((type) => type === "inventory").length).toBe(50);
      expect(heard).not.toContain("bots");
    } finally {
      stop();
    }
  });

  it("sends the hints of a window together, in one notification with each event once", async () => {
    const { seller, heard, notifications, stop } = await listenAsNewSeller("Ssh");
    const { events } = t.app.ctx;
    try {
      // As twenty order batches in a row hint their sellers' pages.
      for (let i = 0; i < 20; i++)
        events.hint([
          { userId: seller.userId, type: "orders" },
          { userId: seller.userId, type: "inventory" },
        ]);
      expect(notifications()).toBe(0);
      await expect.poll(() => heard).toEqual(["orders", "inventory"]);
      expect(notifications()).toBe(1);
    } finally {
      stop();
    }
  });

  it("drops the subscription when the browser disconnects", async () => {
    const seller = await signIn(t.app, uniqueName("Ssd"));
    const stream = new EventStream(`${base}/api/events`, seller.cookie);
    await stream.open();
    await expect.poll(() => listenersOf(t.app, seller.userId)).toBe(1);
    stream.close();
    await expect.poll(() => listenersOf(t.app, seller.userId)).toBe(0);
  });

  it("ends open streams when the app shuts down, so shutdown never waits for browsers", async () => {
    const extra = await buildApp(testConfig({ databaseUrl: t.app.ctx.config.databaseUrl }), {
      startJobs: false,
    });
    const extraBase = await extra.listen({ port: 0, host: "127.0.0.1" });
    const seller = await signIn(extra, uniqueName("Ssc"));
    const stream = new EventStream(`${extraBase}/api/events`, seller.cookie);
    await stream.open();
    const started = Date.now();
    await extra.close();
    expect(Date.now() - started).toBeLessThan(5000);
    await expect(stream.next(2000)).rejects.toThrow();
  });

  if (driver === "postgres") {
    describe("across instances", () => {
      let second: App;
      beforeAll(async () => {
        second = await buildApp(testConfig({ databaseUrl: t.app.ctx.config.databaseUrl }), {
          startJobs: false,
        });
      });
      afterAll(async () => {
        await second?.close();
      });

      it("delivers a change made on another instance (LISTEN/NOTIFY)", async () => {
        const seller = await signIn(t.app, uniqueName("Ssx"));
        const item = await createItem(t.app, "growagarden");
        const stream = new EventStream(`${base}/api/events`, seller.cookie);
        try {
          await stream.open();
          await expect.poll(() => listenersOf(t.app, seller.userId)).toBe(1);
          await grant(second, seller.userId, item.id, 1);
          expect(await stream.next()).toEqual({ type: "inventory" });
        } finally {
          stream.close();
        }
      });
    });
  }
});
