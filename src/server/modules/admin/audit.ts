import { and, asc, desc, eq, isNotNull } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { AUDIT_LOG_LIMIT, type AuditKind, type AuditLogResponse } from "../../../contract/admin.js";
import type { AppContext } from "../../context.js";
import type { Db, Tx } from "../../db/client.js";
import { auditLog } from "../../db/schema/admin.js";

/** The admin who made a change. */
export interface AuditActor {
  id: string;
  username: string;
}

/** The signed-in admin behind a request, or null when a bot's key made it (bots' work is not an admin change). */
export function auditActorOf(request: FastifyRequest): AuditActor | null {
  const user = request.sessionUser;
  return !request.botKey && user?.isAdmin ? { id: user.id, username: user.username } : null;
}

export interface AuditChange {
  kind: AuditKind;
  /** What was done, in a word or two: created, updated, retired, deleted, generated, granted. */
  action: string;
  /** What it was done to, readable without the before/after (a code, a username, a game). */
  subject: string;
  before?: unknown;
  after?: unknown;
}

/**
 * Writes one audit row inside the change's own transaction, so a change and its record commit together or not at
 * all (decision 020). Secrets never go in: callers pass what an admin may read again.
 */
export async function recordAudit(
  ctx: AppContext,
  tx: Tx,
  actor: AuditActor | null,
  change: AuditChange,
): Promise<void> {
  if (!actor) return;
  await tx.insert(auditLog).values({
    actorUserId: actor.id,
    actorUsername: actor.username,
    kind: change.kind,
    action: change.action,
    subject: change.subject,
    before: change.before ?? null,
    after: change.after ?? null,
    createdAt: new Date(ctx.clock()),
  });
}

/** The newest AUDIT_LOG_LIMIT rows, optionally of one admin and one kind, with every admin who appears in the log. */
export async function listAudit(
  db: Db,
  filter: { actor?: string; kind?: AuditKind },
): Promise<AuditLogResponse> {
  const where = and(
    filter.actor ? eq(auditLog.actorUserId, filter.actor) : undefined,
    filter.kind ? eq(auditLog.kind, filter.kind) : undefined,
  );
  const [rows, actors] = await Promise.all([
    db.select().from(auditLog).where(where).orderBy(desc(auditLog.createdAt)).limit(AUDIT_LOG_LIMIT),
    db
      .selectDistinct({ id: auditLog.actorUserId, username: auditLog.actorUsername })
      .from(auditLog)
      .where(isNotNull(auditLog.actorUserId))
      .orderBy(asc(auditLog.actorUsername)),
  ]);
  return {
    entries: rows.map((r) => ({
      id: r.id,
      actorUserId: r.actorUserId,
      actorUsername: r.actorUsername,
      kind: r.kind as AuditKind,
      action: r.action,
      subject: r.subject,
      before: r.before,
      after: r.after,
      createdAt: r.createdAt.toISOString(),
    })),
    actors: actors.flatMap((a) => (a.id ? [{ id: a.id, username: a.username }] : [])),
  };
}
