import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { MIGRATIONS_FOLDER } from "../paths.js";
import type { Database } from "./client.js";

/** Applies the checked-in drizzle-kit migrations; the same files serve both drivers. */
export async function runMigrations(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  // The lock keeps several instances starting at once from racing on the same migration.
  await database.withLock(727274, async () => {
    if (database.driver === "postgres") await migratePg(database.db as never, config);
    else await migratePglite(database.db as never, config);
  });
}
