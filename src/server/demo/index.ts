import type { AppContext } from "../context.js";
import { seedBots } from "./bots.js";
import { seedDiscountCodes } from "./discount-codes.js";
import { seedDemoUsers, seedItems } from "./items-and-users.js";
import { seedDemoShop } from "./shop.js";

interface SeedStep {
  name: string;
  run: (ctx: AppContext) => Promise<void>;
}

/**
 * The demo data, in order (later steps may rely on earlier ones: the demo users exist before their bots, shop,
 * listings and orders). Add a step with one line. Every start with SEED_DEMO on runs every step, so each must be
 * idempotent: create only what is missing (natural keys, ON CONFLICT DO NOTHING) and never overwrite what a
 * tester changed.
 */
export const SEED_STEPS: SeedStep[] = [
  { name: "items", run: seedItems },
  { name: "demo-users", run: seedDemoUsers },
  { name: "bots", run: seedBots },
  { name: "demo-shop", run: seedDemoShop },
  { name: "discount-codes", run: seedDiscountCodes },
];

const SEED_LOCK = 727275;

/** Seeds the demo data; instances starting together on one PostgreSQL take turns. */
export async function seedDemoData(ctx: AppContext): Promise<void> {
  await ctx.database.withLock(SEED_LOCK, async () => {
    for (const step of SEED_STEPS) {
      try {
        await step.run(ctx);
      } catch (err) {
        throw new Error(`Seeding demo data failed at step "${step.name}"`, { cause: err });
      }
    }
  });
}
