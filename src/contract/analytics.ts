import { z } from "zod";
import { DASHBOARD_PERIODS, DEFAULT_DASHBOARD_PERIOD } from "./dashboard.js";
import { gameSchema } from "./games.js";

/** A unit cost as the seller types it: dollars with at most two decimals. */
const UNIT_COST = /^\d{1,10}(\.\d{1,2})?$/;
/** The most costs one PUT /api/inventory/costs may set (the bulk editor sends every changed row at once). */
const MAX_COSTS_PER_REQUEST = 500;

const itemCostSchema = z.object({
  itemId: z.string(),
  /** Dollars per unit as a decimal string; null: no cost set (the default). */
  unitCost: z.string().nullable(),
});
export type ItemCost = z.infer<typeof itemCostSchema>;
export const itemCostListSchema = z.array(itemCostSchema);

/** PUT /api/inventory/costs: sets (or, with null, clears) the unit cost of each item named; others stay. */
export const setItemCostsRequestSchema = z.object({
  costs: z
    .array(
      z.object({
        itemId: z.uuid("must be an item id"),
        unitCost: z.string().trim().regex(UNIT_COST, "must be an amount in dollars, such as 1.25").nullable(),
      }),
    )
    .min(1, "Nothing to change")
    .max(MAX_COSTS_PER_REQUEST)
    .refine((costs) => new Set(costs.map((c) => c.itemId)).size === costs.length, "names an item twice"),
});
export type SetItemCostsRequest = z.infer<typeof setItemCostsRequestSchema>;

export const analyticsQuerySchema = z.object({
  period: z.enum(DASHBOARD_PERIODS).default(DEFAULT_DASHBOARD_PERIOD),
});

const money = z.string();
/** Change against the previous period in percent (one decimal); null when the previous period had nothing. */
const change = z.number().nullable();

export const analyticsResponseSchema = z.object({
  period: z.enum(DASHBOARD_PERIODS),
  /** The series' buckets: hours for 24h, UTC days otherwise. */
  span: z.enum(["hour", "day"]),
  from: z.string(),
  to: z.string(),
  series: z.array(
    z.object({
      bucket: z.string(),
      revenue: money,
      profit: money,
      previousRevenue: money,
      previousProfit: money,
    }),
  ),
  totals: z.object({
    revenue: money,
    profit: money,
    previousRevenue: money,
    previousProfit: money,
    revenueChange: change,
    profitChange: change,
    /** Delivered units whose item has no cost set: their cost is not in the profit. */
    uncostedUnits: z.number().int(),
  }),
  games: z.array(
    z.object({ game: gameSchema, orders: z.number().int(), units: z.number().int(), revenue: money }),
  ),
  items: z.array(
    z.object({
      itemId: z.string(),
      name: z.string(),
      game: gameSchema,
      units: z.number().int(),
      revenue: money,
      /** Null when the item has no cost set. */
      profit: money.nullable(),
    }),
  ),
  funnel: z.object({
    orders: z.number().int(),
    claimed: z.number().int(),
    delivered: z.number().int(),
    failed: z.number().int(),
    failedRevenue: money,
    /** Medians in seconds (within 12% each way, decision 045); null without any. */
    medianClaimSeconds: z.number().nullable(),
    medianDeliverSeconds: z.number().nullable(),
  }),
  repeatBuyers: z.array(
    z.object({ username: z.string(), orders: z.number().int(), revenue: money, lastOrderAt: z.string() }),
  ),
});
export type AnalyticsResponse = z.infer<typeof analyticsResponseSchema>;

/** How many items and repeat buyers the analytics list. */
export const TOP_ITEMS = 10;
export const TOP_BUYERS = 10;

export const ANALYTICS_TEXTS = {
  tierRequired: "Advanced analytics are included with the Basic and Pro plans.",
  costsSaved: "Costs saved",
  costSaved: "Cost saved",
} as const;

/** The CSV export's header row. */
export const ORDERS_CSV_COLUMNS = [
  "order_id",
  "created_at",
  "source",
  "order_number",
  "game",
  "status",
  "roblox_username",
  "items",
  "total",
  "revenue",
  "cost",
  "profit",
] as const;
