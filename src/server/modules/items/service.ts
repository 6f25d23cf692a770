import { asc } from "drizzle-orm";
import type { Game } from "../../../contract/games.js";
import { type CreateItemRequest, INVENTORY_TEXTS, type Item } from "../../../contract/inventory.js";
import type { Db } from "../../db/client.js";
import { items } from "../../db/schema/index.js";
import { conflict } from "../../http/errors.js";

type ItemRow = typeof items.$inferSelect;

function toItem(r: ItemRow): Item {
  return {
    id: r.id,
    codeName: r.codeName,
    publicName: r.publicName,
    imageUrl: r.imageUrl,
    game: r.game as Game,
  };
}

/** The item catalogue (the Item Dictionary). */
export async function listItems(db: Db): Promise<Item[]> {
  const rows = await db.select().from(items).orderBy(asc(items.game), asc(items.publicName));
  return rows.map(toItem);
}

export async function createItem(db: Db, input: CreateItemRequest): Promise<Item> {
  const [row] = await db
    .insert(items)
    .values(input)
    .onConflictDoNothing({ target: [items.game, items.codeName] })
    .returning();
  if (!row) throw conflict(INVENTORY_TEXTS.itemExists);
  return toItem(row);
}
