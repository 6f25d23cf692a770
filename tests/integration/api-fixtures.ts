import type { App } from "../../src/server/app.js";
import { createItem, grant, uniqueName } from "./bot-fixtures.js";
import { signIn } from "./helpers.js";

export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

/** A seller on `tier` who turned the API on through the page's route, with its key and `units` of a new mm2 item. */
export async function apiSeller(app: App, opts: { tier?: "basic" | "pro"; units?: number } = {}) {
  const seller = await signIn(app, uniqueName("Api"), { tier: opts.tier ?? "basic" });
  const toggle = await app.inject({
    method: "POST",
    url: "/api/settings/api-integration",
    headers: seller.headers,
    payload: { enabled: true },
  });
  if (toggle.statusCode !== 200) throw new Error(`enabling the API: ${toggle.statusCode} ${toggle.body}`);
  const item = await createItem(app, "mm2");
  await grant(app, seller.userId, item.id, opts.units ?? 10);
  const key: string = toggle.json().apiKey;
  /** POST /api/v1/create-order with this seller's key. */
  const createOrder = (items: object[] = [{ codeName: item.codeName, quantity: 1 }], headers = {}) =>
    app.inject({
      method: "POST",
      url: "/api/v1/create-order",
      headers: { ...bearer(key), ...headers },
      payload: { items },
    });
  return { seller, key, item, createOrder };
}
