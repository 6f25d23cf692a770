import type { StoreProduct } from "@contract/shopify";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { fail, fakeServer, ok } from "@/test/fake-server";
import { inventoryEntry, listing } from "@/test/fixtures";
import { renderWithApp } from "@/test/render";
import { LinkItemsDialog } from "./link-items-dialog";

const INVENTORY = [
  inventoryEntry("harvester", "Harvester", 5),
  inventoryEntry("luger", "Luger", 1),
  inventoryEntry("carrot", "Carrot Seed", 4, "growagarden"),
];

/** Two Harvesters are already linked to an active listing, so three are free to link. */
const LISTINGS = [listing("listing-1", [["harvester", 2]])];

const PRODUCTS: StoreProduct[] = [
  {
    id: "gid://shopify/Product/9007199254740993",
    title: "Luger",
    handle: "luger",
    variants: [
      { id: "gid://shopify/ProductVariant/9007199254740995", title: "Default Title", price: "4.99" },
    ],
    image: null,
  },
];

function openLinkDialog(routes = {}) {
  const server = fakeServer({
    "GET /api/inventory": ok(INVENTORY),
    "GET /api/listings": ok(LISTINGS),
    "GET /api/shopify/products": ok(PRODUCTS),
    "POST /api/listings/link": ok(listing("l-new", [["item-1", 1]])),
    ...routes,
  });
  const onOpenChange = vi.fn();
  const view = renderWithApp(<LinkItemsDialog open onOpenChange={onOpenChange} />);
  return { ...view, server, onOpenChange, dialog: () => screen.getByRole("dialog") };
}

async function chooseProduct(user: ReturnType<typeof openLinkDialog>["user"], title: string) {
  await user.click(await screen.findByRole("combobox", { name: "Shopify Product" }));
  await user.click(await screen.findByRole("option", { name: title }));
}

describe("link items dialog", () => {
  it("shows what is still free to link and keeps one game per listing", async () => {
    const { user } = openLinkDialog();

    expect(await screen.findByText("Available: 3 (2 linked)", { exact: false })).toBeVisible();
    expect(screen.getByRole("checkbox", { name: "Carrot Seed" })).toBeEnabled();
    await user.click(screen.getByRole("checkbox", { name: "Harvester" }));
    expect(screen.getByRole("checkbox", { name: "Carrot Seed" })).toBeDisabled();
    expect(screen.getByRole("checkbox", { name: "Luger" })).toBeEnabled();
  });

  it("marks store variants that already have a listing as linked and does not offer them", async () => {
    const product = (id: string, title: string, variants: [id: string, title: string][]): StoreProduct => ({
      id,
      title,
      handle: title.toLowerCase(),
      variants: variants.map(([vid, vtitle]) => ({ id: vid, title: vtitle, price: "4.99" })),
      image: null,
    });
    const { user } = openLinkDialog({
      "GET /api/listings": ok([
        listing("listing-1", [["harvester", 1]], { shopifyVariantId: "11" }),
        listing("listing-2", [["luger", 1]], {
          shopifyProductId: "20",
          shopifyVariantId: "21",
          isActive: false,
        }),
      ]),
      "GET /api/shopify/products": ok([
        product("10", "Harvester", [
          ["11", "Red"],
          ["12", "Blue"],
        ]),
        product("20", "Luger", [["21", "Default Title"]]),
      ]),
    });

    await user.click(await screen.findByRole("combobox", { name: "Shopify Product" }));
    expect(screen.getByRole("option", { name: "Luger (already linked)" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    await user.click(screen.getByRole("option", { name: "Harvester" }));
    // The one variant still free is picked for the seller.
    expect(screen.getByRole("combobox", { name: "Variant" })).toHaveTextContent("Blue · $4.99");
    await user.click(screen.getByRole("combobox", { name: "Variant" }));
    expect(screen.getByRole("option", { name: "Red · $4.99 (already linked)" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    expect(screen.getByRole("option", { name: "Blue · $4.99" })).not.toHaveAttribute("aria-disabled");
  });

  it("needs a listing and items, and no more of an item than is free", async () => {
    const { user, server, dialog } = openLinkDialog();
    const link = () => within(dialog()).getByRole("button", { name: "Link Items" });
    await screen.findByRole("checkbox", { name: "Harvester" });

    await user.click(link());
    expect(await screen.findByText("Please select a Shopify listing and add items to link")).toBeVisible();

    await chooseProduct(user, "Luger");
    expect(screen.getByRole("combobox", { name: "Variant" })).toHaveTextContent("Default · $4.99");
    await user.click(link());
    expect(await screen.findByText("Please select a Shopify listing and add items to link")).toBeVisible();

    await user.click(screen.getByRole("checkbox", { name: "Harvester" }));
    await user.clear(screen.getByLabelText("Quantity of Harvester"));
    await user.type(screen.getByLabelText("Quantity of Harvester"), "4");
    await user.click(link());
    expect(await screen.findByText("Not enough Harvester in inventory (available: 3)")).toBeVisible();

    expect(server.sent("POST", "/api/listings/link")).toEqual([]);
  });

  it("links the items with the stock, which falls back to 1 when it is not a whole number of at least 1", async () => {
    const { user, server, onOpenChange } = openLinkDialog();
    await user.click(await screen.findByRole("checkbox", { name: "Luger" }));
    await chooseProduct(user, "Luger");
    expect(screen.getByLabelText("Stock Quantity")).toHaveValue(10);
    await user.clear(screen.getByLabelText("Stock Quantity"));
    await user.type(screen.getByLabelText("Stock Quantity"), "0{Enter}");

    expect(await screen.findByText("Items linked to Shopify listing successfully!")).toBeVisible();
    expect(server.sent("POST", "/api/listings/link")).toEqual([
      {
        shopifyProductId: "gid://shopify/Product/9007199254740993",
        shopifyVariantId: "gid://shopify/ProductVariant/9007199254740995",
        stockQuantity: 1,
        items: [{ itemId: "luger", quantity: 1 }],
      },
    ]);
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.getByLabelText("Stock Quantity")).toHaveValue(1);
  });

  it("shows the server's refusal, or its own fallback", async () => {
    const { user, server, onOpenChange } = openLinkDialog({
      "POST /api/listings/link": fail(
        403,
        "Your free plan allows up to 20 listings. Upgrade your plan to add more.",
      ),
    });
    await user.click(await screen.findByRole("checkbox", { name: "Luger" }));
    await chooseProduct(user, "Luger");
    await user.click(screen.getByRole("button", { name: "Link Items" }));
    expect(
      await screen.findByText("Your free plan allows up to 20 listings. Upgrade your plan to add more."),
    ).toBeVisible();

    server.answer("POST /api/listings/link", { status: 500, body: {} });
    await user.click(screen.getByRole("button", { name: "Link Items" }));
    expect(await screen.findByText("Failed to link items")).toBeVisible();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it("says when the store's products cannot be loaded", async () => {
    openLinkDialog({
      "GET /api/shopify/products": fail(502, "Shopify is not reachable right now. Please try again."),
    });

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Could not load your Shopify products");
    expect(alert).toHaveTextContent("Shopify is not reachable right now. Please try again.");
  });
});
