import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { inventoryEntry } from "@/test/fixtures";
import { InventoryCard } from "./inventory-card";

const AVERNUS = inventoryEntry("item-1", "Avernus", 3);
const ENTRY = { ...AVERNUS, item: { ...AVERNUS.item, imageUrl: "/item-images/mm2/avernus.png" } };

describe("an inventory card's image", () => {
  it("loads at once and first in the first row, where the phone's largest paint is", () => {
    render(<InventoryCard entry={ENTRY} inFirstRow onView={() => {}} />);
    const image = screen.getByRole("img", { name: "Avernus" });
    expect(image.getAttribute("loading")).toBe("eager");
    expect(image.getAttribute("fetchpriority")).toBe("high");
  });

  it("loads lazily further down the grid", () => {
    render(<InventoryCard entry={ENTRY} onView={() => {}} />);
    const image = screen.getByRole("img", { name: "Avernus" });
    expect(image.getAttribute("loading")).toBe("lazy");
    expect(image.getAttribute("fetchpriority")).toBe("auto");
  });
});
