import { and, eq } from "drizzle-orm";
import { sandboxShopifyVariants } from "../../../../db/schema/index.js";
import { type GraphqlContext, gid, idOf, requireScope } from "./common.js";

/** Setting a variant's available quantity at the shop's location. */
export const inventoryResolvers = {
  inventorySetQuantities: async (
    {
      input,
    }: {
      input: {
        name: string;
        reason: string;
        quantities: {
          inventoryItemId: string;
          locationId: string;
          quantity: number;
          changeFromQuantity?: number | null;
        }[];
      };
    },
    ctx: GraphqlContext,
  ) => {
    requireScope(ctx, "inventorySetQuantities", "write_inventory");
    type Problem = { field: string[]; message: string; code: string };
    const fail = (userErrors: Problem[]) => ({ inventoryAdjustmentGroup: null, userErrors });
    if (!["available", "on_hand"].includes(input.name)) {
      return fail([
        {
          field: ["input", "name"],
          message: "The quantity name must be either 'available' or 'on_hand'.",
          code: "INVALID_NAME",
        },
      ]);
    }
    const userErrors: Problem[] = [];
    const updates: { itemId: string; quantity: number }[] = [];
    for (const [i, q] of input.quantities.entries()) {
      const at = ["input", "quantities", String(i)];
      const itemId = idOf("InventoryItem", q.inventoryItemId);
      const [variant] = itemId
        ? await ctx.db
            .select()
            .from(sandboxShopifyVariants)
            .where(
              and(
                eq(sandboxShopifyVariants.shop, ctx.shop.domain),
                eq(sandboxShopifyVariants.inventoryItemId, itemId),
              ),
            )
        : [];
      if (idOf("Location", q.locationId) !== ctx.shop.locationId) {
        userErrors.push({
          field: [...at, "locationId"],
          message: "The specified location could not be found.",
          code: "INVALID_LOCATION",
        });
      } else if (!variant) {
        userErrors.push({
          field: [...at, "inventoryItemId"],
          message: "The specified inventory item could not be found.",
          code: "INVALID_INVENTORY_ITEM",
        });
      } else if (!("changeFromQuantity" in q)) {
        // Since 2026-04 the compare-and-swap value is mandatory (null opts out).
        userErrors.push({
          field: [...at, "changeFromQuantity"],
          message: "changeFromQuantity is required.",
          code: "CHANGE_FROM_QUANTITY_REQUIRED",
        });
      } else if (q.changeFromQuantity !== null && q.changeFromQuantity !== variant.inventoryQuantity) {
        userErrors.push({
          field: [...at, "changeFromQuantity"],
          message: "The quantity has changed since it was read.",
          code: "CHANGE_FROM_QUANTITY_STALE",
        });
      } else {
        updates.push({ itemId: variant.inventoryItemId, quantity: q.quantity });
      }
    }
    if (userErrors.length) return fail(userErrors);
    for (const u of updates) {
      await ctx.db
        .update(sandboxShopifyVariants)
        .set({ inventoryQuantity: u.quantity })
        .where(
          and(
            eq(sandboxShopifyVariants.shop, ctx.shop.domain),
            eq(sandboxShopifyVariants.inventoryItemId, u.itemId),
          ),
        );
    }
    return {
      inventoryAdjustmentGroup: {
        id: gid("InventoryAdjustmentGroup", String(Date.now())),
        reason: input.reason,
        createdAt: new Date().toISOString(),
      },
      userErrors: [],
    };
  },
};
