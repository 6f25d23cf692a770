import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { Database } from "./client.js";

export const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../drizzle");

/** Applies the checked-in drizzle-kit migrations; the same files serve both drivers. */
export async function runMigrations(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  // The lock keeps several instances starting at once from racing on the same migration.
  await database.withLock(727274, async () => {
    if (database.driver === "postgres") await migratePg(database.db as never, config);
    else await migratePglite(database.db as never, config);
  });
}
