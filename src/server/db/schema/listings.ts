import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.js";
import { createdAt } from "./columns.js";
import { items } from "./items.js";

export const listings = pgTable(
  "listings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    game: text("game").notNull(),
    shopifyProductId: text("shopify_product_id").notNull(),
    shopifyVariantId: text("shopify_variant_id").notNull(),
    stockQuantity: integer("stock_quantity").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("listings_user_variant_key").on(t.userId, t.shopifyVariantId),
    check("listings_stock_non_negative", sql`${t.stockQuantity} >= 0`),
  ],
);

export const listingItems = pgTable(
  "listing_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    listingId: uuid("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    itemId: uuid("item_id")
      .notNull()
      .references(() => items.id),
    quantity: integer("quantity").notNull(),
  },
  (t) => [uniqueIndex("listing_items_listing_item_key").on(t.listingId, t.itemId)],
);
