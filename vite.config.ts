import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { visualizer } from "rollup-plugin-visualizer";
import { defineConfig, type Plugin, perEnvironmentPlugin, runnerImport } from "vite";
import { PAGE_PATHS } from "./src/contract/pages";
import { PAGE_PRELOADS_FILE } from "./src/server/http/page-preloads";

const root = path.dirname(fileURLToPath(import.meta.url));
const ALIASES = {
  "@contract": path.join(root, "src/contract"),
  "@": path.join(root, "src/client"),
};
const server = "http://localhost:5000";

/**
 * Writes a .br and a .gz beside every text file of the build, compressed once at their best levels, so the server
 * sends them precompressed (@fastify/static preCompressed) and spends no CPU per request.
 */
function precompress(outDir: string): void {
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? walk(full) : [full];
    });
  for (const file of walk(outDir).filter((f) => /\.(js|css|html|svg|json|txt)$/.test(f))) {
    const data = fs.readFileSync(file);
    if (data.length < 1024) continue;
    fs.writeFileSync(
      `${file}.br`,
      brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    fs.writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  }
}

/**
 * Puts the claim page's stylesheet into claim.html as a <style> element: the page then paints after one request
 * for the HTML instead of waiting for a render-blocking stylesheet on a slow phone link (decision 052).
 */
function inlineClaimCss(): Plugin {
  return {
    name: "autodrop-inline-claim-css",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        if (!ctx.bundle || path.basename(ctx.filename) !== "claim.html") return html;
        const bundle = ctx.bundle;
        return html.replace(
          /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g,
          (_, file: string) => {
            const asset = bundle[file];
            if (asset?.type !== "asset")
              throw new Error(`claim.html links ${file}, which is not in the build`);
            delete bundle[file];
            return `<style>${String(asset.source)}</style>`;
          },
        );
      },
    },
  };
}

const PAGE_LOADERS_MODULE = path.join(root, "src/client/app/page-loaders.ts");

/**
 * Writes page-preloads.json: for every path of the app's lazy-page table (src/client/app/page-loaders.ts), the
 * chunks its page needs beyond the app's entry (the shell's too, for a signed-in screen), and whether it is signed
 * in. The server adds them to the page's HTML as modulepreloads (decision 061): on a phone link the page's chunks
 * then download beside the entry's instead of after it has run. The table is read from its source; a path it cannot
 * read, or a page without a chunk, stops the build.
 */
function pagePreloads(): Plugin {
  return {
    name: "autodrop-page-preloads",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async generateBundle(_, bundle) {
      const source = fs.readFileSync(PAGE_LOADERS_MODULE, "utf8");
      const entries = [
        ...source.matchAll(
          /"(\/[^"]*)":\s*\{\s*load:\s*\(\)\s*=>\s*import\("([^"]+)"\),?\s*(signedIn:\s*true)?/g,
        ),
      ];
      const shellImport = /loadAppShell = \(\) => import\("([^"]+)"\)/.exec(source)?.[1];
      const expected = PAGE_PATHS.filter((pagePath) => pagePath !== "/");
      const read = entries.map(([, pagePath]) => pagePath);
      if (!shellImport || read.length !== expected.length || expected.some((p) => !read.includes(p)))
        throw new Error(
          `page-loaders.ts: read ${read.join(", ")}; the app's pages are ${expected.join(", ")}`,
        );

      const chunks = Object.values(bundle).filter((file) => file.type === "chunk");
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (fileName: string, into = new Set<string>()): Set<string> => {
        if (into.has(fileName)) return into;
        into.add(fileName);
        for (const imported of byFile.get(fileName)?.imports ?? []) closure(imported, into);
        return into;
      };
      const chunkOf = async (specifier: string): Promise<string> => {
        const id = (await this.resolve(specifier, PAGE_LOADERS_MODULE))?.id;
        const chunk = chunks.find((c) => c.facadeModuleId === id);
        if (!chunk) throw new Error(`page-loaders.ts imports ${specifier}, which has no chunk of its own`);
        return chunk.fileName;
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) throw new Error("the app's build has no entry chunk");
      const loadedByEntry = closure(entry.fileName);
      const shell = closure(await chunkOf(shellImport));
      const preloads: Record<string, { signedIn: boolean; files: string[] }> = {};
      for (const [, pagePath = "", specifier = "", signedIn] of entries) {
        const files = closure(await chunkOf(specifier), signedIn ? new Set(shell) : new Set());
        preloads[pagePath] = {
          signedIn: Boolean(signedIn),
          files: [...files].filter((file) => !loadedByEntry.has(file)),
        };
      }
      this.emitFile({ type: "asset", fileName: PAGE_PRELOADS_FILE, source: JSON.stringify(preloads) });
    },
  };
}

