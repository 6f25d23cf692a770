import type { DbOrTx } from "../../db/client.js";
import { deleteExpiredLogins } from "../auth/index.js";
import { deleteOldDeliveries } from "../notifications/index.js";

/** Deletes expired sessions, login challenges that expired more than a day ago, and week-old delivery rows. */
export async function cleanupExpired(
  db: DbOrTx,
  now: Date,
): Promise<{ sessions: number; challenges: number; deliveries: number }> {
  const logins = await deleteExpiredLogins(db, now);
  return { ...logins, deliveries: await deleteOldDeliveries(db, now) };
}
