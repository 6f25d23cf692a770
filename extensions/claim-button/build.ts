/** `npm run build:claim-button`: writes dist/claim-button.js, prints its size and fails over Shopify's limit. */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { bundleClaimButton, COMPRESSED_LIMIT_BYTES, EXTENSION_DIR } from "./bundle.js";

const output = path.join(EXTENSION_DIR, "dist", "claim-button.js");
const { code, compressedBytes } = await bundleClaimButton();
mkdirSync(path.dirname(output), { recursive: true });
writeFileSync(output, code);

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const within = compressedBytes <= COMPRESSED_LIMIT_BYTES;
console.log(
  `claim-button: ${path.relative(process.cwd(), output)} ${kb(code.byteLength)} minified, ` +
    `${kb(compressedBytes)} compressed (Brotli), limit ${kb(COMPRESSED_LIMIT_BYTES)} compressed`,
);
if (!within) {
  console.error("claim-button: the bundle is over Shopify's compressed size limit and would not deploy");
  process.exit(1);
}
