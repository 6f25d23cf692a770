import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { fail, fakeServer, heldAnswer, ok } from "@/test/fake-server";
import { inventoryEntry } from "@/test/fixtures";
import { renderWithApp } from "@/test/render";
import { WithdrawDialog } from "./withdraw-dialog";

const ENTRIES = [
  inventoryEntry("harvester", "Harvester", 3),
  inventoryEntry("luger", "Luger", 1),
  inventoryEntry("carrot", "Carrot Seed", 5, "growagarden"),
];
const ACCOUNT = {
  success: true,
  userId: 1001,
  username: "DemoSeller",
  displayName: "Demo Seller",
  imageUrl: null,
};

function openWithdrawDialog() {
  const onOpenChange = vi.fn();
  const view = renderWithApp(<WithdrawDialog open onOpenChange={onOpenChange} entries={ENTRIES} />);
  const dialog = () => screen.getByRole("dialog");
  return { ...view, onOpenChange, dialog };
}

describe("withdraw dialog", () => {
  it("lists the items by game and checks the choice before looking the user up", async () => {
    const server = fakeServer({ "POST /api/orders/claim/validate-username": ok(ACCOUNT) });
    const { user, dialog } = openWithdrawDialog();
    expect(screen.getByRole("heading", { name: "Withdraw Items" })).toBeVisible();
    expect(within(dialog()).getByRole("group", { name: "Murder Mystery 2" })).toHaveTextContent("Harvester");
    expect(within(dialog()).getByRole("group", { name: "Grow a Garden" })).toHaveTextContent("Carrot Seed");
    const cont = () => within(dialog()).getByRole("button", { name: "Continue" });

    await user.click(cont());
    expect(await screen.findByText("Please select at least one item")).toBeVisible();

    await user.click(screen.getByRole("checkbox", { name: "Harvester" }));
    await user.click(screen.getByRole("checkbox", { name: "Carrot Seed" }));
    await user.click(cont());
    expect(await screen.findByText("Cannot mix items from different games")).toBeVisible();

    await user.click(screen.getByRole("checkbox", { name: "Carrot Seed" }));
    await user.click(cont());
    expect(await screen.findByText("Please enter your ROBLOX username")).toBeVisible();

    await user.type(screen.getByLabelText("ROBLOX Username"), "DemoSeller");
    await user.clear(screen.getByLabelText("Quantity of Harvester"));
    await user.type(screen.getByLabelText("Quantity of Harvester"), "4");
    await user.click(cont());
    expect(await screen.findByText("Quantity for Harvester must be between 1 and 3")).toBeVisible();

    expect(server.sent("POST", "/api/orders/claim/validate-username")).toEqual([]);
  });

  it("confirms the ROBLOX account in step 2, can go back, and creates the withdrawal", async () => {
    const lookup = heldAnswer(ok(ACCOUNT));
    const server = fakeServer({
      "POST /api/orders/claim/validate-username": lookup.route,
      "POST /api/withdrawals/create": ok({
        success: true,
        withdrawal: { id: "w-1", status: "unclaimed", game: "mm2", robloxUsername: "Builder" },
      }),
    });
    const { user, dialog, onOpenChange } = openWithdrawDialog();
    await user.type(screen.getByLabelText("ROBLOX Username"), " DemoSeller ");
    await user.click(screen.getByRole("checkbox", { name: "Harvester" }));
    await user.clear(screen.getByLabelText("Quantity of Harvester"));
    await user.type(screen.getByLabelText("Quantity of Harvester"), "2");
    await user.click(screen.getByRole("checkbox", { name: "Luger" }));
    await user.click(within(dialog()).getByRole("button", { name: "Continue" }));

    expect(within(dialog()).getByRole("button", { name: "Checking..." })).toBeDisabled();
    lookup.release();

    expect(await screen.findByRole("heading", { name: "Confirm Withdrawal" })).toBeVisible();
    expect(server.sent("POST", "/api/orders/claim/validate-username")).toEqual([{ username: "DemoSeller" }]);
    expect(dialog()).toHaveTextContent("Are you sure this is you?");
    expect(dialog()).toHaveTextContent("Demo Seller");
    expect(dialog()).toHaveTextContent("@DemoSeller");
    expect(dialog()).toHaveTextContent("User ID: 1001");
    const picked = within(dialog()).getByRole("list", { name: "Items to withdraw" });
    expect(picked).toHaveTextContent("Harvesterx2");
    expect(picked).toHaveTextContent("Lugerx1");

    await user.click(within(dialog()).getByRole("button", { name: "Back" }));
    expect(screen.getByLabelText("ROBLOX Username")).toHaveValue(" DemoSeller ");
    expect(screen.getByLabelText("Quantity of Harvester")).toHaveValue(2);
    await user.click(within(dialog()).getByRole("button", { name: "Continue" }));
    await user.click(await within(dialog()).findByRole("button", { name: "Confirm Withdrawal" }));

    expect(await screen.findByText("Withdrawal created successfully!")).toBeVisible();
    expect(server.sent("POST", "/api/withdrawals/create")).toEqual([
      {
        items: [
          { itemId: "harvester", quantity: 2 },
          { itemId: "luger", quantity: 1 },
        ],
        robloxUsername: "DemoSeller",
      },
    ]);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("shows the server's reason when the account cannot be found or the withdrawal is refused", async () => {
    const server = fakeServer({
      "POST /api/orders/claim/validate-username": fail(404, "ROBLOX user not found"),
    });
    const { user, dialog, onOpenChange } = openWithdrawDialog();
    await user.type(screen.getByLabelText("ROBLOX Username"), "Nobody_zz9");
    await user.click(screen.getByRole("checkbox", { name: "Luger" }));
    await user.click(within(dialog()).getByRole("button", { name: "Continue" }));

    expect(await screen.findByText("ROBLOX user not found")).toBeVisible();
    expect(screen.getByRole("heading", { name: "Withdraw Items" })).toBeVisible();

    server.answer("POST /api/orders/claim/validate-username", ok(ACCOUNT));
    server.answer("POST /api/withdrawals/create", fail(409, "You already have a pending withdrawal"));
    await user.click(within(dialog()).getByRole("button", { name: "Continue" }));
    await user.click(await within(dialog()).findByRole("button", { name: "Confirm Withdrawal" }));

    expect(await screen.findByText("You already have a pending withdrawal")).toBeVisible();
    await waitFor(() =>
      expect(within(dialog()).getByRole("button", { name: "Confirm Withdrawal" })).toBeEnabled(),
    );
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
