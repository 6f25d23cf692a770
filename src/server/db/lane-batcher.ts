import { at } from "./rows.js";

interface LaneBatcherOptions<Req, Res> {
  /** Runs requests together (one transaction); resolves with their results in order. */
  runBatch: (requests: Req[]) => Promise<Res[]>;
  /** Runs one request alone: a batch that fails is retried this way, so a poison request fails alone. */
  runOne: (request: Req) => Promise<Res>;
  /** Requests with the same key keep their order and never run side by side; a backlog splits into lanes by key. */
  laneKey: (request: Req) => string;
  lanes?: number;
  maxBatch?: number;
  /** With no batch running, a backlog this long is split into lanes; a shorter one runs as one batch. */
  splitAt?: number;
  /**
   * Light traffic's batches running at once (default 1): a request whose key is in no running batch starts the next
   * batch at once when fewer are running, instead of waiting for the running one to end.
   */
  inFlight?: number;
}

interface Waiting<Req, Res> {
  request: Req;
  key: string;
  lane: number;
  resolve: (r: Res) => void;
  reject: (e: unknown) => void;
}

/** FNV-1a: a stable, even spread of keys over the lanes. */
export function laneOf(key: string, lanes: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return (h >>> 0) % lanes;
}

/**
 * Groups concurrent requests into batches (group commit). A request waits at most for the batches running, then
 * goes in the next one; at low traffic each request is a batch of one.
 *
 * Light traffic runs as batches across every lane: one transaction per batch whatever the number of keys, and up to
 * `inFlight` such batches at once, each with keys no other running batch holds (so they never wait on each other's
 * locks). Under a backlog the batcher splits into lanes by key, each running its own batches, so one lane's database
 * work overlaps another's time on the event loop; keys of different lanes never wait on each other's locks. The
 * lanes merge again once they are all idle and the backlog is short.
 */
export class LaneBatcher<Req, Res> {
  private queue: Waiting<Req, Res>[] = [];
  /** Lanes running a lane's batch (under a backlog). */
  private busyLanes = new Set<number>();
  /** Batches across every lane now running, and the keys they hold. */
  private merged = 0;
  private busyKeys = new Set<string>();
  private scheduled = false;
  private readonly lanes: number;
  private readonly maxBatch: number;
  private readonly splitAt: number;
  private readonly inFlight: number;

  constructor(private readonly options: LaneBatcherOptions<Req, Res>) {
    this.lanes = options.lanes ?? 2;
    this.maxBatch = options.maxBatch ?? 200;
    this.splitAt = options.splitAt ?? 32;
    this.inFlight = options.inFlight ?? 1;
  }

  submit(request: Req): Promise<Res> {
    return new Promise((resolve, reject) => {
      const key = this.options.laneKey(request);
      this.queue.push({ request, key, lane: laneOf(key, this.lanes), resolve, reject });
      this.schedule();
    });
  }

  private get lightTraffic(): boolean {
    return this.merged > 0 || (this.busyLanes.size === 0 && this.queue.length < this.splitAt);
  }

  private schedule(): void {
    if (this.scheduled || this.queue.length === 0) return;
    if (this.merged >= this.inFlight || this.busyLanes.size === this.lanes) return;
    this.scheduled = true;
    // Let the requests parsed in this turn of the event loop join the batch.
    setImmediate(() => {
      this.scheduled = false;
      this.dispatch();
    });
  }

  private dispatch(): void {
    if (this.lightTraffic) {
      if (this.merged >= this.inFlight) return;
      // In arrival order, every waiting request whose key no running batch holds (a key's later requests follow it).
      const batch = this.take((w) => !this.busyKeys.has(w.key));
      if (batch.length > 0) void this.run(batch, null);
      return;
    }
    for (let lane = 0; lane < this.lanes; lane++) {
      if (this.busyLanes.has(lane)) continue;
      const batch = this.take((w) => w.lane === lane);
      if (batch.length > 0) void this.run(batch, lane);
    }
  }

  /** Takes up to maxBatch waiting requests that `fits`, keeping the others' order. */
  private take(fits: (w: Waiting<Req, Res>) => boolean): Waiting<Req, Res>[] {
    const batch: Waiting<Req, Res>[] = [];
    const rest: Waiting<Req, Res>[] = [];
    for (const w of this.queue) (batch.length < this.maxBatch && fits(w) ? batch : rest).push(w);
    this.queue = rest;
    return batch;
  }

  /** Runs a batch of one lane, or across every lane (`lane` null). */
  private async run(batch: Waiting<Req, Res>[], lane: number | null): Promise<void> {
    if (lane === null) this.merged++;
    else this.busyLanes.add(lane);
    for (const w of batch) this.busyKeys.add(w.key);
    try {
      const results = await this.options.runBatch(batch.map((w) => w.request));
      for (const [i, w] of batch.entries()) w.resolve(at(results, i));
    } catch (err) {
      if (batch.length === 1) at(batch, 0).reject(err);
      else for (const w of batch) await this.options.runOne(w.request).then(w.resolve, w.reject);
    } finally {
      if (lane === null) this.merged--;
      else this.busyLanes.delete(lane);
      for (const w of batch) this.busyKeys.delete(w.key);
      this.schedule();
    }
  }
}
