// Refuses a test that sleeps a second or more (npm run check): a test waits for the event it expects (a job
// drained, tests/integration/jobs.ts; a message seen; a clock moved on), not for time to pass. A pause that is
// itself what the test measures says why on its line or the line above, after "sleep-ok:".
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const ROOTS = ["tests", "src", "extensions/claim-button/test"];
const TEST_FILE = /(\.test\.tsx?|^tests\/.*\.ts)$/;
/** setTimeout(fn, N) and sleep(N) / delay(N) with a literal N of 1,000 ms or more. */
const LONG_SLEEP = /\b(?:setTimeout\([^;]*?,\s*|sleep\(|delay\()(\d[\d_]*)\s*\)/g;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules") yield* files(full);
    } else yield full;
  }
}

const found = [];
for (const root of ROOTS)
  for (const file of files(root)) {
    if (!TEST_FILE.test(file)) continue;
    const lines = readFileSync(file, "utf8").split("\n");
    lines.forEach((line, i) => {
      for (const m of line.matchAll(LONG_SLEEP)) {
        if (Number(m[1].replaceAll("_", "")) < 1000) continue;
        if (line.includes("sleep-ok:") || lines[i - 1]?.includes("sleep-ok:")) continue;
        found.push(`${file}:${i + 1}: ${line.trim()}`);
      }
    });
  }
if (found.length > 0) {
  console.error(
    `Tests sleep a second or more (wait for the event instead, or say why after "sleep-ok:"):\n${found.join("\n")}`,
  );
  process.exit(1);
}
