/**
 * What the buyer's claim page shows: its texts and its default style. Plain values with no zod, so the claim page's
 * own bundle (claim.html, decision 052) carries none of the schemas; claims.ts and settings.ts re-export them.
 */
import type { ClaimPageStyle } from "./auth.js";
import type { OrderStatus } from "./orders.js";

/** What each status means to the buyer (spec 001 §4). */
export const CLAIM_STATUS_MEANINGS: Record<OrderStatus, string> = {
  awaiting_payment: "Payment processing",
  unclaimed: "Ready to claim",
  pending: "Awaiting trade acceptance",
  completed: "Order completed",
  failed_no_stock: "cannot be claimed",
  cancelled: "Order cancelled",
  refunded: "Order refunded",
};

/** The server's answers (exact texts of spec 001 §5 and §8 where the spec has one). */
export const CLAIM_TEXTS = {
  orderNotFound: "Order Not Found",
  orderError: "An error occurred with this order",
  orderErrorDetail: "The seller provided no stock to the bot; contact the seller for a refund.",
  alreadyCompleted: "This order has already been completed",
  awaitingPayment: "Your payment is still being processed",
  awaitingPaymentDetail:
    "The store has not received your payment yet. Come back to this page once it is confirmed; your items are kept for you.",
  cancelled: "This order was cancelled",
  cancelledDetail: "Nothing will be delivered for it. Please contact the seller if you have questions.",
  usernameRequired: "Please enter a ROBLOX username",
  robloxUserNotFound: "ROBLOX user not found",
  usernameAlreadyLocked:
    "A different ROBLOX username is already locked to this order. Use Change Username first.",
  usernameNotLocked: "Please confirm your ROBLOX username first",
  usernameMismatch: "This username is not the one locked to the order",
  selectGame: "Please select which game's order to claim",
  wrongGame: "This order has no items for that game",
  noBot: "The seller has no delivery bot for this game yet. Please contact the seller.",
  botNotTurnedOn: "Please join the bot first",
  wrongBot: "This bot is not delivering this order",
} as const;

/** Toasts of the claim page (spec 001 §8). */
export const CLAIM_TOASTS = {
  invalidUsernameTitle: "Invalid Username",
  invalidUsername: "Failed to validate ROBLOX username. Please try again.",
  lockFailed: "Failed to lock username. Please try again.",
  resetFailed: "Failed to reset username. Please try again.",
  botLinkFailed: "Failed to get bot link",
  serverLinkFailed: "Failed to get private server link",
  friendRequestFailed: "Failed to send friend request.",
} as const;

/** What the buyer's claim page uses where the seller has no custom style (spec 001 §3). */
export const CLAIM_PAGE_STYLE_DEFAULTS: ClaimPageStyle = {
  backgroundColor: "#0f172a",
  cardBackgroundColor: "#1e293b",
  textColor: "#e2e8f0",
  headerColor: "#f8fafc",
  accentColor: "#3b82f6",
  buttonColor: "#2563eb",
  logoUrl: "",
  headerText: "Claim Your Order",
  welcomeMessage: "Enter your ROBLOX username to claim your purchased items",
  footerText: "Thank you for your purchase!",
};
