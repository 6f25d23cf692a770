import { at } from "./rows.js";

interface LaneBatcherOptions<Req, Res> {
  /** Runs requests together (one transaction); resolves with their results in order. */
  runBatch: (requests: Req[]) => Promise<Res[]>;
  /** Runs one request alone: a batch that fails is retried this way, so a poison request fails alone. */
  runOne: (request: Req) => Promise<Res>;
  /** Requests with the same key go to the same lane: they keep their order and never run side by side. */
  laneKey: (request: Req) => string;
  lanes?: number;
  maxBatch?: number;
  /** With no batch running, a backlog this long is split into lanes; a shorter one runs as one batch. */
  splitAt?: number;
}

interface Waiting<Req, Res> {
  request: Req;
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
 * Light traffic runs as one batch at a time, across every lane: one transaction per batch whatever the number of
 * keys. Under a backlog the batcher splits into lanes by key, each running its own batches, so one lane's database
 * work overlaps another's time on the event loop; keys of different lanes never wait on each other's locks. The
 * lanes merge again once they are all idle and the backlog is short.
 */
export class LaneBatcher<Req, Res> {
  private queue: Waiting<Req, Res>[] = [];
  private busy = new Set<number>();
  private scheduled = false;
  private readonly lanes: number;
  private readonly maxBatch: number;
  private readonly splitAt: number;

  constructor(private readonly options: LaneBatcherOptions<Req, Res>) {
    this.lanes = options.lanes ?? 2;
    this.maxBatch = options.maxBatch ?? 200;
    this.splitAt = options.splitAt ?? 32;
  }

  submit(request: Req): Promise<Res> {
    return new Promise((resolve, reject) => {
      this.queue.push({ request, lane: laneOf(this.options.laneKey(request), this.lanes), resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.queue.length === 0 || this.busy.size === this.lanes) return;
    this.scheduled = true;
    // Let the requests parsed in this turn of the event loop join the batch.
    setImmediate(() => {
      this.scheduled = false;
      this.dispatch();
    });
  }

  private dispatch(): void {
    if (this.busy.size === 0 && this.queue.length < this.splitAt) {
      const all = Array.from({ length: this.lanes }, (_, lane) => lane);
      void this.run(all, this.queue.splice(0, this.maxBatch));
      return;
    }
    for (let lane = 0; lane < this.lanes; lane++) {
      if (this.busy.has(lane)) continue;
      const batch: Waiting<Req, Res>[] = [];
      const rest: Waiting<Req, Res>[] = [];
      for (const w of this.queue) (w.lane === lane && batch.length < this.maxBatch ? batch : rest).push(w);
      this.queue = rest;
      if (batch.length > 0) void this.run([lane], batch);
    }
  }

  private async run(lanes: number[], batch: Waiting<Req, Res>[]): Promise<void> {
    for (const lane of lanes) this.busy.add(lane);
    try {
      const results = await this.options.runBatch(batch.map((w) => w.request));
      for (const [i, w] of batch.entries()) w.resolve(at(results, i));
    } catch (err) {
      if (batch.length === 1) at(batch, 0).reject(err);
      else for (const w of batch) await this.options.runOne(w.request).then(w.resolve, w.reject);
    } finally {
      for (const lane of lanes) this.busy.delete(lane);
      this.schedule();
    }
  }
}
