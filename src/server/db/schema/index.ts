export * from "./commerce.js";
export * from "./core.js";
export * from "./sandbox.js";
