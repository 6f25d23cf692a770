import { createHmac, timingSafeEqual } from "node:crypto";
import express from "express";
import pg from "pg";

/**
 * The yardstick for webhook ingest (docs/performance.md): a bare Express + node-postgres handler that only verifies the
 * Shopify signature and inserts the body. No idempotency, no orders, no reservation, no jobs.
 */
const secret = process.env.SHOPIFY_API_SECRET ?? "sandbox-shopify-api-secret";
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
await pool.query(`CREATE TABLE IF NOT EXISTS baseline_webhooks (
  id bigserial PRIMARY KEY, shop text NOT NULL, webhook_id text NOT NULL, body text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now())`);

const app = express();
app.get("/health", (_req, res) => {
  res.send("ok");
});
app.post(
  "/api/webhooks/shopify/orders",
  express.raw({ type: "application/json", limit: "1mb" }),
  async (req, res) => {
    const body = req.body as Buffer;
    const given = Buffer.from(req.get("x-shopify-hmac-sha256") ?? "", "base64");
    const expected = createHmac("sha256", secret).update(body).digest();
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      res.status(401).json({ error: "Unauthorized" });
      return;
    }
    await pool.query("INSERT INTO baseline_webhooks (shop, webhook_id, body) VALUES ($1, $2, $3)", [
      req.get("x-shopify-shop-domain") ?? "",
      req.get("x-shopify-webhook-id") ?? "",
      body.toString("utf8"),
    ]);
    res.status(200).json({ ok: true });
  },
);
const server = app.listen(Number(process.env.PORT), process.env.HOST ?? "127.0.0.1");
process.on("SIGTERM", () => server.close(() => pool.end().then(() => process.exit(0))));
