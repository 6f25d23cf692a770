import type { AppContext } from "../../context.js";
import { jobHook } from "../../jobs/hook.js";

interface OrderClaimedEvent {
  orderId: string;
}

/** A buyer locked their Roblox username to an order for the first time (run after the claim committed). */
export const orderClaimedHook = jobHook<OrderClaimedEvent>("orders.claimed");

/** Subscribes to first claims; call it from a module's plugin. Listeners must be idempotent. */
export function onOrderClaimed(ctx: AppContext, listener: (event: OrderClaimedEvent) => Promise<void>): void {
  orderClaimedHook.on(ctx, listener);
}
