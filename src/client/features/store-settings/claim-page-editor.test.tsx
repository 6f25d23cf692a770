import { DASHBOARD_CLAIM_STYLE_DEFAULTS } from "@contract/settings";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeServer, ok } from "@/test/fake-server";
import { seller } from "@/test/fixtures";
import { renderWithApp } from "@/test/render";
import { ClaimPageEditor } from "./claim-page-editor";

const proSeller = seller({ subscriptionTier: "pro" });

function openEditor(saved: Parameters<typeof ClaimPageEditor>[0]["saved"] = null) {
  return renderWithApp(<ClaimPageEditor saved={saved} />, { user: proSeller });
}

const preview = () => screen.getByTestId("claim-page-preview");

describe("claim page editor", () => {
  it("starts from the editor's defaults and previews them", async () => {
    fakeServer({});
    const { user } = openEditor();
    expect(screen.getByLabelText("Header Text")).toHaveValue("Claim Your Items");
    expect(screen.getByLabelText("Accent Color")).toHaveValue("#64748b");

    await user.click(screen.getByRole("tab", { name: "Preview" }));
    expect(preview()).toHaveTextContent("Claim Your Items");
    expect(preview()).toHaveTextContent("Welcome! Your ROBLOX items are ready to be claimed.");
    expect(preview()).toHaveTextContent("Thank you for your purchase!");
  });

  it("previews what the buyer will see: a blank text shows the claim page's default", async () => {
    fakeServer({});
    const { user } = openEditor({ ...DASHBOARD_CLAIM_STYLE_DEFAULTS, headerText: "Knife Kings" });
    expect(screen.getByLabelText("Header Text")).toHaveValue("Knife Kings");
    await user.click(screen.getByRole("tab", { name: "Preview" }));
    expect(within(preview()).getByText("Knife Kings")).toHaveStyle({
      color: DASHBOARD_CLAIM_STYLE_DEFAULTS.headerColor,
    });

    await user.click(screen.getByRole("tab", { name: "Editor" }));
    await user.clear(screen.getByLabelText("Header Text"));
    await user.click(screen.getByRole("tab", { name: "Preview" }));
    expect(preview()).toHaveTextContent("Claim Your Order");
  });

  it("refuses to save a colour that is not one, and saves a valid style", async () => {
    const server = fakeServer({
      "POST /api/settings/claim-page-style": (request) =>
        ok({ success: true, style: (request.body as { style: unknown }).style }),
      "GET /api/auth/me": ok(proSeller),
    });
    const { user } = openEditor();
    const save = () => screen.getByRole("button", { name: "Save Styles" });

    await user.clear(screen.getByLabelText("Button Color"));
    await user.type(screen.getByLabelText("Button Color"), "red;}");
    expect(screen.getByText("must be a colour such as #1e293b or rgb(30, 41, 59)")).toBeVisible();
    expect(screen.getByText("Fix the highlighted fields to save.")).toBeVisible();
    expect(save()).toBeDisabled();

    await user.clear(screen.getByLabelText("Button Color"));
    await user.type(screen.getByLabelText("Button Color"), "#e94560");
    await user.click(save());

    expect(await screen.findByText("Claim page styles saved successfully!")).toBeVisible();
    expect(server.sent("POST", "/api/settings/claim-page-style")).toEqual([
      { style: { ...DASHBOARD_CLAIM_STYLE_DEFAULTS, buttonColor: "#e94560" } },
    ]);
  });
});
