// Client features call endpoints through the contract (src/contract/endpoints, `api()`), never by a hand-written
// path: a quoted "/api/…" in a feature's source is refused (tests may name paths, they describe the wire).
import fs from "node:fs";
import path from "node:path";

const root = "src/client/features";
const API_PATH_LITERAL = /["'`]\/api\//;

const files = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });

const found = files(root).flatMap((file) =>
  fs
    .readFileSync(file, "utf8")
    .split("\n")
    .flatMap((line, i) => (API_PATH_LITERAL.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
);

if (found.length > 0) {
  console.error(
    `API paths written by hand in client features (declare the endpoint in src/contract/endpoints and call it with api()):\n${found.join("\n")}`,
  );
  process.exit(1);
}
