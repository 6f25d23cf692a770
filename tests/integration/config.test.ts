import { describe, expect, it } from "vitest";
import { exposedSandboxWarning, loadConfig } from "../../src/server/config.js";

const REAL = {
  SANDBOX: "0",
  PUBLIC_URL: "https://autodrop.example",
  SHOPIFY_API_KEY: "k",
  SHOPIFY_API_SECRET: "s",
  CRYPTO_PROVIDER_API_KEY: "c",
  APP_SECRET: "x".repeat(32),
};

describe("listen address", () => {
  it("keeps the sandbox on this machine unless HOST is set; real mode listens everywhere", () => {
    expect(loadConfig({ SANDBOX: "1" }, false).host).toBe("127.0.0.1");
    expect(loadConfig({ SANDBOX: "1", HOST: "0.0.0.0" }, false).host).toBe("0.0.0.0");
    expect(loadConfig(REAL, false).host).toBe("0.0.0.0");
  });

  it("warns when the sandbox is reachable from other hosts, and only then", () => {
    expect(exposedSandboxWarning({ sandbox: true, host: "0.0.0.0" })).toMatch(/other hosts can reach it/);
    expect(exposedSandboxWarning({ sandbox: true, host: "192.0.2.5" })).toMatch(/HOST=127\.0\.0\.1/);
    for (const host of ["127.0.0.1", "localhost", "::1"])
      expect(exposedSandboxWarning({ sandbox: true, host })).toBeNull();
    expect(exposedSandboxWarning({ sandbox: false, host: "0.0.0.0" })).toBeNull();
  });
});

describe("log format", () => {
  it("is pretty at a terminal outside production, JSON otherwise", () => {
    expect(loadConfig({ SANDBOX: "1" }, true).prettyLogs).toBe(true);
    expect(loadConfig({ SANDBOX: "1" }, false).prettyLogs).toBe(false);
    expect(loadConfig({ SANDBOX: "1", NODE_ENV: "production" }, true).prettyLogs).toBe(false);
  });
});

describe("public API write limit", () => {
  it("is design.md's 120 per key and minute unless API_WRITES_PER_MINUTE says otherwise (a load test)", () => {
    expect(loadConfig({ SANDBOX: "1" }, false).apiWritesPerMinute).toBe(120);
    expect(loadConfig({ SANDBOX: "1", API_WRITES_PER_MINUTE: "1000000" }, false).apiWritesPerMinute).toBe(
      1_000_000,
    );
    expect(() => loadConfig({ SANDBOX: "1", API_WRITES_PER_MINUTE: "0" }, false)).toThrow(
      /API_WRITES_PER_MINUTE/,
    );
  });
});
