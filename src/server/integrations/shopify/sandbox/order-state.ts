import { parseJsonExact } from "../../wire/big-json.js";

/** A stored sandbox order as its REST body says (ids as strings once parsed). */
interface LineItem {
  id: string;
  quantity: number;
  price: string;
  [key: string]: unknown;
}

export interface StoredOrder {
  id: string;
  financial_status: string;
  cancelled_at: string | null;
  cancel_reason: string | null;
  updated_at: string;
  line_items: LineItem[];
  refunds: { id: string; refund_line_items: { line_item_id: string; quantity: number }[] }[];
  [key: string]: unknown;
}

/** Units of each line already refunded. */
function refundedUnits(order: StoredOrder): Map<string, number> {
  const units = new Map<string, number>();
  for (const refund of order.refunds)
    for (const l of refund.refund_line_items)
      units.set(String(l.line_item_id), (units.get(String(l.line_item_id)) ?? 0) + l.quantity);
  return units;
}

/** What a store's order may still have done to it (the admin page shows only these buttons). */
export function sandboxOrderActions(payload: string): {
  financialStatus: string;
  cancelled: boolean;
  canMarkPaid: boolean;
  canCancel: boolean;
  refundable: { id: string; title: string; quantity: number }[];
} {
  const order = parseJsonExact(payload) as StoredOrder;
  const refunded = refundedUnits(order);
  const paid = order.financial_status === "paid" || order.financial_status === "partially_refunded";
  return {
    financialStatus: order.financial_status,
    cancelled: order.cancelled_at !== null,
    canMarkPaid: order.financial_status === "pending" && order.cancelled_at === null,
    canCancel: order.cancelled_at === null,
    refundable: paid
      ? order.line_items
          .map((l) => ({
            id: String(l.id),
            title: String(l.title ?? ""),
            quantity: l.quantity - (refunded.get(String(l.id)) ?? 0),
          }))
          .filter((l) => l.quantity > 0)
      : [],
  };
}
