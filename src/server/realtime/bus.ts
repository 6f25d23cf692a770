import { EventEmitter } from "node:events";
import type { Logger } from "pino";
import type { LiveEventType } from "../../contract/endpoints/events.js";
import { afterCommit } from "../db/after-commit.js";
import type { Database, DbOrTx } from "../db/client.js";

const CHANNEL = "autodrop_events";
// PostgreSQL refuses NOTIFY payloads of 8000 bytes or more.
const MAX_PAYLOAD = 7900;
/**
 * How long a hint waits for others (`EventBus.hint`): order batches run hundreds a second under load, and a
 * notification costs a round trip, a wake-up of every listening connection and a parse on every instance; a page
 * refetching 50 ms later does not show.
 */
const HINT_WINDOW_MS = 50;

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

/** Each event once, in the order first seen. */
function distinctEvents(events: UserEvent[]): UserEvent[] {
  const seen = new Map<string, UserEvent>();
  for (const event of events) {
    const key = JSON.stringify(event);
    if (!seen.has(key)) seen.set(key, event);
  }
  return [...seen.values()];
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
  /** Events for the next NOTIFY statement, and that statement, once one is under way (send). */
  private waiting: UserEvent[] = [];
  private nextSend: Promise<void> | null = null;
  private lastSend: Promise<void> = Promise.resolve();
  /** Events hinted for the next window, and the window's timer while one is open. */
  private hinted: UserEvent[] = [];
  private hintTimer: NodeJS.Timeout | null = null;

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

  /**
   * Sends events to every instance. Given a transaction, they go once it commits (never if it rolls back): a NOTIFY
   * inside it would make it hold PostgreSQL's notification lock through its commit, so notifying transactions would
   * commit one at a time. They are hints to refetch, so a crash between the commit and the send costs a refresh.
   * Without one, the answer waits until they are sent.
   */
  async publishMany(events: UserEvent[], tx?: DbOrTx): Promise<void> {
    if (events.length === 0) return;
    if (!tx) return this.send(events);
    afterCommit(tx, () => {
      this.send(events).catch((err) => this.log.warn({ err }, "realtime events not published"));
    });
  }

  /**
   * Sends events soon rather than now, for writers that do not wait for them (order batches, after their commit):
   * events hinted within HINT_WINDOW_MS of the first go together in one NOTIFY statement, each distinct event once,
   * so a stream of batches costs at most one notification per window instead of one per batch (decision 063).
   */
  hint(events: UserEvent[]): void {
    if (events.length === 0) return;
    this.hinted.push(...events);
    this.hintTimer ??= setTimeout(() => void this.sendHinted(), HINT_WINDOW_MS);
  }

  private async sendHinted(): Promise<void> {
    if (this.hintTimer) clearTimeout(this.hintTimer);
    this.hintTimer = null;
    const events = distinctEvents(this.hinted);
    this.hinted = [];
    if (events.length > 0)
      await this.send(events).catch((err) => this.log.warn({ err }, "realtime events not published"));
  }

  /**
   * One NOTIFY statement at a time per instance: events published while one is under way wait for it and go
   * together in the next, so a burst of writes costs a few notifications, not one each.
   */
  private send(events: UserEvent[]): Promise<void> {
    this.waiting.push(...events);
    if (!this.nextSend) {
      const next = this.lastSend.then(() => {
        const batch = this.waiting;
        this.waiting = [];
        this.nextSend = null;
        return this.notify(batch);
      });
      this.nextSend = next;
      this.lastSend = next.catch(() => undefined);
    }
    return this.nextSend;
  }

  private async notify(events: UserEvent[]): Promise<void> {
    await this.database.raw.query("SELECT pg_notify($1, e) FROM unnest($2::text[]) AS e", [
      CHANNEL,
      packEvents(events),
    ]);
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
    // The window's hints go now, while the database is still open.
    await this.sendHinted();
    this.listening = false;
    await this.unlisten?.();
    this.unlisten = null;
  }
}
