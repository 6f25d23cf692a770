import pg from "pg";
import { reconnectDelayMs } from "./reconnect.js";

const CONNECT_TIMEOUT_MS = 10_000;

/** What a LISTEN connection tells its owner. */
export interface ListenHandlers {
  message(payload: string): void;
  /** The connection died (database restart, failover, terminated backend): notifications are being missed. */
  lost?(err: Error): void;
  /** LISTEN is in place again after a loss; whatever was notified meanwhile is gone. */
  restored?(): void;
}

/**
 * A dedicated PostgreSQL connection that LISTENs on one channel and survives losing its backend: an error or end
 * that the caller did not ask for reconnects with backoff and re-LISTENs, instead of an unhandled 'error' event
 * taking the process down.
 */
export class PgListener {
  private client: pg.Client | null = null;
  private stopped = false;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private url: string,
    private channel: string,
    private handlers: ListenHandlers,
  ) {}

  /** Connects and LISTENs; the first connection's failure is the caller's (the app does not start). */
  async start(): Promise<void> {
    this.client = await this.connect();
  }

  get connected(): boolean {
    return this.client !== null;
  }

  private async connect(): Promise<pg.Client> {
    // keepAlive: a backend that vanishes without a word (a failover) is noticed by TCP rather than never; the
    // timeout keeps a reconnection to an unreachable host from waiting forever instead of trying again.
    const client = new pg.Client({
      connectionString: this.url,
      keepAlive: true,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    client.on("error", (err) => this.lose(client, err));
    client.on("end", () => this.lose(client, new Error("LISTEN connection ended")));
    client.on("notification", (msg) => {
      if (msg.channel === this.channel && msg.payload !== undefined) this.handlers.message(msg.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(this.channel)}`);
    } catch (err) {
      client.end().catch(() => undefined);
      throw err;
    }
    return client;
  }

  private lose(client: pg.Client, err: Error): void {
    if (this.stopped || this.client !== client) return;
    this.client = null;
    client.end().catch(() => undefined);
    this.handlers.lost?.(err);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    this.retryTimer = setTimeout(async () => {
      this.retryTimer = undefined;
      try {
        const client = await this.connect();
        if (this.stopped) {
          await client.end().catch(() => undefined);
          return;
        }
        this.client = client;
        this.attempt = 0;
        this.handlers.restored?.();
      } catch {
        if (this.stopped) return;
        this.attempt += 1;
        this.scheduleReconnect();
      }
    }, reconnectDelayMs(this.attempt));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}
