import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { listing } from "@/test/fixtures";
import { renderWithApp } from "@/test/render";
import { ListingCard } from "./listing-card";

describe("a listing card", () => {
  it("writes its created date the way every other screen does (Nov 27, 2026)", () => {
    renderWithApp(
      <ListingCard
        listing={listing("l1", [["knife", 1]], { createdAt: "2026-11-27T12:00:00.000Z" })}
        shopifyUrl={null}
        onAction={() => undefined}
      />,
    );
    expect(screen.getByText("Nov 27, 2026")).toBeVisible();
  });
});
