import net from "node:net";
import { performance } from "node:perf_hooks";
import { ms, percentile } from "./lib.js";

/**
 * An HTTP/1.1 load generator for the ingest benchmark (decision 010). At a fixed rate it is open-loop: request i is
 * due at start + i/rate whatever the server is doing, and its latency counts from that moment, so a stalled server
 * is charged for the requests it kept waiting (no coordinated omission). Flat out, each connection sends its next
 * request as soon as the previous answer arrives. Requests are serialised before the clock starts, so the
 * generator spends its CPU on sockets only; it shares the machine's cores with the server under test.
 */
export interface LoadRequest {
  method: "GET" | "POST";
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface LoadOptions {
  url: string;
  connections: number;
  seconds: number;
  /** Requests per second; flat out when absent. */
  rate?: number;
  /** Requests to prepare up front when flat out (more are made on the fly if the server outruns them). */
  flatOutRequests?: number;
  next: () => LoadRequest;
}

export interface LoadResult {
  seconds: number;
  ok: number;
  failed: number;
  /** Latencies of the answered requests in ms, sorted. */
  latencies: Float64Array;
  p50: number;
  p99: number;
  max: number;
}

export function serialise(host: string, r: LoadRequest): Buffer {
  const body = Buffer.from(r.body ?? "");
  const head = [
    `${r.method} ${r.path} HTTP/1.1`,
    `host: ${host}`,
    "connection: keep-alive",
    `content-length: ${body.length}`,
    ...Object.entries(r.headers).map(([k, v]) => `${k}: ${v}`),
    "",
    "",
  ].join("\r\n");
  return Buffer.concat([Buffer.from(head), body]);
}

const HEAD_END = Buffer.from("\r\n\r\n");

/**
 * Splits a stream of HTTP/1.1 responses, each framed by Content-Length (what Fastify and Express send for JSON).
 * Returns the statuses of the complete responses and keeps the rest for the next chunk.
 */
export class ResponseReader {
  private pending: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): number[] {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    const statuses: number[] = [];
    for (;;) {
      const end = this.pending.indexOf(HEAD_END);
      if (end < 0) return statuses;
      const head = this.pending.subarray(0, end).toString("latin1");
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
      if (!length) throw new Error(`response without Content-Length: ${head.split("\r\n")[0]}`);
      const total = end + HEAD_END.length + Number(length[1]);
      if (this.pending.length < total) return statuses;
      statuses.push(Number(head.slice(9, 12)));
      this.pending = this.pending.subarray(total);
    }
  }
}

interface Connection {
  socket: net.Socket;
  reader: ResponseReader;
  /** When each request in flight on this socket was due (one at a time: no pipelining). */
  due: number | null;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const { hostname, port, host } = new URL(options.url);
  const make = () => serialise(host, options.next());
  const planned = options.rate
    ? Math.ceil(options.rate * options.seconds)
    : (options.flatOutRequests ?? options.connections * 50);
  const prepared = Array.from({ length: planned }, make);
  let taken = 0;
  const nextRequest = () => prepared[taken++] ?? make();

  const latencies: number[] = [];
  let ok = 0;
  let failed = 0;
  const idle: Connection[] = [];
  const waiting: number[] = [];
  let start = 0;
  let stopAt = 0;
  let inFlight = 0;
  let allIssued = false;
  let finish: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });

  const send = (c: Connection, due: number) => {
    c.due = due;
    inFlight++;
    c.socket.write(nextRequest());
  };
  const settleIfDone = () => {
    if (allIssued && inFlight === 0 && waiting.length === 0) finish();
  };
  const release = (c: Connection) => {
    const now = performance.now();
    if (options.rate) {
      const due = waiting.shift();
      if (due !== undefined) send(c, due);
      else idle.push(c);
    } else if (now < stopAt) send(c, now);
    else allIssued = true;
    settleIfDone();
  };

  const connections = await Promise.all(
    Array.from(
      { length: options.connections },
      () =>
        new Promise<Connection>((resolve, reject) => {
          const socket = net.connect({ host: hostname, port: Number(port), noDelay: true });
          const c: Connection = { socket, reader: new ResponseReader(), due: null };
          socket.once("connect", () => resolve(c));
          socket.once("error", reject);
          // A socket that fails is closed; "close" below takes it out of the pool.
          socket.on("error", () => {});
          socket.on("data", (chunk: Buffer) => {
            for (const status of c.reader.push(chunk)) {
              const now = performance.now();
              inFlight--;
              if (status >= 200 && status < 300) {
                ok++;
                latencies.push(now - (c.due ?? now));
              } else failed++;
              c.due = null;
              release(c);
            }
          });
          socket.on("close", () => {
            const at = idle.indexOf(c);
            if (at >= 0) idle.splice(at, 1);
            if (c.due === null) return;
            c.due = null;
            inFlight--;
            failed++;
            settleIfDone();
          });
        }),
    ),
  );

  start = performance.now();
  stopAt = start + options.seconds * 1000;
  if (options.rate) {
    const interval = 1000 / options.rate;
    let issued = 0;
    const tick = () => {
      const now = performance.now();
      const dueCount = Math.min(planned, Math.floor((now - start) / interval) + 1);
      for (; issued < dueCount; issued++) {
        const due = start + issued * interval;
        // In turn, so no connection idles long enough for the server's keep-alive timeout to close it.
        const c = idle.shift();
        if (c) send(c, due);
        else waiting.push(due);
      }
      if (issued < planned) setTimeout(tick, 1);
      else {
        allIssued = true;
        settleIfDone();
      }
    };
    idle.push(...connections);
    tick();
  } else {
    for (const c of connections) send(c, start);
  }
  await done;
  const seconds = (performance.now() - start) / 1000;
  for (const c of connections) c.socket.destroy();
  const sorted = Float64Array.from(latencies).sort();
  return {
    seconds,
    ok,
    failed,
    latencies: sorted,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? 0,
  };
}

/** One row of a load benchmark's table: a server under one load. */
export interface LoadRow {
  target: string;
  mode: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  ok: number;
  failed: number;
}

export function loadRow(target: string, mode: string, r: LoadResult): LoadRow {
  return {
    target,
    mode,
    requestsPerSecond: r.ok / r.seconds,
    p50: r.p50,
    p99: r.p99,
    max: r.max,
    ok: r.ok,
    failed: r.failed,
  };
}

/** The row of a server (the start of its name) under a fixed rate or flat out. */
export function findLoadRow(
  rows: LoadRow[],
  target: string,
  load: "fixed" | "flat out",
): LoadRow | undefined {
  return rows.find(
    (r) =>
      r.target.startsWith(target) && (load === "fixed" ? r.mode.endsWith("fixed") : r.mode.startsWith("max")),
  );
}

/** The rows as the Markdown table docs/performance.md keeps. */
export function printLoadRows(rows: LoadRow[]): void {
  console.log(
    "\n| server | load | orders/s | p50 | p99 | max | ok | failed |\n| --- | --- | --- | --- | --- | --- | --- | --- |",
  );
  for (const r of rows) {
    console.log(
      `| ${r.target} | ${r.mode} | ${r.requestsPerSecond.toFixed(0)} | ${ms(r.p50)} | ${ms(r.p99)} | ${ms(r.max)} | ${r.ok} | ${r.failed} |`,
    );
  }
}