/** Runs a module of the sources in Node at build time, through Vite's module runner with the app's aliases. */
async function runInNode<T>(file: string): Promise<T> {
  const { module } = await runnerImport<T>(file, {
    configFile: false,
    root,
    logLevel: "warn",
    resolve: { alias: ALIASES },
  });
  return module;
}

const ENDPOINTS_DIR = path.join(root, "src/contract/endpoints");

/** An endpoint of the contract as the server declares it (src/contract/endpoint.ts), as far as this build reads it. */
interface DeclaredEndpoint {
  method: string;
  path: string;
  status: number;
  response: unknown;
}

const isEndpoint = (value: unknown): value is DeclaredEndpoint =>
  typeof value === "object" && value !== null && "method" in value && "path" in value && "response" in value;

/** Strings, numbers, arrays and objects of them: what JSON writes out as it is. */
const isPlainData = (value: unknown): boolean =>
  ["string", "number", "boolean"].includes(typeof value) ||
  value === null ||
  (Array.isArray(value) && value.every(isPlainData)) ||
  (typeof value === "object" &&
    Object.getPrototypeOf(value) === Object.prototype &&
    Object.values(value).every(isPlainData));

/**
 * One endpoints module of the contract as the production client gets it: each endpoint's method, path and status,
 * and for a JSON answer a pass-through in place of its schema; other exports (constants) as they are. A shape it
 * does not know stops the build.
 */
function clientEndpointsModule(file: string, exports: Record<string, unknown>): string {
  const lines = ["const trusted = { safeParse: (data) => ({ success: true, data }) };"];
  for (const [name, value] of Object.entries(exports)) {
    const group = typeof value === "object" && value !== null ? Object.entries(value) : [];
    if (group.length > 0 && group.every(([, endpoint]) => isEndpoint(endpoint))) {
      const routes = group.map(([key, endpoint]) => {
        const { method, path: route, status, response } = endpoint as DeclaredEndpoint;
        const answer = response === null ? "null" : "trusted";
        return `${JSON.stringify(key)}: { method: ${JSON.stringify(method)}, path: ${JSON.stringify(route)}, status: ${status}, response: ${answer} }`;
      });
      lines.push(`export const ${name} = { ${routes.join(", ")} };`);
    } else if (isPlainData(value)) {
      lines.push(`export const ${name} = ${JSON.stringify(value)};`);
    } else {
      throw new Error(
        `${path.relative(root, file)} exports ${name}, which the client's build cannot reproduce`,
      );
    }
  }
  return lines.join("\n");
}

/**
 * The production client calls the contract's endpoints without their zod schemas (decision 064): the server already
 * serialises every answer through its response schema (fastify-type-provider-zod), so parsing it again in the
 * browser cost a phone 40 kB of zod and its start-up time on every page, and only ever caught a page older than the
 * server. Each module of src/contract/endpoints/ is run once at the build's start (Vite's module runner) and given
 * to the client's bundle as its routes; the development server and the tests keep the real modules, and so keep
 * checking every answer against its schema.
 */
function endpointRoutesForClient(): Plugin {
  const modules = new Map<string, string>();
  return {
    name: "autodrop-client-endpoint-routes",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async buildStart() {
      const files = fs
        .readdirSync(ENDPOINTS_DIR)
        .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
        .map((file) => path.join(ENDPOINTS_DIR, file));
      for (const file of files)
        modules.set(file, clientEndpointsModule(file, await runInNode<Record<string, unknown>>(file)));
    },
    load(id) {
      return modules.get(id.split("?")[0] ?? id) ?? null;
    },
  };
}

