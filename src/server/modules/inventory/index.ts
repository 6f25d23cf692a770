import type { AppContext, AppModule } from "../../context.js";
import { scoped } from "../auth/index.js";
import { botRoutes, sellerRoutes } from "./routes.js";

export {
  applyMovement,
  type Balance,
  checkMovementWrites,
  InsufficientInventoryError,
  type ItemQuantity,
  type Movement,
  type MovementWrites,
  mergeQuantities,
  movementWrites,
} from "./ledger.js";
export { availableUnits, type InventoryCreditedEvent, moveInventory } from "./service.js";

import { type InventoryCreditedEvent, inventoryCreditedHook } from "./service.js";

/** Subscribes to inventory credits (deposits, grants, releases); call it from a module's plugin. Idempotent listeners. */
export function onInventoryCredited(
  ctx: AppContext,
  listener: (event: InventoryCreditedEvent) => Promise<void>,
): void {
  inventoryCreditedHook.on(ctx, listener);
}

/** The inventory ledger: every deposit, reservation, release, delivery and grant is a row; balances never go negative. */
export const inventoryModule: AppModule = {
  name: "inventory",
  prefixes: ["/api/inventory", "/api/admin/users/"],
  async plugin(app, { ctx }) {
    inventoryCreditedHook.define(ctx);
    await scoped(app, ctx, "seller", (r) => sellerRoutes(r, ctx));
    await scoped(app, ctx, "bot", (r) => botRoutes(r, ctx));
  },
};
