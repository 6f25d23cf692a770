import type { ClaimOrderItem, ClaimOrderView, ClaimSubOrderView } from "@contract/claims";
import type { Game } from "@contract/games";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fail, fakeServer, heldAnswer, ok, type Route } from "@/test/fake-server";
import { claimOrder, claimSubOrder } from "@/test/fixtures";
import { renderWithApp } from "@/test/render";
import { ClaimPage } from "./claim-page";

const EMAIL = "buyer@example.com";
const ORDER_URL = "/api/orders/claim/order-1/buyer%40example.com";
const BUYER = { success: true, userId: 4242, username: "BuyerOne", displayName: "Buyer One", imageUrl: null };
const BOT = {
  serverLink: "https://www.roblox.com/games/1?privateServerLinkCode=abc",
  botUsername: "AutodropBot_MM2",
  botUserId: 77,
};

function item(codeName: string, publicName: string, quantity = 1, game: Game = "mm2"): ClaimOrderItem {
  return { codeName, publicName, quantity, imageUrl: "", game };
}

function subOrder(overrides: Partial<ClaimSubOrderView> = {}): ClaimSubOrderView {
  return claimSubOrder({
    id: "order-1",
    customerEmail: EMAIL,
    orderItems: [item("harvester", "Harvester", 2)],
    ...overrides,
  });
}

function orderView(overrides: Partial<ClaimOrderView> = {}): ClaimOrderView {
  return claimOrder({ ...subOrder(), ...overrides });
}

/**
 * The buyer opens /claim/{orderId}/{email}; the fake server keeps the order's state as the real one would: the
 * claim locks the username, turning the bot on makes the order pending, Change Username unlocks it.
 */
function openClaimLink(start: ClaimOrderView, routes: Record<string, Route> = {}) {
  let order = start;
  const lock = (robloxUsername: string | null) => {
    order = { ...order, robloxUsername, usernameLocked: robloxUsername !== null, status: "unclaimed" };
  };
  const server = fakeServer({
    "GET /api/claim/config": ok({ claimHost: null }),
    [`GET ${ORDER_URL}`]: () => ok(order),
    "POST /api/orders/claim/validate-username": ok(BUYER),
    "POST /api/orders/claim": ({ body }) => {
      lock((body as { robloxUsername: string }).robloxUsername);
      return ok({ success: true, order });
    },
    "POST /api/bots/turn-on": () => {
      order = { ...order, status: "pending" };
      return ok(BOT);
    },
    "GET /api/orders/private-server/order-1/buyer%40example.com?game=mm2": ok({
      serverLink: BOT.serverLink,
      gameType: "mm2",
      message: "Join the private server and accept the bot's friend request.",
    }),
    "POST /api/friend-requests": ok({ success: true }),
    "POST /api/orders/claim/reset-username": () => {
      lock(null);
      return ok({ success: true, order });
    },
    ...routes,
  });
  window.history.replaceState(null, "", `/claim/order-1/${EMAIL}`);
  return { ...renderWithApp(<ClaimPage />), server };
}

