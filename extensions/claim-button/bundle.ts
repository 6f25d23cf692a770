/**
 * Bundles the extension the way `shopify app build` does, so `npm run check` measures what Shopify gets: the same
 * entry (each target's module registered with `shopify.extend`, read from shopify.extension.toml) and the same
 * esbuild options as the Shopify CLI's UI extension build.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import { build } from "esbuild";
import { parse } from "smol-toml";
import { z } from "zod";

export const EXTENSION_DIR = import.meta.dirname;

/**
 * Shopify limits a UI extension's JavaScript bundle to 64 KB compressed from API version 2025-10 on, enforced at
 * deploy and measured with Brotli at quality 11. Read as 64,000 bytes, the stricter of the two readings of "KB".
 */
export const COMPRESSED_LIMIT_BYTES = 64_000;

const extensionConfigSchema = z.object({
  extensions: z.tuple([
    z.object({ targeting: z.array(z.object({ target: z.string(), module: z.string() })).min(1) }),
  ]),
});

/** The `[[extensions.targeting]]` entries of shopify.extension.toml. */
export function extensionTargets(): { target: string; module: string }[] {
  const config = parse(readFileSync(path.join(EXTENSION_DIR, "shopify.extension.toml"), "utf8"));
  return extensionConfigSchema.parse(config).extensions[0].targeting;
}

export interface Bundle {
  code: Uint8Array;
  compressedBytes: number;
}

export async function bundleClaimButton(): Promise<Bundle> {
  const contents = extensionTargets()
    .map(
      ({ target, module }, i) =>
        `import Target_${i} from '${module}';shopify.extend('${target}', (...args) => Target_${i}(...args));`,
    )
    .join("\n");
  const result = await build({
    stdin: { contents, resolveDir: EXTENSION_DIR, loader: "tsx" },
    bundle: true,
    write: false,
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    jsx: "automatic",
    loader: { ".esnext": "ts", ".js": "jsx" },
    legalComments: "none",
    minify: true,
    target: "es6",
    resolveExtensions: [".tsx", ".ts", ".js", ".json", ".esnext", ".mjs", ".ejs"],
    logLevel: "silent",
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error("esbuild wrote no bundle");
  const code = output.contents;
  const compressed = brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  return { code, compressedBytes: compressed.byteLength };
}
