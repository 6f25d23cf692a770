import path from "node:path";
import { z } from "zod";
import { API_RATE_LIMITS } from "../contract/api.js";

/** Sandbox credentials: documented in docs/sandbox.md; used by both the app and its emulators. */
export const SANDBOX_DEFAULTS = {
  shopifyApiKey: "sandbox-shopify-api-key",
  shopifyApiSecret: "sandbox-shopify-api-secret",
  cryptoProviderApiKey: "sandbox-plisio-secret-key",
  appSecret: "sandbox-app-secret-change-me-in-production",
  adminUsernames: ["DemoAdmin"],
} as const;

const boolish = z
  .enum(["0", "1", "true", "false", "yes", "no", "on", "off"])
  .transform((v) => ["1", "true", "yes", "on"].includes(v));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().min(1).optional(),
  NODE_ENV: z.string().optional(),
  DATABASE_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  SANDBOX: boolish.default(true),
  PUBLIC_URL: z.url().optional(),
  CLAIM_HOST: z.string().min(1).optional(),
  ADMIN_USERNAMES: z.string().optional(),
  SHOPIFY_API_KEY: z.string().min(1).optional(),
  SHOPIFY_API_SECRET: z.string().min(1).optional(),
  CRYPTO_PROVIDER_API_KEY: z.string().min(1).optional(),
  APP_SECRET: z.string().min(32).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SEED_DEMO: boolish.optional(),
  TRUST_PROXY: boolish.default(false),
  UNPAID_ORDER_RELEASE_HOURS: z.coerce.number().positive().max(8760).default(72),
  API_WRITES_PER_MINUTE: z.coerce.number().int().positive().default(API_RATE_LIMITS.writes),
});

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  sandbox: boolean;
  publicUrl: string;
  claimHost: string | undefined;
  adminUsernames: string[];
  shopifyApiKey: string;
  shopifyApiSecret: string;
  cryptoProviderApiKey: string;
  /** Secret for encrypting stored third-party tokens. */
  appSecret: string;
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  /** One coloured line a request (pino-pretty) for a person at a terminal; JSON lines otherwise and in production. */
  prettyLogs: boolean;
  seedDemo: boolean;
  /** Behind a reverse proxy: take the client IP (for per-IP rate limits) from X-Forwarded-For. */
  trustProxy: boolean;
  /** Hours a Shopify order may stay unpaid before its reserved items are released (decision 028). */
  unpaidOrderReleaseHours: number;
  /** Public API writes per key and minute (design.md: 120); raised only for a load test (decision 054). */
  apiWritesPerMinute: number;
  /** Base URLs of external services; in sandbox mode they point at this server's /__sandbox. */
  services: { robloxUsers: string; robloxThumbnails: string; discordApi: string; cryptoApi: string };
}

export class ConfigError extends Error {}

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  stdoutIsTerminal = Boolean(process.stdout.isTTY),
): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  if (!e.SANDBOX) {
    const required = [
      "PUBLIC_URL",
      "SHOPIFY_API_KEY",
      "SHOPIFY_API_SECRET",
      "CRYPTO_PROVIDER_API_KEY",
      "APP_SECRET",
    ] as const;
    const missing = required.filter((k) => !e[k]);
    if (missing.length > 0) {
      throw new ConfigError(`Real mode (SANDBOX=0) needs these variables: ${missing.join(", ")}`);
    }
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
  const sandboxBase = `${publicUrl}/__sandbox`;
  const admins = e.ADMIN_USERNAMES
    ? e.ADMIN_USERNAMES.split(",")
        .map((s) => s.trim())
        .filter(Boolean)
    : e.SANDBOX
      ? [...SANDBOX_DEFAULTS.adminUsernames]
      : [];
  return {
    port: e.PORT,
    // The sandbox lets anyone sign in as anyone: it listens on this machine only unless HOST says otherwise.
    host: e.HOST ?? (e.SANDBOX ? "127.0.0.1" : "0.0.0.0"),
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    sandbox: e.SANDBOX,
    publicUrl,
    claimHost: e.CLAIM_HOST,
    adminUsernames: admins,
    shopifyApiKey: e.SHOPIFY_API_KEY ?? SANDBOX_DEFAULTS.shopifyApiKey,
    shopifyApiSecret: e.SHOPIFY_API_SECRET ?? SANDBOX_DEFAULTS.shopifyApiSecret,
    cryptoProviderApiKey: e.CRYPTO_PROVIDER_API_KEY ?? SANDBOX_DEFAULTS.cryptoProviderApiKey,
    appSecret: e.APP_SECRET ?? SANDBOX_DEFAULTS.appSecret,
    logLevel: e.LOG_LEVEL,
    prettyLogs: stdoutIsTerminal && e.NODE_ENV !== "production",
    seedDemo: e.SEED_DEMO ?? e.SANDBOX,
    trustProxy: e.TRUST_PROXY,
    unpaidOrderReleaseHours: e.UNPAID_ORDER_RELEASE_HOURS,
    apiWritesPerMinute: e.API_WRITES_PER_MINUTE,
    services: e.SANDBOX
      ? {
          robloxUsers: `${sandboxBase}/roblox/users`,
          robloxThumbnails: `${sandboxBase}/roblox/thumbnails`,
          discordApi: `${sandboxBase}/discord`,
          cryptoApi: `${sandboxBase}/plisio/api/v1`,
        }
      : {
          robloxUsers: "https://users.roblox.com",
          robloxThumbnails: "https://thumbnails.roblox.com",
          discordApi: "https://discord.com",
          cryptoApi: "https://api.plisio.net/api/v1",
        },
  };
}

/** Whether a listen address is reachable only from this machine. */
function isLoopbackHost(host: string): boolean {
  return host === "localhost" || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** The warning to print when a sandbox (where anyone can sign in as anyone) listens beyond this machine. */
export function exposedSandboxWarning(config: Pick<Config, "sandbox" | "host">): string | null {
  if (!config.sandbox || isLoopbackHost(config.host)) return null;
  return (
    `WARNING: the sandbox listens on ${config.host}, so other hosts can reach it. Anyone who reaches it can sign in ` +
    "as any user through the sandbox Roblox pages. Set HOST=127.0.0.1, or see docs/operations.md (exposing safely)."
  );
}

/** Config for tests: sandbox on, in-memory database unless a URL is given. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({ SANDBOX: "1", PORT: "0", LOG_LEVEL: "silent", SEED_DEMO: "0" }, false);
  return { ...base, dataDir: "memory://", ...overrides };
}
