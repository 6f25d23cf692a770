import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fail, fakeServer, heldAnswer, ok } from "@/test/fake-server";
import { seller } from "@/test/fixtures";
import { renderWithApp } from "@/test/render";
import { LoginPage } from "./login-page";

const CHALLENGE = {
  success: false,
  needsSetup: true,
  username: "NewSeller",
  verificationPhrase: "apple river stone cloud",
  robloxUserId: 2002,
};

describe("login page", () => {
  it("keeps Continue disabled while the username is blank and says so on Enter", async () => {
    const server = fakeServer({});
    const { user } = renderWithApp(<LoginPage />);
    expect(screen.getByRole("heading", { name: "Login Autodrop" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Continue" })).toBeDisabled();

    await user.type(screen.getByLabelText("ROBLOX Username"), "   {Enter}");

    expect(await screen.findByText("Please enter your ROBLOX username")).toBeVisible();
    expect(screen.getByRole("button", { name: "Continue" })).toBeDisabled();
    expect(server.requests).toEqual([]);
  });

  it("shows the phrase to place in the profile, then verifies and goes to the dashboard", async () => {
    const verify = heldAnswer(ok({ success: true, needsSetup: true }));
    const server = fakeServer({
      "POST /api/auth/login": ok(CHALLENGE),
      "POST /api/auth/verify": verify.route,
      "GET /api/auth/me": ok(seller({ username: "NewSeller", setupCompleted: false })),
    });
    const { user } = renderWithApp(<LoginPage />);
    await user.type(screen.getByLabelText("ROBLOX Username"), " NewSeller ");
    await user.click(screen.getByRole("button", { name: "Continue" }));

    expect(await screen.findByRole("heading", { name: "Verify Your Account" })).toBeVisible();
    expect(screen.getByText("Add the verification phrase to your ROBLOX profile")).toBeVisible();
    expect(screen.getByLabelText("Verification phrase")).toHaveValue("apple river stone cloud");
    expect(server.sent("POST", "/api/auth/login")).toEqual([{ username: "NewSeller" }]);

    await user.click(screen.getByRole("button", { name: "Verify & Login" }));
    expect(screen.getByRole("button", { name: "Verifying..." })).toBeDisabled();
    verify.release();

    await waitFor(() => expect(window.location.pathname).toBe("/dashboard"));
    expect(server.sent("POST", "/api/auth/verify")).toEqual([
      { username: "NewSeller", verificationPhrase: "apple river stone cloud", robloxUserId: 2002 },
    ]);
    expect(server.sent("GET", "/api/auth/me")).toHaveLength(1);
  });

  it("shows a failed login as the status and the server's error", async () => {
    fakeServer({
      "POST /api/auth/login": fail(404, "ROBLOX user not found. Check the username and try again."),
    });
    const { user } = renderWithApp(<LoginPage />);
    await user.type(screen.getByLabelText("ROBLOX Username"), "Nobody_zz9{Enter}");

    expect(
      await screen.findByText("404: ROBLOX user not found. Check the username and try again."),
    ).toBeVisible();
    expect(screen.getByRole("heading", { name: "Login Autodrop" })).toBeVisible();
  });
});