describe("claim page, step 1 Username", () => {
  it("shows the order with the claim page's defaults and the steps", async () => {
    openClaimLink(orderView());

    expect(await screen.findByRole("heading", { name: "Your ROBLOX Account" })).toBeVisible();
    expect(screen.getByRole("heading", { level: 1, name: "Claim Your Order" })).toBeVisible();
    expect(screen.getByText("Enter your ROBLOX username to claim your purchased items")).toBeVisible();
    expect(screen.getByText("Thank you for your purchase!")).toBeVisible();
    expect(screen.getByText("Ready to claim")).toBeVisible();
    expect(within(screen.getByRole("list", { name: "Items" })).getByText("Harvester")).toBeVisible();
    expect(screen.getByText("Quantity: 2")).toBeVisible();
    const steps = screen.getByRole("list", { name: "Claim steps" });
    expect(within(steps).getByRole("listitem", { current: "step" })).toHaveTextContent("Step 1 Username");
    expect(window.location.pathname).toBe("/claim");
  });

  it("refuses a blank username in place, then confirms the account and locks it to the order", async () => {
    const { user, server } = openClaimLink(orderView());
    await screen.findByRole("heading", { name: "Your ROBLOX Account" });

    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Please enter a ROBLOX username");
    expect(screen.getByLabelText("ROBLOX Username")).toHaveAttribute("aria-invalid", "true");
    expect(server.sent("POST", "/api/orders/claim/validate-username")).toEqual([]);

    await user.type(screen.getByLabelText("ROBLOX Username"), "  BuyerOne ");
    await user.click(screen.getByRole("button", { name: "Continue" }));

    const dialog = await screen.findByRole("dialog", { name: "Is this your ROBLOX account?" });
    expect(server.sent("POST", "/api/orders/claim/validate-username")).toEqual([{ username: "BuyerOne" }]);
    expect(dialog).toHaveTextContent("Your items will be delivered to this account.");
    expect(dialog).toHaveTextContent("Buyer One");
    expect(dialog).toHaveTextContent("@BuyerOne");
    expect(dialog).toHaveTextContent("User ID: 4242");
    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));

    expect(await screen.findByRole("heading", { name: "Order Claimed" })).toBeVisible();
    expect(server.sent("POST", "/api/orders/claim")).toEqual([
      { orderId: "order-1", email: EMAIL, robloxUsername: "BuyerOne" },
    ]);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("locks nothing when the buyer says it is not their account", async () => {
    const { user, server } = openClaimLink(orderView());
    await user.type(await screen.findByLabelText("ROBLOX Username"), "BuyerOne");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Cancel" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(server.sent("POST", "/api/orders/claim")).toEqual([]);
    expect(screen.getByRole("heading", { name: "Your ROBLOX Account" })).toBeVisible();
  });

  it("says when the username cannot be checked, and disables Continue while it is", async () => {
    const check = heldAnswer(fail(404, "ROBLOX user not found"));
    const { user } = openClaimLink(orderView(), { "POST /api/orders/claim/validate-username": check.route });
    await user.type(await screen.findByLabelText("ROBLOX Username"), "Nobody_zz9");
    await user.click(screen.getByRole("button", { name: "Continue" }));

    expect(screen.getByRole("button", { name: "Continue" })).toBeDisabled();
    check.release();
    expect(await screen.findByText("Failed to validate ROBLOX username. Please try again.")).toBeVisible();
    expect(screen.getByText("Invalid Username")).toBeVisible();
    expect(screen.getByRole("button", { name: "Continue" })).toBeEnabled();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("keeps the confirmation open when the username cannot be locked", async () => {
    const { user } = openClaimLink(orderView(), {
      "POST /api/orders/claim": fail(409, "This username is not the one locked to the order"),
    });
    await user.type(await screen.findByLabelText("ROBLOX Username"), "BuyerOne");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Confirm" }));

    expect(await screen.findByText("Failed to lock username. Please try again.")).toBeVisible();
    expect(screen.getByRole("dialog", { name: "Is this your ROBLOX account?" })).toBeVisible();
  });

  it("shows the seller's own header and colours, and the default for a blank text", async () => {
    openClaimLink(
      orderView({
        claimPageStyle: {
          backgroundColor: "#101010",
          cardBackgroundColor: "#202020",
          textColor: "#eeeeee",
          headerColor: "#ffcc00",
          accentColor: "#ff0055",
          buttonColor: "#e94560",
          logoUrl: "",
          headerText: "Knife Kings",
          welcomeMessage: "",
          footerText: "See you soon",
        },
      }),
    );

    const heading = await screen.findByRole("heading", { level: 1, name: "Knife Kings" });
    expect(heading).toHaveStyle({ color: "#ffcc00" });
    expect(screen.getByText("Enter your ROBLOX username to claim your purchased items")).toBeVisible();
    expect(screen.getByText("See you soon")).toBeVisible();
    expect(screen.getByRole("button", { name: "Continue" })).toHaveStyle({ backgroundColor: "#e94560" });
  });
});

describe("claim page, step 2 Join Bot", () => {
  const locked = () => orderView({ robloxUsername: "BuyerOne", usernameLocked: true });

  it("starts at step 2 for a locked username: turns the bot on, links the private server, sends the friend request", async () => {
    const { user, server } = openClaimLink(locked());

    expect(await screen.findByRole("heading", { name: "Order Claimed" })).toBeVisible();
    const steps = screen.getByRole("list", { name: "Claim steps" });
    expect(within(steps).getByRole("listitem", { current: "step" })).toHaveTextContent("Step 2 Join Bot");
    expect(screen.getByText(/Claimed for ROBLOX user/)).toHaveTextContent(
      "Claimed for ROBLOX user BuyerOne.",
    );
    const join = await screen.findByRole("link", { name: "Join Private Server" });
    expect(join).toHaveAttribute("href", BOT.serverLink);
    expect(await screen.findByText("AutodropBot_MM2")).toBeVisible();
    expect(server.sent("POST", "/api/bots/turn-on")).toEqual([
      { orderId: "order-1", email: EMAIL, game: "mm2" },
    ]);
    expect(await screen.findByText("Awaiting trade acceptance")).toBeVisible();

    await user.click(screen.getByRole("button", { name: "Send Friend Request" }));
    expect(await screen.findByText("Friend Request Sent")).toBeVisible();
    expect(screen.getByText("Accept the friend request from AutodropBot_MM2 in ROBLOX.")).toBeVisible();
    expect(server.sent("POST", "/api/friend-requests")).toEqual([
      { orderId: "order-1", email: EMAIL, username: "BuyerOne", botUserId: 77, game: "mm2" },
    ]);
  });

  it("shows Order completed, not an error, when the friend request comes after the delivery", async () => {
    const { user, server } = openClaimLink(locked(), {
      "POST /api/friend-requests": fail(409, "This order is no longer open"),
    });
    expect(await screen.findByText("AutodropBot_MM2")).toBeVisible();
    const delivered = orderView({ robloxUsername: "BuyerOne", usernameLocked: true, status: "completed" });
    server.answer(`GET ${ORDER_URL}`, ok(delivered));

    await user.click(screen.getByRole("button", { name: "Send Friend Request" }));
    expect(await screen.findByRole("heading", { name: "Order completed" })).toBeVisible();
    expect(screen.queryByText("Failed to send friend request.")).toBeNull();
    expect(screen.queryByText("Awaiting trade acceptance")).toBeNull();
  });

  it("still says the friend request failed while the order waits for the buyer", async () => {
    const { user } = openClaimLink(locked(), {
      "POST /api/friend-requests": fail(503, "Service unavailable"),
    });
    expect(await screen.findByText("AutodropBot_MM2")).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Send Friend Request" }));
    expect(await screen.findByText("Failed to send friend request.")).toBeVisible();
    expect(screen.getByRole("heading", { name: "Order Claimed" })).toBeVisible();
  });

  it("says when the bot cannot be turned on, and turns it on again with Try Again", async () => {
    const { user, server } = openClaimLink(locked(), {
      "POST /api/bots/turn-on": fail(503, "Service unavailable"),
    });

    expect(await screen.findByText("Failed to get bot link")).toBeVisible();
    expect(screen.queryByRole("button", { name: "Send Friend Request" })).toBeNull();

    server.answer("POST /api/bots/turn-on", ok(BOT));
    await user.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByText("AutodropBot_MM2")).toBeVisible();
    expect(screen.getByRole("button", { name: "Send Friend Request" })).toBeEnabled();
    expect(server.sent("POST", "/api/bots/turn-on")).toHaveLength(2);
  });

  it("says when the private server link cannot be read, and uses the bot's link", async () => {
    openClaimLink(locked(), {
      "GET /api/orders/private-server/order-1/buyer%40example.com?game=mm2": fail(
        500,
        "Internal server error",
      ),
    });

    expect(await screen.findByText("Failed to get private server link")).toBeVisible();
    expect(await screen.findByRole("link", { name: "Join Private Server" })).toHaveAttribute(
      "href",
      BOT.serverLink,
    );
  });

  it("goes back to step 1 with Change Username", async () => {
    const { user, server } = openClaimLink(locked());
    await screen.findByRole("link", { name: "Join Private Server" });

    await user.click(screen.getByRole("button", { name: "Change Username" }));

    expect(await screen.findByRole("heading", { name: "Your ROBLOX Account" })).toBeVisible();
    expect(server.sent("POST", "/api/orders/claim/reset-username")).toEqual([
      { orderId: "order-1", email: EMAIL },
    ]);
  });

  it("says when the username cannot be reset", async () => {
    const { user } = openClaimLink(locked(), {
      "POST /api/orders/claim/reset-username": fail(409, "This order has already been completed"),
    });
    await screen.findByRole("link", { name: "Join Private Server" });
    await user.click(screen.getByRole("button", { name: "Change Username" }));

    expect(await screen.findByText("Failed to reset username. Please try again.")).toBeVisible();
    expect(screen.getByRole("heading", { name: "Order Claimed" })).toBeVisible();
  });
});

describe("claim page, other states", () => {
  it("lets the buyer of a multi-game order pick one game's order, showing its first 3 items, and go back", async () => {
    const mm2 = subOrder({
      id: "sub-mm2",
      orderItems: [
        item("harvester", "Harvester"),
        item("icebreaker", "Icebreaker"),
        item("luger", "Luger"),
        item("seer", "Seer"),
        item("chroma", "Chroma Knife"),
      ],
    });
    const garden = subOrder({
      id: "sub-gag",
      game: "growagarden",
      orderItems: [item("carrot", "Carrot Seed", 3, "growagarden")],
    });
    const { user } = openClaimLink(
      orderView({ isMultiGame: true, game: null, orderItems: [], subOrders: [mm2, garden] }),
    );

    expect(await screen.findByRole("heading", { name: "Select a Game" })).toBeVisible();
    const mm2Choice = screen.getByRole("button", { name: /Murder Mystery 2/ });
    expect(mm2Choice).toHaveTextContent("Harvester × 1");
    expect(mm2Choice).toHaveTextContent("Luger × 1");
    expect(mm2Choice).not.toHaveTextContent("Seer");
    expect(mm2Choice).toHaveTextContent("+2 more");
    expect(screen.getByRole("button", { name: /Grow a Garden/ })).toHaveTextContent("Carrot Seed × 3");

    await user.click(screen.getByRole("button", { name: /Grow a Garden/ }));
    expect(await screen.findByRole("heading", { name: "Your ROBLOX Account" })).toBeVisible();
    expect(within(screen.getByRole("list", { name: "Items" })).getByText("Carrot Seed")).toBeVisible();

    await user.click(screen.getByRole("button", { name: "Back to game selection" }));
    expect(screen.getByRole("heading", { name: "Select a Game" })).toBeVisible();
  });

  it("says an order without stock cannot be claimed", async () => {
    openClaimLink(orderView({ status: "failed_no_stock" }));

    expect(await screen.findByRole("heading", { name: "An error occurred with this order" })).toBeVisible();
    expect(
      screen.getByText("The seller provided no stock to the bot; contact the seller for a refund."),
    ).toBeVisible();
    expect(screen.queryByLabelText("ROBLOX Username")).toBeNull();
  });

  it("says when the order does not exist", async () => {
    openClaimLink(orderView(), { [`GET ${ORDER_URL}`]: fail(404, "Order Not Found") });

    expect(await screen.findByRole("heading", { name: "Order Not Found" })).toBeVisible();
    expect(screen.getByText("The order does not exist or was already claimed.")).toBeVisible();
  });
});
