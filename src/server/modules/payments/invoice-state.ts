import { type InvoiceStatus, isPaidStatus } from "../../../contract/payments.js";

/**
 * The status after an update from the provider. Callbacks and the poller may arrive late and in any order, so a paid
 * invoice (completed or mismatch) never goes back; everything else follows the provider, an expired invoice paid
 * late included.
 */
export function nextInvoiceStatus(current: InvoiceStatus, incoming: InvoiceStatus): InvoiceStatus {
  return isPaidStatus(current) ? current : incoming;
}
