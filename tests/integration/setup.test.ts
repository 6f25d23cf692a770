import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema/index.js";
import { uniqueName } from "./bot-fixtures.js";
import { DRIVERS, useTestApp } from "./harness.js";
import { signIn } from "./helpers.js";

describe.each(DRIVERS)("setup wizard completion on %s", (driver) => {
  const t = useTestApp(driver);
  const update = (headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: "POST", url: "/api/user/update-subscription", headers, payload });
  const row = async (id: string) => (await t.app.ctx.db.select().from(users).where(eq(users.id, id)))[0];

  it("needs a signed-in user and a setupCompleted flag", async () => {
    expect((await update({}, { tier: "free", setupCompleted: true })).statusCode).toBe(401);
    const user = await signIn(t.app, uniqueName("wizard"), { setupCompleted: false });
    const res = await update(user.headers, { tier: "free" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain("setupCompleted");
    expect((await update(user.headers, { tier: "gold", setupCompleted: true })).statusCode).toBe(400);
  });

  it("completes setup on the free plan", async () => {
    const user = await signIn(t.app, uniqueName("wizard"), { setupCompleted: false });
    const res = await update(user.headers, { tier: "free", setupCompleted: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, subscriptionTier: "free", setupCompleted: true });
    expect((await row(user.userId)).setupCompleted).toBe(true);
  });

  it("completes setup after a key was activated, keeping the paid plan", async () => {
    const user = await signIn(t.app, uniqueName("wizard"), { setupCompleted: false, tier: "basic" });
    const res = await update(user.headers, { setupCompleted: true });
    expect(res.json()).toEqual({ success: true, subscriptionTier: "basic", setupCompleted: true });
    // Choosing free in the wizard never takes a paid plan away.
    expect((await update(user.headers, { tier: "free", setupCompleted: true })).json().subscriptionTier).toBe(
      "basic",
    );
    expect((await row(user.userId)).subscriptionTier).toBe("basic");
  });

  it("refuses to grant a paid plan", async () => {
    const user = await signIn(t.app, uniqueName("wizard"), { setupCompleted: false });
    for (const tier of ["basic", "pro"]) {
      const res = await update(user.headers, { tier, setupCompleted: true });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: "Paid plans are activated by a payment or a subscription key" });
    }
    const after = await row(user.userId);
    expect(after.subscriptionTier).toBe("free");
    expect(after.setupCompleted).toBe(false);
  });
});
