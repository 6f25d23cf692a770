/**
 * Spec 000 §4's three statuses, and those of the order's life after intake (decision 028), each with its own look;
 * anything else is shown as failed. The Orders page and the dashboard's Recent Activity show them alike.
 */
const DISPLAYED_STATUSES = [
  "awaiting_payment",
  "unclaimed",
  "pending",
  "completed",
  "cancelled",
  "refunded",
] as const;
export type StatusDisplay = (typeof DISPLAYED_STATUSES)[number] | "failed";

export function statusDisplay(status: string): StatusDisplay {
  return (DISPLAYED_STATUSES as readonly string[]).includes(status) ? (status as StatusDisplay) : "failed";
}

export const STATUS_LABELS: Record<StatusDisplay, string> = {
  awaiting_payment: "Awaiting payment",
  unclaimed: "Unclaimed",
  pending: "Pending",
  completed: "Completed",
  cancelled: "Cancelled",
  refunded: "Refunded",
  failed: "Failed",
};
