import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const config = createRequire(import.meta.url)(path.join(root, ".dependency-cruiser.cjs")) as {
  forbidden: { name: string; from: { path: string[] }; to: { path: string; pathNot: string[] } }[];
};
const rule = config.forbidden.find((r) => r.name === "emulator-imports-no-client")!;
const matches = (patterns: string | string[], file: string) =>
  [patterns].flat().some((p) => new RegExp(p).test(file));
const forbidden = (from: string, to: string) =>
  matches(rule.from.path, from) && matches(rule.to.path, to) && !matches(rule.to.pathNot, to);

describe("the import check's emulator rule (decisions 039 and 043)", () => {
  it("refuses each emulator its service's client, signer, parser, OAuth helpers and index", () => {
    const cases: [string, string][] = [
      ["src/server/integrations/shopify/sandbox/webhooks.ts", "src/server/integrations/shopify/client.ts"],
      ["src/server/integrations/shopify/sandbox/store.ts", "src/server/integrations/shopify/payload.ts"],
      ["src/server/integrations/shopify/sandbox/oauth.ts", "src/server/integrations/shopify/hmac.ts"],
      ["src/server/integrations/shopify/sandbox/oauth.ts", "src/server/integrations/shopify/oauth.ts"],
      [
        "src/server/integrations/shopify/sandbox/graphql/orders.ts",
        "src/server/integrations/shopify/index.ts",
      ],
      ["src/server/integrations/discord/sandbox.ts", "src/server/integrations/discord/client.ts"],
      ["src/server/integrations/roblox/sandbox.ts", "src/server/integrations/roblox/client.ts"],
      [
        "src/server/integrations/roblox/sandbox-game.ts",
        "src/server/integrations/roblox/sandbox-game-client.ts",
      ],
      ["src/server/integrations/crypto/sandbox/delivery.ts", "src/server/integrations/crypto/verify-hash.ts"],
      ["src/server/integrations/crypto/sandbox/wire.ts", "src/server/integrations/crypto/plisio.ts"],
      ["src/server/integrations/crypto/sandbox/actions.ts", "src/server/integrations/crypto/index.ts"],
    ];
    for (const [from, to] of cases) expect(forbidden(from, to), `${from} -> ${to}`).toBe(true);
  });

  it("lets emulators use their own files and the neutral wire helpers, and clients keep theirs", () => {
    const allowed: [string, string][] = [
      [
        "src/server/integrations/shopify/sandbox/lifecycle.ts",
        "src/server/integrations/shopify/sandbox/store.ts",
      ],
      ["src/server/integrations/shopify/sandbox/store.ts", "src/server/integrations/wire/decimal.ts"],
      ["src/server/integrations/roblox/sandbox.ts", "src/server/integrations/roblox/headshot.ts"],
      ["src/server/integrations/shopify/client.ts", "src/server/integrations/shopify/payload.ts"],
    ];
    for (const [from, to] of allowed) expect(forbidden(from, to), `${from} -> ${to}`).toBe(false);
  });

  it("fails `npm run lint:imports` on an emulator file that imports the client", () => {
    const dir = mkdtempSync(path.join(root, "src/server/integrations/shopify/sandbox/probe-"));
    try {
      writeFileSync(
        path.join(dir, "probe.ts"),
        'import { SHOPIFY_API_VERSION } from "../../client.js";\nexport const v = SHOPIFY_API_VERSION;\n',
      );
      const failure = (() => {
        try {
          execFileSync(
            "npx",
            ["depcruise", path.relative(root, dir), "--config", ".dependency-cruiser.cjs"],
            {
              cwd: root,
              encoding: "utf8",
              stdio: "pipe",
            },
          );
          return null;
        } catch (err) {
          return String((err as { stdout?: string }).stdout);
        }
      })();
      expect(failure).toMatch(/emulator-imports-no-client: .*probe\.ts → .*shopify\/client\.ts/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
