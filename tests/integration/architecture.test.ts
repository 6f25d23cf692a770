import fs from "node:fs";
import path from "node:path";
import Fastify from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import type { Endpoint } from "../../src/contract/endpoint.js";
import { MODULES } from "../../src/server/app.js";
import { testConfig } from "../../src/server/config.js";
import type { AppContext, AppModule } from "../../src/server/context.js";
import { at, missing } from "../../src/server/db/rows.js";
import { createProviders } from "../../src/server/integrations/index.js";
import { PROJECT_ROOT } from "../../src/server/paths.js";

/** docs/architecture.md is checked against the code, so it stays true. */
const DOC = fs.readFileSync(path.join(PROJECT_ROOT, "docs/architecture.md"), "utf8");
const SERVER = path.join(PROJECT_ROOT, "src/server");

const foldersWithIndex = (dir: string) =>
  fs
    .readdirSync(path.join(SERVER, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory() && fs.existsSync(path.join(SERVER, dir, e.name, "index.ts")))
    .map((e) => e.name)
    .sort();

/** The rows of the Markdown table whose header row starts with `| first |`, as trimmed cells without backticks. */
function table(first: string): string[][] {
  const lines = DOC.split("\n");
  const start = lines.findIndex((l) => l.startsWith(`| ${first} |`));
  expect(start, `a table headed "${first}" in docs/architecture.md`).toBeGreaterThanOrEqual(0);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith("|")) break;
    rows.push(
      line
        .slice(1, -1)
        .split("|")
        .map((cell) => cell.trim().replaceAll("`", "")),
    );
  }
  return rows;
}

const SCOPES = ["public", "seller", "admin", "bot", "apiKey"];
const words = (cell: string, allowed: string[]) =>
  [...new Set(cell.split(/[^a-zA-Z-]+/).filter((w) => allowed.includes(w)))].sort();

/** A module's routes, registered on a bare Fastify with a stand-in context (no database needed). */
async function routesOf(module: AppModule, withMethod = false): Promise<string[]> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const urls: string[] = [];
  app.addHook("onRoute", (route) => {
    const keyed = (route.constraints as { caller?: string } | undefined)?.caller === "api-key";
    const url = keyed ? `${route.url} (API key)` : route.url;
    for (const method of [route.method].flat()) urls.push(withMethod ? `${method} ${url}` : url);
  });
  const ctx = {
    config: testConfig(),
    db: {},
    jobs: { define: () => {} },
    rateLimits: { perIp: () => async () => {} },
  } as unknown as AppContext;
  await app.register(module.plugin, { ctx });
  await app.ready();
  await app.close();
  return [...new Set(urls)];
}

