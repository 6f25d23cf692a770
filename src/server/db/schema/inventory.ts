import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth.js";
import { createdAt } from "./columns.js";
import { items } from "./items.js";

/** Current balance per seller and item, kept in step with inventory_ledger inside the same transaction. */
export const inventoryBalances = pgTable(
  "inventory_balances",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    itemId: uuid("item_id")
      .notNull()
      .references(() => items.id),
    available: integer("available").notNull().default(0),
    reserved: integer("reserved").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.itemId] }),
    check("inventory_available_non_negative", sql`${t.available} >= 0`),
    check("inventory_reserved_non_negative", sql`${t.reserved} >= 0`),
  ],
);

/**
 * Every inventory movement. kind: deposit | admin_grant (available +q), reservation (available -q, reserved +q),
 * release (reserved -q, available +q), delivery (reserved -q).
 */
export const inventoryLedger = pgTable(
  "inventory_ledger",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    itemId: uuid("item_id")
      .notNull()
      .references(() => items.id),
    kind: text("kind").notNull(),
    quantity: integer("quantity").notNull(),
    orderId: uuid("order_id"),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [
    index("inventory_ledger_user_item_idx").on(t.userId, t.itemId),
    check("inventory_ledger_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

/** What an item cost the seller, per unit (decision 045); no row: no cost set. */
export const itemCosts = pgTable(
  "item_costs",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    itemId: uuid("item_id")
      .notNull()
      .references(() => items.id, { onDelete: "cascade" }),
    unitCost: numeric("unit_cost", { precision: 14, scale: 2 }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.itemId] }),
    check("item_costs_non_negative", sql`${t.unitCost} >= 0`),
  ],
);
