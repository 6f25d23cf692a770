import { and, asc, eq, inArray, isNull, ne } from "drizzle-orm";
import type { Game } from "../../../contract/games.js";
import {
  type AdminItem,
  type CreateItemRequest,
  INVENTORY_TEXTS,
  type Item,
  type UpdateItemRequest,
} from "../../../contract/inventory.js";
import type { AppContext } from "../../context.js";
import type { Db, DbOrTx } from "../../db/client.js";
import { missing } from "../../db/rows.js";
import { items } from "../../db/schema/items.js";
import { conflict, notFound } from "../../http/errors.js";
import { type AuditActor, recordAudit } from "../admin/index.js";

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

const toAdminItem = (r: ItemRow): AdminItem => ({ ...toItem(r), retired: r.retiredAt !== null });

/** The catalogue sellers pick from: retired items are left out (decision 021). */
export async function listItems(db: Db): Promise<Item[]> {
  const rows = await db
    .select()
    .from(items)
    .where(isNull(items.retiredAt))
    .orderBy(asc(items.game), asc(items.publicName));
  return rows.map(toItem);
}

/** Items by id, retired ones included (an order, a stock or a listing keeps the item it names); unknown ids are left out. */
export async function itemsByIds(db: DbOrTx, ids: string[]): Promise<Item[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(items)
    .where(inArray(items.id, [...new Set(ids)]));
  return rows.map(toItem);
}

/** The Item Dictionary: every item, retired ones included. */
export async function listAdminItems(db: Db): Promise<AdminItem[]> {
  const rows = await db.select().from(items).orderBy(asc(items.game), asc(items.publicName));
  return rows.map(toAdminItem);
}

export async function createItem(
  ctx: AppContext,
  actor: AuditActor | null,
  input: CreateItemRequest,
): Promise<Item> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(items)
      .values(input)
      .onConflictDoNothing({ target: [items.game, items.codeName] })
      .returning();
    if (!row) throw conflict(INVENTORY_TEXTS.itemExists);
    const created = toItem(row);
    await recordAudit(ctx, tx, actor, {
      kind: "item",
      action: "created",
      subject: row.codeName,
      after: created,
    });
    return created;
  });
}

/**
 * Edits an item's names or picture, or retires it (or brings it back). Orders, ledger rows and listings refer to the
 * item by id, so they keep showing it; a retired item only stops being offered for new stock (decision 021).
 */
export async function updateItem(
  ctx: AppContext,
  actor: AuditActor | null,
  id: string,
  patch: UpdateItemRequest,
): Promise<AdminItem> {
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(items).where(eq(items.id, id)).for("update");
    if (!current) throw notFound(INVENTORY_TEXTS.itemNotFound);
    const { retired, ...fields } = patch;
    const retiredAt =
      retired === undefined
        ? current.retiredAt
        : retired
          ? (current.retiredAt ?? new Date(ctx.clock()))
          : null;
    if (fields.codeName !== undefined && fields.codeName !== current.codeName) {
      const [taken] = await tx
        .select({ id: items.id })
        .from(items)
        .where(and(eq(items.game, current.game), eq(items.codeName, fields.codeName), ne(items.id, id)));
      if (taken) throw conflict(INVENTORY_TEXTS.itemExists);
    }
    const [row = missing("the updated items row")] = await tx
      .update(items)
      .set({ ...fields, retiredAt })
      .where(eq(items.id, id))
      .returning();
    const before = toAdminItem(current);
    const after = toAdminItem(row);
    const action = before.retired === after.retired ? "updated" : after.retired ? "retired" : "restored";
    await recordAudit(ctx, tx, actor, { kind: "item", action, subject: row.codeName, before, after });
    return after;
  });
}
