import type { DiscountCode } from "@contract/discount-codes";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fail, fakeServer, ok } from "@/test/fake-server";
import { renderWithApp } from "@/test/render";
import { DiscountCodesTab } from "./discount-codes-tab";

const DEMO20: DiscountCode = {
  id: "code-1",
  code: "DEMO20",
  discountPercentage: 20,
  applicablePlans: "both",
  maxUsage: 1000,
  usageCount: 3,
  reservedCount: 0,
  isActive: true,
  createdAt: "2026-11-20T12:00:00.000Z",
};

describe("discount codes tab", () => {
  it("creates a code uppercase with the defaults, and says why the server refused a duplicate", async () => {
    const server = fakeServer({
      "GET /api/admin/discount-codes": ok([DEMO20]),
      "POST /api/admin/discount-codes": fail(409, "A discount code with this code already exists"),
    });
    const { user } = renderWithApp(<DiscountCodesTab />);
    expect(await screen.findByText("3/1000")).toBeVisible();

    await user.click(screen.getByRole("button", { name: "Create Code" }));
    expect(await screen.findByText("Please enter a discount code")).toBeVisible();
    expect(server.requests.filter((r) => r.method === "POST")).toEqual([]);

    await user.type(screen.getByLabelText("Code"), "demo20");
    expect(screen.getByLabelText("Code")).toHaveValue("DEMO20");
    await user.click(screen.getByRole("button", { name: "Create Code" }));
    expect(await screen.findByText("A discount code with this code already exists")).toBeVisible();
    expect(server.requests.find((r) => r.method === "POST")?.body).toEqual({
      code: "DEMO20",
      discountPercentage: 10,
      usageLimit: 100,
      applicablePlans: "both",
      isActive: true,
    });
  });

  it("toggles a code and falls back to Failed to update discount code when the server gives no reason", async () => {
    const server = fakeServer({
      "GET /api/admin/discount-codes": ok([DEMO20]),
      "PATCH /api/admin/discount-codes/code-1": { status: 500, body: {} },
    });
    const { user } = renderWithApp(<DiscountCodesTab />);
    const row = (await screen.findByText("DEMO20")).closest("tr") as HTMLElement;
    await user.click(within(row).getByRole("switch", { name: "DEMO20 active" }));
    expect(await screen.findByText("Failed to update discount code")).toBeVisible();
    expect(server.requests.find((r) => r.method === "PATCH")?.body).toEqual({ isActive: false });
  });
});
