import { SHOPIFY_TEXTS } from "@contract/shopify";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CURRENT_USER_KEY } from "@/lib/auth";
import { fakeServer, ok } from "@/test/fake-server";
import { seller } from "@/test/fixtures";
import { renderWithApp } from "@/test/render";
import { StoreSettingsPage } from "./store-settings-page";

const STORE = "my-shop.myshopify.com";
const connected = seller({ shopifyStore: STORE });
const refused = seller({ shopifyStore: STORE, shopifyAccessRefused: true });

const card = () => within(screen.getByRole("region", { name: "Shopify Integration" }));
const reinstallButton = () => card().getByRole("button", { name: "Reinstall" });

describe("Store Settings' Shopify card", () => {
  it("shows a working store as Connected, with no alert and Reinstall as a secondary action", () => {
    fakeServer({});
    renderWithApp(<StoreSettingsPage />, { user: connected });
    expect(card().getByText("Connected")).toBeVisible();
    expect(card().queryByText("Reinstall needed")).toBeNull();
    expect(card().queryByRole("alert")).toBeNull();
    expect(reinstallButton()).not.toHaveClass("bg-primary");
  });

  it("tells a seller whose store Shopify refused to reinstall, and what still works until then", () => {
    fakeServer({});
    renderWithApp(<StoreSettingsPage />, { user: refused });
    expect(card().getByTestId("connected-store")).toHaveTextContent(STORE);
    expect(card().getByText("Reinstall needed")).toHaveClass("bg-destructive");
    expect(card().queryByText("Connected")).toBeNull();
    expect(card().getByRole("alert")).toHaveTextContent(
      `${SHOPIFY_TEXTS.reinstallNeeded} Until then your listings' stock is not synced to your store, but its orders still arrive.`,
    );
    expect(reinstallButton()).toHaveClass("bg-primary");
    expect(card().getByRole("button", { name: "Reconnect" })).not.toHaveClass("bg-primary");
  });

  it("follows the session when the refused state flips while the page is open", async () => {
    let me = refused;
    fakeServer({ "GET /api/auth/me": () => ok(me) });
    const { queryClient } = renderWithApp(<StoreSettingsPage />, { user: connected });
    expect(card().getByText("Connected")).toBeVisible();

    // What the live updates do on the server's user event: the session is asked again.
    await queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    expect(await card().findByText("Reinstall needed")).toBeVisible();
    expect(card().getByRole("alert")).toHaveTextContent(SHOPIFY_TEXTS.reinstallNeeded);

    me = connected;
    await queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    expect(await card().findByText("Connected")).toBeVisible();
    expect(card().queryByRole("alert")).toBeNull();
  });
});
