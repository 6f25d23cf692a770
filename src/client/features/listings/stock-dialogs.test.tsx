import { screen, within } from "@testing-library/react";
import type { ReactElement } from "react";
import { describe, expect, it, vi } from "vitest";
import { fail, fakeServer, heldAnswer, ok } from "@/test/fake-server";
import { listing } from "@/test/fixtures";
import { renderWithApp } from "@/test/render";
import { DeleteListingDialog, StockDialog } from "./stock-dialogs";

const LISTING = listing("listing-7", [], { title: "Harvester bundle" });

function open(ui: (onOpenChange: (open: boolean) => void) => ReactElement) {
  const onOpenChange = vi.fn();
  return { ...renderWithApp(ui(onOpenChange)), onOpenChange, dialog: () => screen.getByRole("dialog") };
}

describe("Add Stock", () => {
  it("takes a whole number above 0 and adds it", async () => {
    const change = heldAnswer(ok({ success: true, newStockQuantity: 15 }));
    const server = fakeServer({ "POST /api/listings/listing-7/add-stock": change.route });
    const { user, dialog, onOpenChange } = open((onOpenChange) => (
      <StockDialog kind="add" listing={LISTING} open onOpenChange={onOpenChange} />
    ));
    expect(dialog()).toHaveTextContent("Harvester bundle: 10 in stock.");

    await user.click(within(dialog()).getByRole("button", { name: "Add Stock" }));
    expect(await screen.findByText("Please enter a valid stock amount greater than 0")).toBeVisible();
    await user.type(screen.getByLabelText("Stock to add"), "0");
    await user.click(within(dialog()).getByRole("button", { name: "Add Stock" }));
    expect(await screen.findByText("Please enter a valid stock amount greater than 0")).toBeVisible();
    expect(server.sent("POST", "/api/listings/listing-7/add-stock")).toEqual([]);

    await user.clear(screen.getByLabelText("Stock to add"));
    await user.type(screen.getByLabelText("Stock to add"), "5");
    await user.click(within(dialog()).getByRole("button", { name: "Add Stock" }));
    expect(within(dialog()).getByRole("button", { name: "Adding..." })).toBeDisabled();
    change.release();

    expect(await screen.findByText("Stock Added")).toBeVisible();
    expect(screen.getByText("New stock: 15")).toBeVisible();
    expect(server.sent("POST", "/api/listings/listing-7/add-stock")).toEqual([{ stockToAdd: 5 }]);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("shows the server's error, or Failed to add stock", async () => {
    const server = fakeServer({
      "POST /api/listings/listing-7/add-stock": fail(404, "Listing not found"),
    });
    const { user, dialog, onOpenChange } = open((onOpenChange) => (
      <StockDialog kind="add" listing={LISTING} open onOpenChange={onOpenChange} />
    ));
    await user.type(screen.getByLabelText("Stock to add"), "5");
    await user.click(within(dialog()).getByRole("button", { name: "Add Stock" }));
    expect(await screen.findByText("Listing not found")).toBeVisible();

    server.answer("POST /api/listings/listing-7/add-stock", { status: 500, body: {} });
    await user.click(within(dialog()).getByRole("button", { name: "Add Stock" }));
    expect(await screen.findByText("Failed to add stock")).toBeVisible();
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});

describe("Deduct Stock", () => {
  it("takes at least 1 and at most the current stock", async () => {
    const server = fakeServer({
      "POST /api/listings/listing-7/deduct-stock": ok({ success: true, newStockQuantity: 6 }),
    });
    const { user, dialog, onOpenChange } = open((onOpenChange) => (
      <StockDialog kind="deduct" listing={LISTING} open onOpenChange={onOpenChange} />
    ));

    await user.type(screen.getByLabelText("Stock to deduct"), "11");
    await user.click(within(dialog()).getByRole("button", { name: "Deduct Stock" }));
    expect(await screen.findByText("Please enter a valid amount between 1 and 10")).toBeVisible();
    expect(server.sent("POST", "/api/listings/listing-7/deduct-stock")).toEqual([]);

    await user.clear(screen.getByLabelText("Stock to deduct"));
    await user.type(screen.getByLabelText("Stock to deduct"), "4");
    await user.click(within(dialog()).getByRole("button", { name: "Deduct Stock" }));

    expect(await screen.findByText("Stock deducted successfully!")).toBeVisible();
    expect(screen.getByText("New stock: 6")).toBeVisible();
    expect(server.sent("POST", "/api/listings/listing-7/deduct-stock")).toEqual([{ stockToDeduct: 4 }]);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});

describe("Delete Listing", () => {
  it("deletes from Autodrop only, or from Shopify as well when asked", async () => {
    const server = fakeServer({
      "DELETE /api/listings/listing-7": ok({ success: true }),
    });
    const { user, dialog, onOpenChange } = open((onOpenChange) => (
      <DeleteListingDialog listing={LISTING} open onOpenChange={onOpenChange} />
    ));
    expect(dialog()).toHaveTextContent('Delete "Harvester bundle"? Its items stay in your inventory.');

    await user.click(screen.getByRole("checkbox", { name: "Also delete from Shopify" }));
    await user.click(within(dialog()).getByRole("button", { name: "Delete" }));

    expect(await screen.findByText("Listing deleted")).toBeVisible();
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "DELETE /api/listings/listing-7?deleteFromShopify=true",
    ]);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("says Failed to delete listing when the server gives no reason", async () => {
    fakeServer({ "DELETE /api/listings/listing-7": { status: 500, body: {} } });
    const { user, dialog } = open((onOpenChange) => (
      <DeleteListingDialog listing={LISTING} open onOpenChange={onOpenChange} />
    ));
    await user.click(within(dialog()).getByRole("button", { name: "Delete" }));

    expect(await screen.findByText("Failed to delete listing")).toBeVisible();
  });
});
