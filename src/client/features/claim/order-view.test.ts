import { describe, expect, it } from "vitest";
import { claimOrder as order, claimSubOrder as sub } from "@/test/fixtures";
import {
  claimScreen,
  claimStep,
  claimTarget,
  itemPreview,
  PENDING_POLL_MS,
  pollInterval,
  statusMeaning,
  webLink,
} from "./order-view";

describe("status meanings (spec 001 §4)", () => {
  it("names every status", () => {
    expect(statusMeaning("unclaimed")).toBe("Ready to claim");
    expect(statusMeaning("pending")).toBe("Awaiting trade acceptance");
    expect(statusMeaning("completed")).toBe("Order completed");
    expect(statusMeaning("failed_no_stock")).toBe("cannot be claimed");
  });
});

describe("itemPreview", () => {
  it("shows the first 3 items and a +N more note for the rest", () => {
    expect(itemPreview([1, 2, 3, 4, 5])).toEqual({ shown: [1, 2, 3], moreNote: "+2 more" });
    expect(itemPreview([1, 2, 3, 4])).toEqual({ shown: [1, 2, 3], moreNote: "+1 more" });
  });

  it("has no note when nothing is left out", () => {
    expect(itemPreview([1, 2, 3])).toEqual({ shown: [1, 2, 3], moreNote: null });
    expect(itemPreview([])).toEqual({ shown: [], moreNote: null });
  });
});

describe("claim screens", () => {
  it("starts at step 1, or at step 2 when the username is already locked", () => {
    expect(claimScreen(sub())).toBe("username");
    expect(claimStep(claimScreen(sub()))).toBe(1);
    expect(claimScreen(sub({ usernameLocked: true }))).toBe("joinBot");
    expect(claimScreen(sub({ usernameLocked: true, status: "pending" }))).toBe("joinBot");
    expect(claimStep("joinBot")).toBe(2);
  });

  it("never offers a failed_no_stock order, and shows a completed one as done", () => {
    expect(claimScreen(sub({ status: "failed_no_stock", usernameLocked: true }))).toBe("failed");
    expect(claimScreen(sub({ status: "completed", usernameLocked: true }))).toBe("completed");
  });

  it("makes an unpaid order wait for its payment and ends a cancelled or refunded one", () => {
    expect(claimScreen(sub({ status: "awaiting_payment" }))).toBe("awaitingPayment");
    expect(claimScreen(sub({ status: "cancelled", usernameLocked: true }))).toBe("cancelled");
    expect(claimScreen(sub({ status: "refunded" }))).toBe("cancelled");
  });

  it("works on the order itself, or on the chosen sub-order of a multi-game order", () => {
    const single = order();
    expect(claimTarget(single, null)).toBe(single);
    const a = sub({ id: "a", game: "mm2" });
    const b = sub({ id: "b", game: "growagarden" });
    const multi = order({ isMultiGame: true, game: null, subOrders: [a, b] });
    expect(claimTarget(multi, null)).toBeNull();
    expect(claimTarget(multi, "b")).toBe(b);
    expect(claimTarget(multi, "gone")).toBeNull();
  });
});

describe("pollInterval", () => {
  it("re-reads every second only while the chosen order awaits the trade", () => {
    expect(PENDING_POLL_MS).toBe(1000);
    expect(pollInterval(order({ status: "pending" }), null)).toBe(1000);
    expect(pollInterval(order({ status: "unclaimed" }), null)).toBe(false);
    expect(pollInterval(order({ status: "completed" }), null)).toBe(false);
    expect(pollInterval(undefined, null)).toBe(false);
    const multi = order({ isMultiGame: true, subOrders: [sub({ id: "a", status: "pending" })] });
    expect(pollInterval(multi, "a")).toBe(1000);
    expect(pollInterval(multi, null)).toBe(false);
  });
});

describe("webLink", () => {
  it("accepts only http and https links", () => {
    expect(webLink("https://www.roblox.com/games/1?privateServerLinkCode=x")).toBe(
      "https://www.roblox.com/games/1?privateServerLinkCode=x",
    );
    expect(webLink("javascript:alert(1)")).toBeNull();
    expect(webLink("data:text/html,hi")).toBeNull();
    expect(webLink("not a url")).toBeNull();
    expect(webLink(null)).toBeNull();
  });
});
