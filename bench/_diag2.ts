import { buildApp } from "../src/server/app.js";
import { testConfig } from "../src/server/config.js";
import { parseShopifyJson, orderWebhookSchema } from "../src/server/integrations/shopify/payload.js";
import { ingestShopifyOrders } from "../src/server/modules/orders/intake.js";
import { freshDatabase } from "./lib.js";
import { seedStores, orderRequests } from "./webhook-ingest.js";
const db = await freshDatabase("diag2");
const app = await buildApp(testConfig({ databaseUrl: db.url, logLevel: "warn" }), { startJobs: false });
const stores = await seedStores(db.url);
await app.ctx.jobs.start();
const next = orderRequests(stores, 9_300_000_000_000_000n);
const make = () => { const r = next() as { headers: Record<string, string>; body: string }; return { shop: r.headers["x-shopify-shop-domain"], order: orderWebhookSchema.parse(parseShopifyJson(r.body)) }; };
for (const size of [1, 10, 50, 100]) {
  const t0 = performance.now(); let n = 0;
  while (performance.now() - t0 < 3000) { const batch = Array.from({ length: size }, make); await ingestShopifyOrders(app.ctx, batch); n += size; }
  const el = performance.now() - t0;

  console.log(`batch ${size}: ${(n / (el / 1000)).toFixed(0)} orders/s, ${(el / (n / size)).toFixed(1)} ms per batch`);
}
await app.close(); await db.drop(); process.exit(0);
