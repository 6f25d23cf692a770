import { readFileSync } from "node:fs";
import path from "node:path";
import { JSDOM } from "jsdom";
import { beforeAll, describe, expect, it, vi } from "vitest";
import {
  type Bundle,
  bundleClaimButton,
  COMPRESSED_LIMIT_BYTES,
  EXTENSION_DIR,
  extensionTargets,
} from "../bundle.js";

const THANK_YOU = "purchase.thank-you.block.render";
const ORDER_STATUS = "customer-account.order-status.block.render";
const texts: Record<string, string> = JSON.parse(
  readFileSync(path.join(EXTENSION_DIR, "locales", "en.default.json"), "utf8"),
);

/** What one page shows the extension; `order` is the id as that page gives it. */
interface Page {
  target: typeof THANK_YOU | typeof ORDER_STATUS;
  order: string | undefined;
  email: string | undefined;
  claimBaseUrl?: string;
  inEditor?: boolean;
}

interface HostSignal<T> {
  value: T;
}

let bundle: Bundle;
beforeAll(async () => {
  bundle = await bundleClaimButton();
});
/** The window of the page rendered last. */
let dom: JSDOM;
const body = () => dom.window.document.body;

/**
 * Runs the built bundle as Shopify's host does, in a fresh window of its own: loading it hands the host its Preact Signal
 * class (`setSignals`) and registers each target (`shopify.extend`); the host then exposes the target's API as
 * signals of that class and calls the target's function, which renders into body().
 */
async function render(page: Page) {
  dom = new JSDOM("<!doctype html><html><body></body></html>", { runScripts: "outside-only" });
  let Signal: (new <T>(value: T) => HostSignal<T>) | undefined;
  const registered = new Map<string, () => Promise<void>>();
  const host: Record<string, unknown> = {
    setSignals: (signalClass: typeof Signal) => {
      Signal = signalClass;
    },
    extend: (target: string, run: () => Promise<void>) => registered.set(target, run),
  };
  Object.assign(dom.window, { shopify: host });
  dom.window.eval(new TextDecoder().decode(bundle.code));
  if (!Signal) throw new Error("the bundle did not hand its Signal class to the host");
  expect([...registered.keys()]).toEqual(extensionTargets().map((t) => t.target));

  const settings = new Signal(page.claimBaseUrl === undefined ? {} : { claim_base_url: page.claimBaseUrl });
  // The order status page's order; the thank-you page has its order confirmation instead.
  const order = new Signal(page.order === undefined ? undefined : { id: page.order, name: "#1001" });
  Object.assign(host, {
    settings,
    buyerIdentity: { email: new Signal(page.email) },
    i18n: {
      translate: (key: string) => {
        if (!(key in texts)) throw new Error(`no text for ${key} in locales/en.default.json`);
        return texts[key];
      },
    },
    extension: { target: page.target, editor: page.inEditor ? { type: "checkout" } : undefined },
    ...(page.target === THANK_YOU
      ? { orderConfirmation: new Signal({ order: { id: page.order }, number: "X1Y2Z3", isFirstOrder: true }) }
      : { order }),
  });
  await registered.get(page.target)?.();
  return { settings, order };
}

const button = () => body().querySelector("s-button");

describe("claim button extension", () => {
  it("links the thank-you page's order (an OrderIdentity gid) to its claim page with the buyer's e-mail", async () => {
    await render({
      target: THANK_YOU,
      order: "gid://shopify/OrderIdentity/9007199254740993",
      email: "a+b@example.com",
      claimBaseUrl: " https://claim.example.com/ ",
    });
    expect(button()?.getAttribute("href")).toBe(
      "https://claim.example.com/claim/9007199254740993/a%2Bb%40example.com",
    );
    expect(button()?.getAttribute("target")).toBe("_blank");
    expect(button()?.getAttribute("variant")).toBe("primary");
    expect(button()?.textContent).toBe("Claim your items");
    expect(body().querySelector("s-text")?.textContent).toBe(
      "Your items are delivered in game. Claim them with your ROBLOX username.",
    );
  });

  it("links the order status page's order (an Order gid), once Shopify has processed it", async () => {
    const { order } = await render({
      target: ORDER_STATUS,
      order: undefined,
      email: "buyer@example.com",
      claimBaseUrl: "https://shop.example.com/autodrop",
    });
    expect(body().innerHTML).toBe("");

    order.value = { id: "gid://shopify/Order/450789469", name: "#1001" };
    await vi.waitFor(() =>
      expect(button()?.getAttribute("href")).toBe(
        "https://shop.example.com/autodrop/claim/450789469/buyer%40example.com",
      ),
    );
    expect(button()?.textContent).toBe("Claim your items");
  });

  it("shows buyers nothing without a usable claim page address or without their e-mail", async () => {
    for (const target of [THANK_YOU, ORDER_STATUS] as const) {
      const order = target === THANK_YOU ? "gid://shopify/OrderIdentity/1" : "gid://shopify/Order/1";
      await render({ target, order, email: "buyer@example.com" });
      expect(body().innerHTML).toBe("");
      await render({ target, order, email: "buyer@example.com", claimBaseUrl: "http://claim.example.com" });
      expect(body().innerHTML).toBe("");
      await render({ target, order, email: undefined, claimBaseUrl: "https://claim.example.com" });
      expect(body().innerHTML).toBe("");
    }
  });

  it("asks the seller for the claim page address in the editor, and shows the button once it is entered", async () => {
    for (const target of [THANK_YOU, ORDER_STATUS] as const) {
      const order = target === THANK_YOU ? "gid://shopify/OrderIdentity/7" : "gid://shopify/Order/7";
      const { settings } = await render({ target, order, email: "buyer@example.com", inEditor: true });
      expect(body().querySelector("s-banner")?.textContent).toBe(
        "Enter the claim page address (https://…) in this block's settings to show buyers their Claim button.",
      );
      expect(button()).toBeNull();

      settings.value = { claim_base_url: "https://claim.example.com" };
      await vi.waitFor(() =>
        expect(button()?.getAttribute("href")).toBe("https://claim.example.com/claim/7/buyer%40example.com"),
      );
      expect(body().querySelector("s-banner")).toBeNull();
    }
  });

  it("fits Shopify's compressed bundle size limit", () => {
    expect(bundle.compressedBytes).toBeLessThanOrEqual(COMPRESSED_LIMIT_BYTES);
  });
});
