// Every table, for Drizzle (the app's typed client, drizzle-kit) and for code outside the modules (demo data,
// tests). A module imports only its own file here (`npm run check`, rule table-owned-by-its-module; the owner of each
// file is its name, docs/architecture.md).
export * from "./admin.js";
export * from "./api-v1.js";
export * from "./auth.js";
export * from "./bot-gateway.js";
export * from "./bots.js";
export * from "./dashboard.js";
export * from "./inventory.js";
export * from "./items.js";
export * from "./listings.js";
export * from "./notifications.js";
export * from "./orders.js";
export * from "./payments.js";
export * from "./sandbox.js";
export * from "./sandbox-discord.js";
export * from "./sandbox-plisio.js";
export * from "./sandbox-webhooks.js";
export * from "./shopify.js";
export * from "./shopify-sandbox.js";
export * from "./subscriptions.js";
