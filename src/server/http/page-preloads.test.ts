import { describe, expect, it } from "vitest";
import { CURRENT_USER_PATH } from "../../contract/session-hint.js";
import { type PagePreloads, pageHtmlFor } from "./page-preloads.js";

const INDEX = '<html><head><script type="module" src="/assets/main.js"></script></head><body></body></html>';
const PRELOADS: PagePreloads = {
  "/dashboard": { signedIn: true, files: ["assets/shell.js", "assets/dashboard.js"] },
  "/claim/:orderId/:email": { signedIn: false, files: ["assets/claim.js"] },
};
const modulepreloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
const fetchPreloads = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="fetch" crossorigin="use-credentials" href="([^"]+)">/g)].map(
    (m) => m[1],
  );
const FIRST_CALLS = { "/dashboard": ["/api/dashboard?period=7d&x=1"] };

describe("a page's HTML", () => {
  const pageHtml = pageHtmlFor(INDEX, PRELOADS, FIRST_CALLS);

  it("names the opened page's chunks in its head, by the route's pattern", () => {
    const html = pageHtml("/dashboard/", false);
    expect(modulepreloads(html)).toEqual(["/assets/shell.js", "/assets/dashboard.js"]);
    expect(html.indexOf("assets/dashboard.js")).toBeLessThan(html.indexOf("</head>"));
    expect(modulepreloads(pageHtml("/claim/1001/a@b.com", true))).toEqual(["/assets/claim.js"]);
  });

  it("preloads the session call and the screen's first calls only for a signed-in screen in a browser holding the hint", () => {
    expect(fetchPreloads(pageHtml("/dashboard", true))).toEqual([
      CURRENT_USER_PATH,
      "/api/dashboard?period=7d&amp;x=1",
    ]);
    expect(fetchPreloads(pageHtml("/dashboard", false))).toEqual([]);
    expect(fetchPreloads(pageHtml("/claim/1001/a@b.com", true))).toEqual([]);
  });

  it("is index.html itself for a path without a lazy page", () => {
    expect(pageHtml("/", true)).toBe(INDEX);
    expect(pageHtml("/dashboardx", true)).toBe(INDEX);
  });
});
