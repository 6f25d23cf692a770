import { z } from "zod";
import { gameSchema } from "./games.js";

/** An image is an absolute http(s) URL or a path on this server (generated item art). */
const imageUrlSchema = z
  .string()
  .trim()
  .min(1, "is required")
  .max(2000)
  .refine(
    (v) => /^https?:\/\/[^\s]+$/i.test(v) || /^\/[^\s/][^\s]*$/.test(v),
    "must be an http(s) URL or a path",
  );

export const itemSchema = z.object({
  id: z.string(),
  codeName: z.string(),
  publicName: z.string(),
  imageUrl: z.string(),
  game: gameSchema,
});
export type Item = z.infer<typeof itemSchema>;
export const itemListSchema = z.array(itemSchema);

export const createItemRequestSchema = z.object({
  codeName: z.string().trim().min(1, "is required").max(100),
  publicName: z.string().trim().min(1, "is required").max(200),
  imageUrl: imageUrlSchema,
  game: gameSchema,
});
export type CreateItemRequest = z.infer<typeof createItemRequestSchema>;

/** The Item Dictionary's view: a retired item stays readable for the orders that name it (decision 021). */
export const adminItemSchema = itemSchema.extend({ retired: z.boolean() });
export type AdminItem = z.infer<typeof adminItemSchema>;
export const adminItemListSchema = z.array(adminItemSchema);

/** PATCH /api/admin/items/{id}: the names and the picture can change, the game cannot; retired toggles retirement. */
export const updateItemRequestSchema = createItemRequestSchema
  .omit({ game: true })
  .partial()
  .extend({ retired: z.boolean().optional() })
  .refine((b) => Object.values(b).some((v) => v !== undefined), "Nothing to change");
export type UpdateItemRequest = z.infer<typeof updateItemRequestSchema>;
export const itemIdParamsSchema = z.object({ id: z.uuid("must be an item id") });

/** Inventory entry (spec 000 §3): quantity is what is available; reserved units belong to open orders. */
const inventoryEntrySchema = z.object({
  id: z.string(),
  itemId: z.string(),
  quantity: z.number().int(),
  item: z.object({ publicName: z.string(), codeName: z.string(), game: gameSchema, imageUrl: z.string() }),
});
export type InventoryEntry = z.infer<typeof inventoryEntrySchema>;
export const inventoryListSchema = z.array(inventoryEntrySchema);

/** The Bot API's view of a seller's inventory also shows what open orders hold. */
const inventoryDetailEntrySchema = inventoryEntrySchema.extend({ reserved: z.number().int() });
export const inventoryDetailListSchema = z.array(inventoryDetailEntrySchema);

export const grantItemsRequestSchema = z.object({
  itemId: z.uuid("must be an item id"),
  quantity: z.number().int("must be a whole number").min(1, "must be at least 1").max(1_000_000),
});

export const grantItemsResponseSchema = z.object({
  success: z.literal(true),
  itemId: z.string(),
  /** The user's available quantity of that item after the grant. */
  quantity: z.number().int(),
});

export const userIdParamsSchema = z.object({ userId: z.uuid("must be a user id") });

export const INVENTORY_TEXTS = {
  itemExists: "An item with this code name already exists for this game",
  itemNotFound: "Item not found",
  itemRetired: "This item is retired",
  userNotFound: "User not found",
} as const;
