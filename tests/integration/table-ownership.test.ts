import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

/** `npm run lint:imports` (with its list of older imports) on one folder: its output when it fails, else null. */
function lintImports(dir: string): string | null {
  try {
    execFileSync(
      "npx",
      ["depcruise", path.relative(root, dir), "--config", ".dependency-cruiser.cjs", "--ignore-known"],
      { cwd: root, encoding: "utf8", stdio: "pipe" },
    );
    return null;
  } catch (err) {
    return String((err as { stdout?: string }).stdout);
  }
}

/** Runs the import check on a probe file written into a module's folder, then removes it. */
function probe(module: string, source: string): string | null {
  const dir = mkdtempSync(path.join(root, `src/server/modules/${module}/probe-`));
  try {
    writeFileSync(path.join(dir, "probe.ts"), source);
    return lintImports(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("the import check's table ownership (each table belongs to one module)", () => {
  it("refuses a module that imports another module's table, to write orders behind the orders module's back", () => {
    const failure = probe(
      "settings",
      'import { orders } from "../../../db/schema/orders.js";\nexport const table = orders;\n',
    );
    expect(failure).toMatch(
      /table-owned-by-its-module: .*settings\/probe-.*probe\.ts → .*db\/schema\/orders\.ts/,
    );
  }, 60_000);

  it("refuses the schema's index, which holds every module's tables", () => {
    const failure = probe(
      "settings",
      'import { orders } from "../../../db/schema/index.js";\nexport const table = orders;\n',
    );
    expect(failure).toMatch(/table-owned-by-its-module: .*probe\.ts → .*db\/schema\/index\.ts/);
  }, 60_000);

  it("lets a module import its own tables", () => {
    expect(
      probe(
        "orders",
        'import { orders } from "../../../db/schema/orders.js";\nexport const table = orders;\n',
      ),
    ).toBeNull();
  }, 60_000);
});