const CONTRACT_DIR = path.join(root, "src/contract");

/** Initialisers that compute something at load (a schema: `z.object(...)`, `base.extend(...)`, `{ a: z.string() }`). */
const COMPUTED = new Set([
  "CallExpression",
  "NewExpression",
  "ObjectExpression",
  "ArrayExpression",
  "MemberExpression",
]);

/**
 * Wraps each top-level `const` of a contract module that computes its value in a call marked pure, for the client's
 * build: a schema no page uses is then dropped, and zod with the last of them, whether it is a `z.…` call, a schema
 * built from another schema's method (`money.nullable()`, `base.extend(...)`) or one with a computed argument
 * (`Object.keys(...)`), which kept zod in the seller's pages although no page parses with it (decision 064). The
 * contract's modules declare schemas and constants and do nothing else at load, so skipping an unused one changes
 * nothing. (Marking calls of `z` pure by name, `manualPureFunctions`, is not possible since the app is built on
 * Preact, whose minified render calls a function of its own named `z`: decision 065.)
 */
function pureContractConstants(): Plugin {
  return {
    name: "autodrop-pure-contract-constants",
    apply: "build",
    enforce: "post",
    applyToEnvironment: (environment) => environment.name === "client",
    transform(code, id) {
      const file = id.split("?")[0] ?? id;
      if (!file.startsWith(CONTRACT_DIR + path.sep) || !file.endsWith(".ts")) return null;
      const inits: { start: number; end: number }[] = [];
      for (const statement of this.parse(code).body) {
        const declaration = statement.type === "ExportNamedDeclaration" ? statement.declaration : statement;
        if (declaration?.type !== "VariableDeclaration") continue;
        for (const { init } of declaration.declarations)
          if (init && COMPUTED.has(init.type)) inits.push(init);
      }
      if (inits.length === 0) return null;
      let marked = code;
      for (const { start, end } of inits.sort((a, b) => b.start - a.start))
        marked = `${marked.slice(0, start)}/* @__PURE__ */ (() => (${marked.slice(start, end)}))()${marked.slice(end)}`;
      return { code: marked, map: null };
    },
  };
}

/**
 * Preact 11, installed under its own name (package.json's `preact-11` alias): the Shopify extension's libraries
 * use the `preact` package, version 10, which this must not move.
 */
const PREACT = "preact-11";

/** React's modules as Preact's compatibility layer provides them. */
const PREACT_COMPAT: Record<string, string> = {
  react: `${PREACT}/compat`,
  "react-dom": `${PREACT}/compat`,
  "react-dom/client": `${PREACT}/compat/client`,
  "react/jsx-runtime": `${PREACT}/compat/jsx-runtime`,
  "react/jsx-dev-runtime": `${PREACT}/compat/jsx-dev-runtime`,
};

/**
 * Builds the app and the claim entry against Preact's compatibility layer instead of React (decisions 055 and 065).
 * Any other react or react-dom module stops the build: it would bring React's renderer back into a phone's pages.
 * Preact's own modules import `preact`, which here means the aliased package. The dev server and the component tests
 * stay on React; the browser tests run the built pages.
 */
function preactInBuild(): Plugin {
  return {
    name: "autodrop-build-preact",
    apply: "build",
    enforce: "pre",
    resolveId(source, importer, options) {
      const preactPath = /^preact(\/.*)?$/.exec(source);
      const target = preactPath ? `${PREACT}${preactPath[1] ?? ""}` : PREACT_COMPAT[source];
      if (!target) {
        if (/^react(-dom)?(\/|$)/.test(source))
          throw new Error(
            `${importer ?? "the build"} imports ${source}, which Preact's compatibility layer lacks`,
          );
        return null;
      }
      return this.resolve(target, importer, { ...options, skipSelf: true });
    },
  };
}

const outDir = path.join(root, "dist/client");

/** The prerendered landing page's file beside index.html; the server sends it for a signed-out visitor's "/". */
const LANDING_HTML = "landing.html";

