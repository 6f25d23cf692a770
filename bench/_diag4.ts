import pg from "pg";
import { buildApp } from "../src/server/app.js";
import { testConfig } from "../src/server/config.js";
import { freshDatabase } from "./lib.js";
import { seedStores } from "./webhook-ingest.js";
const db = await freshDatabase("diag4");
const app = await buildApp(testConfig({ databaseUrl: db.url, logLevel: "warn" }), { startJobs: false });
const stores = await seedStores(db.url);
const c = new pg.Client({ connectionString: db.url }); await c.connect();
const shops = stores.map((s) => s.shop); const variants = stores.flatMap((s) => s.variants);
for (let i = 0; i < 2; i++) {
const { rows } = await c.query(`EXPLAIN (ANALYZE, BUFFERS) SELECT s.domain, s.user_id, l.id AS listing_id, l.game, l.shopify_variant_id, li.item_id, li.quantity
       FROM shops s
       LEFT JOIN listings l ON l.user_id = s.user_id AND l.is_active AND l.shopify_variant_id = ANY($2::text[])
       LEFT JOIN listing_items li ON li.listing_id = l.id
      WHERE s.domain = ANY($1::text[]) AND s.uninstalled_at IS NULL`, [shops, variants]);
console.log(rows.map((r) => r["QUERY PLAN"]).join("\n"));
}
await c.end(); await app.close(); await db.drop(); process.exit(0);
