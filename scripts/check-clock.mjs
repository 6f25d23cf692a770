// Refuses a module that reads the system clock (npm run check): services take the time from `ctx.clock()` (or a
// `now` their caller passes), so a test can run the app at a fixed instant. A read that truly must stay says why
// on its line, after "clock-ok:".
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const ROOT = "src/server/modules";
/** Date.now() and new Date() without an argument (new Date(x) only converts an instant it was given). */
const SYSTEM_CLOCK = /\bDate\.now\(\s*\)|\bnew Date\(\s*\)/;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) yield full;
  }
}

const found = [];
for (const file of files(ROOT))
  readFileSync(file, "utf8")
    .split("\n")
    .forEach((line, i) => {
      if (SYSTEM_CLOCK.test(line) && !line.includes("clock-ok:"))
        found.push(`${file}:${i + 1}: ${line.trim()}`);
    });
if (found.length > 0) {
  console.error(
    `Modules read the system clock (take ctx.clock() or a \`now\` parameter, or say why after "clock-ok:"):\n${found.join("\n")}`,
  );
  process.exit(1);
}
