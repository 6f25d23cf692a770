import { pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.js";

export const items = pgTable(
  "items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    codeName: text("code_name").notNull(),
    publicName: text("public_name").notNull(),
    imageUrl: text("image_url").notNull(),
    game: text("game").notNull(),
    /** A retired item leaves the catalogue, grants and new listings; orders, stock and listings that name it keep it. */
    retiredAt: timestamp("retired_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("items_game_code_name_key").on(t.game, t.codeName)],
);
