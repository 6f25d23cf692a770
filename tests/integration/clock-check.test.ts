import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

/** `npm run check`'s clock rule on the tree with one probe file in a module's folder: its output when it fails. */
function checkWith(fileName: string, source: string): string | null {
  const dir = mkdtempSync(path.join(root, "src/server/modules/settings/probe-"));
  try {
    writeFileSync(path.join(dir, fileName), source);
    execFileSync("node", ["scripts/check-clock.mjs"], { cwd: root, encoding: "utf8", stdio: "pipe" });
    return null;
  } catch (err) {
    return String((err as { stderr?: string }).stderr);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("the clock rule (modules take the time from ctx.clock())", () => {
  it("refuses Date.now() and an argument-less new Date() in a module, naming file and line", () => {
    const failure = checkWith(
      "probe.ts",
      "export const a = 1;\nexport const at = Date.now();\nexport const day = new Date().getUTCDay();\n",
    );
    expect(failure).toMatch(/settings\/probe-[^/]+\/probe\.ts:2: export const at = Date\.now\(\);/);
    expect(failure).toMatch(
      /settings\/probe-[^/]+\/probe\.ts:3: export const day = new Date\(\)\.getUTCDay\(\);/,
    );
  });

  it("lets a module convert the clock's instant, and keeps a read that says why after clock-ok:", () => {
    expect(
      checkWith(
        "probe.ts",
        [
          "declare const ctx: { clock: () => number };",
          "export const at = new Date(ctx.clock());",
          "export const started = Date.now(); // clock-ok: the process's own uptime, not the app's time",
        ].join("\n"),
      ),
    ).toBeNull();
  });

  it("leaves a module's unit tests alone (they fix their own instants)", () => {
    expect(checkWith("probe.test.ts", "export const at = Date.now();\n")).toBeNull();
  });
});
