import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { fixedClock } from "../../src/server/clock.js";
import { newSubscriptionKey, subscriptionKeyHash } from "../../src/server/crypto/tokens.js";
import { missing } from "../../src/server/db/rows.js";
import { subscriptionKeys, users } from "../../src/server/db/schema/index.js";
import { downgradeHandler } from "../../src/server/modules/subscriptions/index.js";
import { DRIVERS, useTestApp } from "./harness.js";
import { signIn } from "./helpers.js";
import { DAY, NOW, planOf } from "./payments-fixtures.js";

describe.each(DRIVERS)("subscription keys and expiry (%s)", (driver) => {
  const t = useTestApp(driver, { clock: fixedClock(NOW) });

  const issueKey = async (tier: "basic" | "pro") => {
    const res = await t.app.inject({
      method: "POST",
      url: "/__sandbox/subscription-keys",
      payload: { tier },
    });
    return res.json().key as string;
  };
  const redeem = (headers: { cookie: string }, key: string) =>
    t.app.inject({ method: "POST", url: "/api/subscription/use-key", headers, payload: { key } });

  it("adds 30 days of the key's tier, typed in any case and spacing, once", async () => {
    const seller = await signIn(t.app, "KeyHolder");
    const key = await issueKey("basic");
    const res = await redeem(seller.headers, `  ${key.toLowerCase()} `);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      subscriptionTier: "basic",
      subscriptionExpiry: new Date(NOW + 30 * DAY).toISOString(),
    });
    const [row] = await t.app.ctx.db
      .select()
      .from(subscriptionKeys)
      .where(eq(subscriptionKeys.keyHash, subscriptionKeyHash(key)));
    expect(row).toMatchObject({ usedByUserId: seller.userId, usedAt: new Date(NOW) });

    const again = await redeem(seller.headers, key);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: "This subscription key is invalid or has already been used." });
    expect(await planOf(t.app, seller.userId)).toEqual({ tier: "basic", expiry: new Date(NOW + 30 * DAY) });
  });

  it("activates a key sent twice at once for one request only", async () => {
    const first = await signIn(t.app, "KeyRaceA");
    const second = await signIn(t.app, "KeyRaceB");
    const key = await issueKey("pro");
    const answers = await Promise.all([redeem(first.headers, key), redeem(second.headers, key)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const plans = [await planOf(t.app, first.userId), await planOf(t.app, second.userId)];
    expect(plans.filter((p) => p.tier === "pro")).toHaveLength(1);
  });

  it("says which keys are malformed, unknown, or cannot apply to a lifetime plan (and keeps them unused)", async () => {
    const seller = await signIn(t.app, "KeyErrors");
    expect((await redeem(seller.headers, "NOT-A-KEY")).json()).toEqual({
      error: "This subscription key is invalid or has already been used.",
    });
    const unknown = await redeem(seller.headers, newSubscriptionKey());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: "This subscription key was not found." });
    const blank = await redeem(seller.headers, "   ");
    expect(blank.statusCode).toBe(400);

    await t.app.ctx.db
      .update(users)
      .set({ subscriptionTier: "pro", subscriptionExpiry: null })
      .where(eq(users.id, seller.userId));
    const key = await issueKey("pro");
    const lifetime = await redeem(seller.headers, key);
    expect(lifetime.json()).toEqual({ error: "Your Pro plan is already lifetime" });
    const [row = missing("row")] = await t.app.ctx.db
      .select()
      .from(subscriptionKeys)
      .where(eq(subscriptionKeys.keyHash, subscriptionKeyHash(key)));
    expect(row.usedAt).toBeNull();
  });

  it("downgrades expired plans to free, turns the API integration off, and keeps the expiry", async () => {
    const expired = await signIn(t.app, "KeyExpired", { tier: "pro" });
    const current = await signIn(t.app, "KeyCurrent", { tier: "basic" });
    await t.app.ctx.db
      .update(users)
      .set({ subscriptionExpiry: new Date(NOW - 1), apiIntegrationEnabled: true })
      .where(eq(users.id, expired.userId));
    await t.app.ctx.db
      .update(users)
      .set({ subscriptionExpiry: new Date(NOW + DAY), apiIntegrationEnabled: true })
      .where(eq(users.id, current.userId));

    await downgradeHandler(t.app.ctx)();

    const [gone] = await t.app.ctx.db.select().from(users).where(eq(users.id, expired.userId));
    expect(gone).toMatchObject({
      subscriptionTier: "free",
      apiIntegrationEnabled: false,
      subscriptionExpiry: new Date(NOW - 1),
    });
    const [kept] = await t.app.ctx.db.select().from(users).where(eq(users.id, current.userId));
    expect(kept).toMatchObject({ subscriptionTier: "basic", apiIntegrationEnabled: true });
  });
});