describe("docs/architecture.md", () => {
  const moduleRows = table("module");
  const urlRows = table("URL prefix");

  it("lists every module folder, and app.ts registers every one of them", () => {
    const folders = foldersWithIndex("modules");
    expect(MODULES.map((m) => m.name).sort()).toEqual(folders);
    expect(moduleRows.map(([name = missing("name")]) => name.replace("modules/", "")).sort()).toEqual(
      folders,
    );
  });

  it("names each module's auth scopes and the modules it uses as the code does", () => {
    for (const [cell = missing("cell"), , scopes = missing("scopes"), uses = missing("uses")] of moduleRows) {
      const name = cell.replace("modules/", "");
      const dir = path.join(SERVER, "modules", name);
      const sources = fs
        .readdirSync(dir)
        .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
        .map((f) => fs.readFileSync(path.join(dir, f), "utf8"))
        .join("\n");
      const index = fs.readFileSync(path.join(dir, "index.ts"), "utf8");
      const scopesInCode = [...index.matchAll(/scoped\(\w+, ctx, "(\w+)"/g)].map((m) => m[1]);
      expect(words(scopes, SCOPES), `${name}'s scopes`).toEqual([...new Set(scopesInCode)].sort());
      const usedInCode = [...sources.matchAll(/from "\.\.\/([a-z0-9-]+)\/index\.js"/g)].map((m) => m[1]);
      const moduleNames = MODULES.map((m) => m.name);
      expect(words(uses, moduleNames), `the modules ${name} uses`).toEqual([...new Set(usedInCode)].sort());
    }
  });

  it("names each table's owner: a schema file per module, each listed with exactly the tables it defines", async () => {
    const dir = path.join(SERVER, "db/schema");
    const files = fs.readdirSync(dir).filter((f) => !["index.ts", "columns.ts"].includes(f));
    const moduleNames = MODULES.map((m) => m.name);
    const owned = files.filter((f) => !f.includes("sandbox")).map((f) => f.replace(/\.ts$/, ""));
    for (const owner of owned) expect(moduleNames, `${owner}.ts is named after a module`).toContain(owner);
    const rows = new Map(table("schema file (owner)").map(([file, tables]) => [file, tables]));
    for (const owner of owned) {
      const source = fs.readFileSync(path.join(dir, `${owner}.ts`), "utf8");
      const tables = [...source.matchAll(/pgTable\(\s*"(\w+)"/g)].map((m) => m[1]);
      const listed = rows.get(`${owner}.ts`);
      expect(listed, `${owner}.ts in the table of owners`).toBeDefined();
      if (owner === "dashboard") continue; // its many roll-up tables are described, not listed
      expect(listed?.split(", ").sort(), `the tables of ${owner}.ts`).toEqual(tables.sort());
    }
  });

  it("names only operations the owners' index files export, and files that exist", () => {
    const section = DOC.slice(DOC.indexOf("What the owners export"), DOC.indexOf("### The order pipeline"));
    const exported = foldersWithIndex("modules")
      .map((name) => fs.readFileSync(path.join(SERVER, "modules", name, "index.ts"), "utf8"))
      .join("\n");
    const names = [...section.matchAll(/`([a-z][A-Za-z]+)`/g)].map((m) => m[1] ?? missing("name"));
    expect(names).toContain("lockClaimant");
    for (const name of names) expect(exported, name).toMatch(new RegExp(`\\b${name}\\b`));
    for (const [, file = missing("file")] of section.matchAll(/`((?:orders|shopify)\/[a-z-]+\.ts)`/g))
      expect(fs.existsSync(path.join(SERVER, "modules", file)), file).toBe(true);
  });

  it("lists exactly the modules' URL prefixes, each with its module", () => {
    const declared = MODULES.flatMap((m) => [
      ...m.prefixes.map((prefix) => [prefix, m.name]),
      ...(m.apiKeyRoutes ?? []).map((url) => [`${url} (API key)`, m.name]),
    ]);
    expect(urlRows.map(([prefix, name]) => [prefix, name]).sort()).toEqual(declared.sort());
  });

  it("finds every route's module from its URL in one look-up (the longest matching prefix)", async () => {
    const byLength = urlRows.toSorted((a, b) => at(b, 0).length - at(a, 0).length);
    const owner = (url: string) =>
      byLength.find(([prefix = missing("prefix")]) => url.startsWith(prefix))?.[1];
    for (const module of MODULES) {
      for (const url of await routesOf(module)) expect(owner(url), url).toBe(module.name);
    }
  });

  it("serves every endpoint the contract declares with its method and path", async () => {
    const dir = path.join(PROJECT_ROOT, "src/contract/endpoints");
    const declared: string[] = [];
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".ts"))) {
      const groups = Object.values(await import(path.join(dir, file))).filter(
        (v): v is Record<string, Endpoint> => typeof v === "object" && !Array.isArray(v),
      );
      for (const endpoint of groups.flatMap((group) => Object.values(group)))
        declared.push(`${endpoint.method} ${endpoint.path}`);
    }
    const served = new Set((await Promise.all(MODULES.map((m) => routesOf(m, true)))).flat());
    expect(declared.length).toBeGreaterThan(50);
    for (const route of declared) expect(served.has(route), route).toBe(true);
  });

  it("names every provider, and the app builds exactly those", () => {
    const folders = foldersWithIndex("integrations");
    const providerRows = table("provider");
    expect(providerRows.map(([name = missing("name")]) => name.replace("integrations/", "")).sort()).toEqual(
      folders,
    );
    const built = createProviders({
      config: testConfig(),
      fetch: async () => new Response(null, { status: 204 }),
      log: { warn: () => {} } as never,
    });
    expect(Object.keys(built).sort()).toEqual(folders);
  });

  it("claims an emulator only where a provider has one", () => {
    const emulated = [...DOC.matchAll(/\/__sandbox\/([a-z0-9-]+)/g)].map((m) => m[1]);
    // The crypto provider's emulator is named for the service it stands in for; the others are sandbox-only routes.
    const known = [...foldersWithIndex("integrations"), "plisio", "bot-keys", "subscription-keys"];
    for (const name of emulated) expect(known, `/__sandbox/${name}`).toContain(name);
  });
});
