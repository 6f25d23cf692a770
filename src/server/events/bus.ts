import { EventEmitter } from "node:events";
import type { Logger } from "pino";
import type { LiveEventType } from "../../contract/endpoints/events.js";
import { type Database, type DbOrTx, txSql } from "../db/client.js";

const CHANNEL = "autodrop_events";
// PostgreSQL refuses NOTIFY payloads of 8000 bytes or more.
const MAX_PAYLOAD = 7900;

/** Packs events into as few JSON-array payloads as fit NOTIFY's size limit. */
export function packEvents(events: UserEvent[]): string[] {
  const payloads: string[] = [];
  let current: string[] = [];
  let size = 2;
  for (const event of events) {
    const json = JSON.stringify(event);
    if (current.length > 0 && size + json.length + 1 > MAX_PAYLOAD) {
      payloads.push(`[${current.join(",")}]`);
      current = [];
      size = 2;
    }
    current.push(json);
    size += json.length + 1;
  }
  if (current.length > 0) payloads.push(`[${current.join(",")}]`);
  return payloads;
}

/**
 * A change a seller's open pages should react to (they refetch the named query), or the end of one of the seller's
 * sessions (logout): the streams opened with that session close, on whichever instance they are.
 */
export type UserEvent =
  | { userId: string; type: LiveEventType }
  | { userId: string; type: "session-revoked"; sessionHash: string };

/** What a subscriber hears: the user's events, and "resync" when this instance may have missed some. */
export type StreamEvent = UserEvent | { userId: string; type: "resync" };

/** The emitter's name for "resync" (user ids are UUIDs, so it never collides with one). */
const RESYNC = "resync";

/**
 * Realtime fan-out across instances through PostgreSQL LISTEN/NOTIFY (PGlite supports it too).
 * Publishing inside a transaction delivers the event only if the change commits. A notification carries a JSON
 * array of events: an order intake batch touches many sellers, and every instance parses every notification.
 */
export class EventBus {
  private emitter = new EventEmitter();
  private unlisten: (() => Promise<void>) | null = null;
  private listening = false;

  constructor(
    private database: Database,
    private log: Logger,
  ) {
    this.emitter.setMaxListeners(0);
  }

  async start(): Promise<void> {
    this.unlisten = await this.database.raw.listen(CHANNEL, {
      message: (payload) => {
        try {
          for (const event of JSON.parse(payload) as UserEvent[]) this.emitter.emit(event.userId, event);
        } catch (err) {
          this.log.warn({ err }, "ignored malformed event");
        }
      },
      lost: (err) => {
        this.listening = false;
        this.log.error({ err }, "realtime listener lost its database connection; reconnecting");
      },
      // Whatever was notified while the connection was down never arrives: every open stream refetches.
      restored: () => {
        this.listening = true;
        this.log.info("realtime listener reconnected; open streams told to resync");
        this.emitter.emit(RESYNC);
      },
    });
    this.listening = true;
  }

  /** Whether notifications from other instances are arriving (false while the listener reconnects). */
  get isListening(): boolean {
    return this.listening;
  }

  async publish(event: UserEvent, tx?: DbOrTx): Promise<void> {
    await this.publishMany([event], tx);
  }

  /** Several events in one round trip and as few notifications as fit (same delivery rule as publish). */
  async publishMany(events: UserEvent[], tx?: DbOrTx): Promise<void> {
    if (events.length === 0) return;
    const sql = tx ? txSql(tx) : this.database.raw;
    await sql.query("SELECT pg_notify($1, e) FROM unnest($2::text[]) AS e", [CHANNEL, packEvents(events)]);
  }

  subscribe(userId: string, onEvent: (event: StreamEvent) => void): () => void {
    const onResync = () => onEvent({ userId, type: "resync" });
    this.emitter.on(userId, onEvent);
    this.emitter.on(RESYNC, onResync);
    return () => {
      this.emitter.off(userId, onEvent);
      this.emitter.off(RESYNC, onResync);
    };
  }

  async stop(): Promise<void> {
    this.listening = false;
    await this.unlisten?.();
    this.unlisten = null;
  }
}