/**
 * Writes landing.html: index.html with the landing page's first render inside #root (src/client/landing-prerender.tsx,
 * run through Vite's module runner with the app's aliases), so a phone paints it before any JavaScript arrives.
 */
async function prerenderLanding(): Promise<void> {
  const module = await runInNode<{ renderLanding: () => string }>(
    path.join(root, "src/client/landing-prerender.tsx"),
  );
  const indexHtml = fs.readFileSync(path.join(outDir, "index.html"), "utf8");
  const empty = '<div id="root"></div>';
  if (!indexHtml.includes(empty)) throw new Error("index.html has no empty #root to prerender into");
  fs.writeFileSync(
    path.join(outDir, LANDING_HTML),
    indexHtml.replace(empty, `<div id="root">${module.renderLanding()}</div>`),
  );
}

export default defineConfig(({ command, mode }) => ({
  root,
  // Static files (favicon, the pre-paint theme script) ship with the client sources.
  publicDir: path.join(root, "src/client/public"),
  plugins: [
    react(),
    tailwindcss(),
    inlineClaimCss(),
    pagePreloads(),
    endpointRoutesForClient(),
    pureContractConstants(),
    preactInBuild(),
    // `vite build --mode analyze`: the bundler's report of what each chunk pulls in, one per build
    // (dist/bundle-report.html for the app, dist/bundle-report-claim.html for the claim page).
    mode === "analyze" &&
      perEnvironmentPlugin("autodrop-bundle-report", (environment) =>
        visualizer({
          filename: path.join(
            root,
            environment.name === "claim" ? "dist/bundle-report-claim.html" : "dist/bundle-report.html",
          ),
          gzipSize: true,
          brotliSize: true,
        }),
      ),
  ],
  resolve: { alias: ALIASES },
  build: {
    outDir,
    sourcemap: false,
  },
  environments: {
    client: {
      build: {
        emptyOutDir: true,
        manifest: true,
        rolldownOptions: {
          input: { main: path.join(root, "index.html") },
          output: {
            // The renderer changes rarely: its own long-cached chunk, loaded by every page of the app. What the lazy
            // pages share is one chunk (decision 067): left to itself, the bundler cut it into a chunk per set of pages
            // that share a module, 22 files for a signed-in page, and a phone's six connections fetched them in turns.
            // The entry's own modules stay in the entry (the landing page loads nothing more), and the charts and zod
            // stay with the pages that use them; the groups above app-shared take their modules first.
            codeSplitting: {
              groups: [
                { name: "preact", test: /node_modules[\\/]preact-11[\\/]/, priority: 3 },
                { name: "main", tags: ["$initial"], priority: 2 },
                { name: "recharts", test: /node_modules[\\/]recharts[\\/]/, priority: 1 },
                { name: "zod", test: /node_modules[\\/]zod[\\/]/, priority: 1 },
                {
                  name: "app-shared",
                  minShareCount: 2,
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
        },
      },
    },
    // The buyer's claim page on its own (decision 052), built after the app into the same directory, against
    // Preact instead of React (decision 055). Its modules are compiled again for it, so no chunk is shared with
    // the app: each build's chunks hold only what its own pages reach. The dev server has no such environment (it
    // would scan and prebundle every dependency twice): there claim.html runs on React, like every other page.
    ...(command === "build" && {
      claim: {
        consumer: "client",
        build: {
          emptyOutDir: false,
          copyPublicDir: false,
          rolldownOptions: { input: { claim: path.join(root, "claim.html") } },
        },
      },
    }),
  },
  builder: {
    // The app first: its build empties the output directory.
    async buildApp(builder) {
      const { client, claim } = builder.environments;
      if (!client || !claim) throw new Error("vite.config.ts lost the client or claim environment");
      await builder.build(client);
      await builder.build(claim);
      await prerenderLanding();
      precompress(outDir);
    },
  },
  server: {
    proxy: {
      "/api": { target: server, changeOrigin: false },
      "/__sandbox": { target: server, changeOrigin: false },
    },
  },
}));
