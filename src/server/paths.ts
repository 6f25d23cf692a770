import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The project root (the folder with package.json), whether running from src/ through tsx or from the dist/ bundle. */
function findProjectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("Cannot find the project root (package.json)");
    dir = parent;
  }
  return dir;
}

export const PROJECT_ROOT = findProjectRoot();
export const CLIENT_DIST = path.join(PROJECT_ROOT, "dist/client");
export const MIGRATIONS_FOLDER = path.join(PROJECT_ROOT, "drizzle");
