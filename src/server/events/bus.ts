import { EventEmitter } from "node:events";
import type { Logger } from "pino";
import { type Database, type DbOrTx, txSql } from "../db/client.js";

const CHANNEL = "autodrop_events";

/** A change a seller's open pages should react to (they refetch the named query). */
export interface UserEvent {
  userId: string;
  type: "inventory" | "orders" | "bots" | "listings" | "withdrawals" | "user";
}

/**
 * Realtime fan-out across instances through PostgreSQL LISTEN/NOTIFY (PGlite supports it too).
 * Publishing inside a transaction delivers the event only if the change commits.
 */
export class EventBus {
  private emitter = new EventEmitter();
  private unlisten: (() => Promise<void>) | null = null;

  constructor(
    private database: Database,
    private log: Logger,
  ) {
    this.emitter.setMaxListeners(0);
  }

  async start(): Promise<void> {
    this.unlisten = await this.database.raw.listen(CHANNEL, (payload) => {
      try {
        const event = JSON.parse(payload) as UserEvent;
        this.emitter.emit(event.userId, event);
      } catch (err) {
        this.log.warn({ err }, "ignored malformed event");
      }
    });
  }

  async publish(event: UserEvent, tx?: DbOrTx): Promise<void> {
    const sql = tx ? txSql(tx) : this.database.raw;
    await sql.query("SELECT pg_notify($1, $2)", [CHANNEL, JSON.stringify(event)]);
  }

  /** Several events in one round trip (same delivery rule as publish). */
  async publishMany(events: UserEvent[], tx?: DbOrTx): Promise<void> {
    if (events.length === 0) return;
    const sql = tx ? txSql(tx) : this.database.raw;
    await sql.query("SELECT pg_notify($1, e) FROM unnest($2::text[]) AS e", [
      CHANNEL,
      events.map((e) => JSON.stringify(e)),
    ]);
  }

  subscribe(userId: string, onEvent: (event: UserEvent) => void): () => void {
    this.emitter.on(userId, onEvent);
    return () => this.emitter.off(userId, onEvent);
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.unlisten = null;
  }
}
