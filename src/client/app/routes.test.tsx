import { isPagePath, PAGE_PATHS } from "@contract/pages";
import { describe, expect, it } from "vitest";
import { ADMIN_ROUTES, PUBLIC_ROUTES, SELLER_ROUTES } from "./routes";

describe("the page list the server answers 200 for", () => {
  it("names exactly the app's routes, and '/'", () => {
    const routes = [...PUBLIC_ROUTES, ...SELLER_ROUTES, ...ADMIN_ROUTES].map((r) => r.path);
    expect([...PAGE_PATHS].sort()).toEqual(["/", ...routes].sort());
  });

  it("matches concrete paths of those routes and nothing else", () => {
    for (const path of ["/", "/login", "/claim/1001/a@b.com", "/claim/key", "/dashboard/"])
      expect(isPagePath(path), path).toBe(true);
    for (const path of ["/nope", "/claim/a/b/c", "/dashboardx", "/login/extra"])
      expect(isPagePath(path), path).toBe(false);
  });
});
