import type { PublicStats } from "../../../contract/auth.js";
import type { StatsResponse } from "../../../contract/stats.js";
import type { Database } from "../../db/client.js";
import { at } from "../../db/rows.js";

/**
 * The admin's Revenue card: what sellers paid for plans, in USD (the invoice's source amount). A mismatch invoice was
 * paid (Plisio got more or less than asked, and the plan was granted), so it counts; pending, partial and expired
 * ones do not.
 */
const REVENUE_STATUSES = "('completed', 'mismatch')";

/**
 * One round trip for every counter. Orders are counted at the top level only: a multi-game purchase is one order
 * (its per-game sub-orders have parent_order_id set).
 */
export async function computeStats(database: Database): Promise<Required<StatsResponse>> {
  const { rows } = await database.raw.query<{
    total_users: string;
    total_items: string;
    total_orders: string;
    total_sales: string;
  }>(
    `SELECT
       (SELECT count(*) FROM users)::text AS total_users,
       (SELECT coalesce(sum(available + reserved), 0) FROM inventory_balances)::text AS total_items,
       (SELECT count(*) FROM orders WHERE parent_order_id IS NULL)::text AS total_orders,
       (SELECT coalesce(sum(source_amount), 0)::numeric(16, 2) FROM crypto_invoices
         WHERE status IN ${REVENUE_STATUSES})::text AS total_sales`,
  );
  const r = at(rows, 0);
  return {
    totalUsers: Number(r.total_users),
    totalItemsInStorage: Number(r.total_items),
    totalOrders: Number(r.total_orders),
    totalSales: r.total_sales,
  };
}

/** A value recomputed at most once per ttl; concurrent callers during a refresh share one computation. */
export class TtlCache<T> {
  private value: { at: number; data: Promise<T> } | null = null;

  constructor(
    private ttlMs: number,
    private load: () => Promise<T>,
    private now: () => number = Date.now,
  ) {}

  get(): Promise<T> {
    const now = this.now();
    if (!this.value || now - this.value.at >= this.ttlMs) {
      const data = this.load();
      const entry = { at: now, data };
      this.value = entry;
      // A failed load is not kept: the next caller tries again.
      data.catch(() => {
        if (this.value === entry) this.value = null;
      });
    }
    return this.value.data;
  }
}

export function publicPart(stats: StatsResponse): PublicStats {
  return {
    totalUsers: stats.totalUsers,
    totalItemsInStorage: stats.totalItemsInStorage,
    totalOrders: stats.totalOrders,
  };
}
