// `npm start`: builds the client and the server bundle when missing or older than their sources, then serves.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

function buildIfStale(output, sourceDirs, script) {
  const target = path.join(root, output);
  const stale =
    !fs.existsSync(target) ||
    sourceDirs.some((dir) => newestMtime(path.join(root, dir)) > fs.statSync(target).mtimeMs);
  if (!stale) return;
  console.log(`Building (${script})…`);
  const res = spawnSync("npm", ["run", "--silent", script], { cwd: root, stdio: "inherit" });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

buildIfStale("dist/client/index.html", ["src/client", "src/contract"], "build:client");
buildIfStale("dist/server/main.js", ["src/server", "src/contract"], "build:server");

// Running the bundle (not tsx) keeps start-up fast and memory low.
const server = spawn(process.execPath, ["--enable-source-maps", path.join(root, "dist/server/main.js")], {
  cwd: root,
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
