import type { AppContext } from "../context.js";
import { discountCodes } from "../db/schema/index.js";

/** The sandbox's discount code (docs/sandbox.md): 20% off either plan, so a tester can try one without an admin. */
const DEMO_DISCOUNT_CODE = "DEMO20";

export async function seedDiscountCodes(ctx: AppContext): Promise<void> {
  if (!ctx.config.sandbox) return;
  await ctx.db
    .insert(discountCodes)
    .values({ code: DEMO_DISCOUNT_CODE, discountPercentage: 20, applicablePlans: "both", maxUsage: 1000 })
    .onConflictDoNothing();
}
