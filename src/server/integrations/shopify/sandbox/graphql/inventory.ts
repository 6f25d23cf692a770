import { and, eq } from "drizzle-orm";
import { GraphQLError, type GraphQLResolveInfo } from "graphql";
import { sandboxShopifyVariants } from "../../../../db/schema/index.js";
import { type GraphqlContext, gid, idOf, requireScope } from "./common.js";
import { runIdempotent } from "./idempotency.js";

const MAX_QUANTITY = 1_000_000_000;

interface QuantityInput {
  inventoryItemId: string;
  locationId: string;
  quantity: number;
  changeFromQuantity?: number | null;
}

interface SetQuantitiesArgs {
  input: { name: string; reason: string; referenceDocumentUri?: string | null; quantities: QuantityInput[] };
}

type Problem = { field: string[]; message: string; code: string };
const fail = (userErrors: Problem[]) => ({ inventoryAdjustmentGroup: null, userErrors });

/** From 2026-04 each quantity states changeFromQuantity: a number to compare with, or null to opt out. */
function requireChangeFromQuantity(ctx: GraphqlContext, quantities: QuantityInput[]): void {
  if (!ctx.rules.changeFromQuantityRequired) return;
  const missing = quantities.findIndex((q) => !("changeFromQuantity" in q));
  if (missing === -1) return;
  throw new GraphQLError(
    `changeFromQuantity must be provided for input.quantities.${missing} (pass null to opt out of the compare-and-set check).`,
    { extensions: { code: "BAD_REQUEST" } },
  );
}

async function setQuantities(ctx: GraphqlContext, input: SetQuantitiesArgs["input"]) {
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
    if (q.quantity < 0 && input.name === "on_hand") {
      userErrors.push({
        field: [...at, "quantity"],
        message: "The quantity can't be negative.",
        code: "INVALID_QUANTITY_NEGATIVE",
      });
    } else if (q.quantity > MAX_QUANTITY) {
      userErrors.push({
        field: [...at, "quantity"],
        message: "The total quantity can't be higher than 1,000,000,000.",
        code: "INVALID_QUANTITY_TOO_HIGH",
      });
    } else if (idOf("Location", q.locationId) !== ctx.shop.locationId) {
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
    } else if (q.changeFromQuantity != null && q.changeFromQuantity !== variant.inventoryQuantity) {
      userErrors.push({
        field: [...at, "changeFromQuantity"],
        message: "The changeFromQuantity value does not match persisted value.",
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
}

/** Setting a variant's available quantity at the shop's location, under the version's idempotency rules. */
export const inventoryResolvers = {
  inventorySetQuantities: async (args: SetQuantitiesArgs, ctx: GraphqlContext, info: GraphQLResolveInfo) => {
    requireScope(ctx, "inventorySetQuantities", "write_inventory");
    requireChangeFromQuantity(ctx, args.input.quantities);
    return runIdempotent(
      ctx,
      info,
      args,
      () =>
        fail([
          {
            field: [],
            message: "The same idempotency key cannot be used with different operation parameters.",
            code: "IDEMPOTENCY_KEY_PARAMETER_MISMATCH",
          },
        ]),
      () => setQuantities(ctx, args.input),
    );
  },
};
