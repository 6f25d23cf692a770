import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { visualizer } from "rollup-plugin-visualizer";
import { defineConfig, type Plugin } from "vite";

const root = path.dirname(fileURLToPath(import.meta.url));
const server = "http://localhost:5000";

/**
 * Writes a .br and a .gz beside every text file of the build, compressed once at their best levels, so the server
 * sends them precompressed (@fastify/static preCompressed) and spends no CPU per request.
 */
function precompress(outDir: string): Plugin {
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? walk(full) : [full];
    });
  return {
    name: "autodrop-precompress",
    apply: "build",
    closeBundle() {
      for (const file of walk(outDir).filter((f) => /\.(js|css|html|svg|json|txt)$/.test(f))) {
        const data = fs.readFileSync(file);
        if (data.length < 1024) continue;
        fs.writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        fs.writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
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

const outDir = path.join(root, "dist/client");

export default defineConfig(({ mode }) => ({
  root,
  // Static files (favicon, the pre-paint theme script) ship with the client sources.
  publicDir: path.join(root, "src/client/public"),
  plugins: [
    react(),
    tailwindcss(),
    inlineClaimCss(),
    precompress(outDir),
    // `vite build --mode analyze`: the bundler's report of what each chunk pulls in (dist/bundle-report.html).
    mode === "analyze" &&
      visualizer({ filename: path.join(root, "dist/bundle-report.html"), gzipSize: true, brotliSize: true }),
  ],
  resolve: {
    alias: {
      "@contract": path.join(root, "src/contract"),
      "@": path.join(root, "src/client"),
    },
  },
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      // The app, and the buyer's claim page on its own (decision 052).
      input: { main: path.join(root, "index.html"), claim: path.join(root, "claim.html") },
      treeshake: { manualPureFunctions: ["z"] },
      output: {
        // React changes rarely: its own long-cached chunk, loaded by every page.
        codeSplitting: {
          groups: [{ name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
  server: {
    proxy: {
      "/api": { target: server, changeOrigin: false },
      "/__sandbox": { target: server, changeOrigin: false },
    },
  },
}));
