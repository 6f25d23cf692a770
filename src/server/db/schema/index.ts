export * from "./bot-work.js";
export * from "./commerce.js";
export * from "./core.js";
export * from "./dashboard.js";
export * from "./notifications.js";
export * from "./sandbox.js";
export * from "./sandbox-discord.js";
export * from "./shopify-sandbox.js";
