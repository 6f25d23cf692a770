import { Badge } from "@/components/ui/badge";
import { STATUS_LABELS, type StatusDisplay, statusDisplay } from "@/lib/order-status";

const STATUS_VARIANTS = {
  awaiting_payment: "secondary",
  unclaimed: "warning",
  pending: "default",
  completed: "success",
  cancelled: "outline",
  refunded: "outline",
  failed: "destructive",
} as const satisfies Record<StatusDisplay, string>;

/** An order's status as the seller sees it everywhere (Orders, the dashboard's Recent Activity). */
export function OrderStatusBadge({ status }: { status: string }) {
  const shown = statusDisplay(status);
  return <Badge variant={STATUS_VARIANTS[shown]}>{STATUS_LABELS[shown]}</Badge>;
}
