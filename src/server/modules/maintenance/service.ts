import { lt } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { loginChallenges, sessions } from "../../db/schema/auth.js";
import { notificationDeliveries } from "../../db/schema/notifications.js";

/** Expired login challenges stay a day, so a late "expired" answer can still tell them apart from wrong phrases. */
const CHALLENGE_GRACE_MS = 86_400_000;
/** A Discord job's retries end within hours (8 tries with backoff), so its delivery row is of no use after a week. */
const DELIVERY_KEEP_MS = 7 * 86_400_000;

/** Deletes expired sessions, login challenges that expired more than a day ago, and week-old delivery rows. */
export async function cleanupExpired(
  db: DbOrTx,
  now: Date,
): Promise<{ sessions: number; challenges: number; deliveries: number }> {
  const goneSessions = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, now))
    .returning({ tokenHash: sessions.tokenHash });
  const goneChallenges = await db
    .delete(loginChallenges)
    .where(lt(loginChallenges.expiresAt, new Date(now.getTime() - CHALLENGE_GRACE_MS)))
    .returning({ id: loginChallenges.id });
  const goneDeliveries = await db
    .delete(notificationDeliveries)
    .where(lt(notificationDeliveries.createdAt, new Date(now.getTime() - DELIVERY_KEEP_MS)))
    .returning({ jobId: notificationDeliveries.jobId });
  return {
    sessions: goneSessions.length,
    challenges: goneChallenges.length,
    deliveries: goneDeliveries.length,
  };
}
