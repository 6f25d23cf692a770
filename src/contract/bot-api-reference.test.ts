import { describe, expect, it } from "vitest";
import { BOT_API_ENDPOINTS, shownPath } from "./bot-api-reference.js";

describe("the Bot API reference", () => {
  it("shows query parameters after the path, as the admin tab always has", () => {
    const shown = BOT_API_ENDPOINTS.map(shownPath);
    expect(shown).toContain("/api/admin/orders/pending?game={game}");
    expect(shown).toContain("/api/bot/work?botUsername={botUsername}");
    expect(shown).toContain("/api/admin/orders/{orderId}/complete");
  });
});
