import type { AppModule } from "../../context.js";
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
export { moveInventory } from "./service.js";

/** The inventory ledger: every deposit, reservation, release, delivery and grant is a row; balances never go negative. */
export const inventoryModule: AppModule = {
  name: "inventory",
  prefixes: ["/api/inventory", "/api/admin/users/"],
  async plugin(app, { ctx }) {
    await scoped(app, ctx, "seller", (r) => sellerRoutes(r, ctx));
    await scoped(app, ctx, "bot", (r) => botRoutes(r, ctx));
  },
};
