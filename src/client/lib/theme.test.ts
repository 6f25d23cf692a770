import { describe, expect, it } from "vitest";
import { DEFAULT_THEME, parseTheme, resolveTheme, THEME_STORAGE_KEY, toggledTheme } from "./theme";

describe("theme preference", () => {
  it("is stored under the product key and defaults to dark", () => {
    expect(THEME_STORAGE_KEY).toBe("autodrop-theme");
    expect(DEFAULT_THEME).toBe("dark");
    expect(parseTheme(null)).toBe("dark");
    expect(parseTheme("purple")).toBe("dark");
  });

  it("accepts light, dark and system", () => {
    expect(parseTheme("light")).toBe("light");
    expect(parseTheme("dark")).toBe("dark");
    expect(parseTheme("system")).toBe("system");
  });

  it("resolves system from the operating system's preference", () => {
    expect(resolveTheme("system", true)).toBe("dark");
    expect(resolveTheme("system", false)).toBe("light");
    expect(resolveTheme("light", true)).toBe("light");
  });

  it("toggles between dark and light", () => {
    expect(toggledTheme("dark")).toBe("light");
    expect(toggledTheme("light")).toBe("dark");
  });
});
