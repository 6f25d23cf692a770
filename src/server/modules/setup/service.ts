import { eq } from "drizzle-orm";
import { hasPaidTier, type Tier } from "../../../contract/plans.js";
import { SETUP_TEXTS, type UpdateSubscriptionRequest } from "../../../contract/setup.js";
import type { AppContext } from "../../context.js";
import { missing } from "../../db/rows.js";
import { users } from "../../db/schema/auth.js";
import { forbidden } from "../../http/errors.js";
import type { SessionUser } from "../auth/index.js";

/**
 * POST /api/user/update-subscription: finishes the setup wizard. Only the free plan can be chosen here (paid
 * plans come from a payment or a key); choosing free never takes away a paid plan the seller already holds.
 */
export async function updateSubscription(
  ctx: AppContext,
  user: SessionUser,
  body: UpdateSubscriptionRequest,
): Promise<{ subscriptionTier: Tier; setupCompleted: boolean }> {
  if (body.tier && hasPaidTier(body.tier) && body.tier !== user.subscriptionTier)
    throw forbidden(SETUP_TEXTS.paidTierForbidden);
  return ctx.db.transaction(async (tx) => {
    const [updated = missing("the updated users row")] = await tx
      .update(users)
      .set({ setupCompleted: body.setupCompleted })
      .where(eq(users.id, user.id))
      .returning({ subscriptionTier: users.subscriptionTier, setupCompleted: users.setupCompleted });
    await ctx.events.publish({ userId: user.id, type: "user" }, tx);
    return { subscriptionTier: updated.subscriptionTier as Tier, setupCompleted: updated.setupCompleted };
  });
}
