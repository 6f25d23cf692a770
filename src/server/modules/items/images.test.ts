import { describe, expect, it } from "vitest";
import { itemTileSvg } from "./images.js";

describe("itemTileSvg", () => {
  it("draws the item's initials and name", () => {
    const svg = itemTileSvg("mm2", "chroma_luger");
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg).toContain(">CL</text>");
    expect(svg).toContain(">Chroma Luger</text>");
  });

  it("uses the first two letters of a one-word name", () => {
    expect(itemTileSvg("growagarden", "raccoon")).toContain(">RA</text>");
  });

  it("colours tiles by game", () => {
    const hueOf = (svg: string) => Number(/hsl\((\d+)/.exec(svg)?.[1]);
    const gag = hueOf(itemTileSvg("growagarden", "raccoon"));
    const mm2 = hueOf(itemTileSvg("mm2", "raccoon"));
    expect(Math.abs(gag - 135)).toBeLessThanOrEqual(20);
    expect(Math.min(Math.abs(mm2 - 355), 360 - Math.abs(mm2 - 355))).toBeLessThanOrEqual(20);
  });
});
