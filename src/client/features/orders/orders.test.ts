import { describe, expect, it } from "vitest";
import {
  claimLinkEmail,
  filterBySource,
  filterByTab,
  orderNotice,
  orderNumberLabel,
  parseOrderItems,
  shopifyOrderUrl,
  tabCounts,
} from "./orders";

describe("orderNotice", () => {
  const order = (over: { status?: string; refundedAfterDeliveryAt?: string | null }) => ({
    status: "unclaimed",
    refundedAfterDeliveryAt: null,
    orderSource: "shopify",
    ...over,
  });
  it("says why an order needs the seller's attention, and nothing for a plain one", () => {
    expect(orderNotice(order({}))).toBeNull();
    expect(orderNotice(order({ status: "failed_no_stock" }))).toMatch(/^Failed: there was not enough stock/);
    expect(orderNotice(order({ status: "awaiting_payment" }))).toMatch(/^Awaiting payment/);
    expect(
      orderNotice(order({ status: "completed", refundedAfterDeliveryAt: "2026-11-26T10:00:00Z" })),
    ).toMatch(/^Delivered, then refunded/);
  });
});

describe("parseOrderItems", () => {
  it("reads codeName_quantity entries separated by commas", () => {
    expect(parseOrderItems("shadow_dragon_2, Dark_Matter_Pet_10,giant_pumpkin_1")).toEqual([
      { codeName: "shadow_dragon", quantity: 2 },
      { codeName: "Dark_Matter_Pet", quantity: 10 },
      { codeName: "giant_pumpkin", quantity: 1 },
    ]);
  });

  it("counts an entry without a quantity once and skips empty entries", () => {
    expect(parseOrderItems("knife, , gun_")).toEqual([
      { codeName: "knife", quantity: 1 },
      { codeName: "gun_", quantity: 1 },
    ]);
    expect(parseOrderItems("")).toEqual([]);
  });
});

const orders = [
  { id: "1", orderSource: "shopify", status: "unclaimed" },
  { id: "2", orderSource: "shopify", status: "completed" },
  { id: "3", orderSource: "api", status: "pending" },
  { id: "4", orderSource: "api", status: "unclaimed" },
  { id: "5", orderSource: "withdrawal", status: "pending" },
  { id: "6", orderSource: "shopify", status: "failed_no_stock" },
];

describe("filters and tab counts", () => {
  it("lets through the checked sources only, never withdrawals", () => {
    const ids = (list: { id: string }[]) => list.map((o) => o.id);
    expect(ids(filterBySource(orders, { shopify: true, api: true }))).toEqual(["1", "2", "3", "4", "6"]);
    expect(ids(filterBySource(orders, { shopify: true, api: false }))).toEqual(["1", "2", "6"]);
    expect(ids(filterBySource(orders, { shopify: false, api: true }))).toEqual(["3", "4"]);
    expect(filterBySource(orders, { shopify: false, api: false })).toEqual([]);
  });

  it("counts each status tab from the filtered list; failed orders only show under All", () => {
    const shown = filterBySource(orders, { shopify: true, api: true });
    expect(tabCounts(shown)).toEqual({ unclaimed: 2, pending: 1, completed: 1 });
    expect(filterByTab(shown, "all")).toHaveLength(5);
    expect(filterByTab(shown, "unclaimed").map((o) => o.id)).toEqual(["1", "4"]);
    expect(tabCounts(filterBySource(orders, { shopify: false, api: true }))).toEqual({
      unclaimed: 1,
      pending: 1,
      completed: 0,
    });
  });
});

describe("links and labels", () => {
  it("prefers the server's admin link, else builds the store admin path", () => {
    expect(
      shopifyOrderUrl(
        { shopifyAdminUrl: "https://x/admin/orders/1", shopifyOrderId: "1" },
        "s.myshopify.com",
      ),
    ).toBe("https://x/admin/orders/1");
    expect(
      shopifyOrderUrl({ shopifyAdminUrl: null, shopifyOrderId: "9007199254740993" }, "demo.myshopify.com"),
    ).toBe("https://demo.myshopify.com/admin/orders/9007199254740993");
    expect(shopifyOrderUrl({ shopifyAdminUrl: null, shopifyOrderId: "1" }, null)).toBeNull();
  });

  it("numbers store orders with # and API orders by a short id", () => {
    expect(orderNumberLabel({ shopifyOrderNumber: "1001", id: "x" })).toBe("#1001");
    expect(orderNumberLabel({ shopifyOrderNumber: "#1002", id: "x" })).toBe("#1002");
    expect(orderNumberLabel({ shopifyOrderNumber: null, id: "0f9a1b2c-3d4e" })).toBe("#0f9a1b2c");
  });
});

describe("claimLinkEmail", () => {
  const order = (over: { status?: string; customerEmail?: string | null; claimUrl?: string | null }) => ({
    id: "0b4f3c2a-1111-4222-8333-444455556666",
    status: "unclaimed",
    shopifyOrderNumber: "1001",
    customerEmail: "buyer+vip@example.com",
    claimUrl: "https://claim.example.com/claim/Qm9vTWFnaWNLZXk",
    ...over,
  });

  it("writes the claim link to the buyer in the seller's own mail app", () => {
    const email = claimLinkEmail(order({}));
    expect(email?.to).toBe("buyer+vip@example.com");
    const href = new URL(email!.href);
    expect(href.protocol).toBe("mailto:");
    expect(decodeURIComponent(href.pathname)).toBe("buyer+vip@example.com");
    expect(href.searchParams.get("subject")).toBe("Claim your items from order #1001");
    const body = href.searchParams.get("body")!;
    expect(body).toContain("\r\nhttps://claim.example.com/claim/Qm9vTWFnaWNLZXk\r\n");
    // A mail app reads "+" in a query as itself, so spaces and plus signs are percent-encoded.
    expect(email!.href).not.toMatch(/\?.*\+/);
  });

  it("offers nothing for a buyer without an address or an order that cannot be claimed now", () => {
    expect(claimLinkEmail(order({ status: "pending" }))).not.toBeNull();
    expect(claimLinkEmail(order({ customerEmail: null }))).toBeNull();
    expect(claimLinkEmail(order({ claimUrl: null }))).toBeNull();
    for (const status of ["awaiting_payment", "failed_no_stock", "completed", "cancelled", "refunded"])
      expect([status, claimLinkEmail(order({ status }))]).toEqual([status, null]);
  });
});
