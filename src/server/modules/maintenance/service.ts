import { lt } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { loginChallenges, sessions } from "../../db/schema/index.js";

/** Expired login challenges stay a day, so a late "expired" answer can still tell them apart from wrong phrases. */
const CHALLENGE_GRACE_MS = 86_400_000;

/** Deletes expired sessions and login challenges that expired more than a day ago. */
export async function cleanupExpired(
  db: DbOrTx,
  now = new Date(),
): Promise<{ sessions: number; challenges: number }> {
  const goneSessions = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, now))
    .returning({ tokenHash: sessions.tokenHash });
  const goneChallenges = await db
    .delete(loginChallenges)
    .where(lt(loginChallenges.expiresAt, new Date(now.getTime() - CHALLENGE_GRACE_MS)))
    .returning({ id: loginChallenges.id });
  return { sessions: goneSessions.length, challenges: goneChallenges.length };
}
