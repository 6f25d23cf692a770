import { describe, expect, it } from "vitest";
import type { ApiBenchResult } from "./api.js";
import {
  apiVerdict,
  claimPageVerdict,
  dashboardVerdict,
  everyPageVerdict,
  ingestVerdict,
} from "./budgets.js";
import type { LoadRow } from "./load.js";
import type { PageWeight } from "./page-weight.js";
import type { IngestResult } from "./webhook-ingest.js";

const row = (target: string, mode: string, requestsPerSecond: number, p99 = 10, failed = 0): LoadRow => ({
  target,
  mode,
  requestsPerSecond,
  p50: 2,
  p99,
  max: p99 * 2,
  ok: Math.round(requestsPerSecond * 10),
  failed,
});

function ingestRun(
  ratio: number,
  opts: { p99?: number; failed?: number; orders?: number } = {},
): IngestResult {
  return {
    rows: [
      row("Autodrop (Fastify, full intake)", "1000/s fixed", 1000, opts.p99 ?? 12),
      row("Autodrop (Fastify, full intake)", "max, 100 connections", 4000 * ratio, 40, opts.failed),
      row("Baseline (Express + pg, verify + insert)", "1000/s fixed", 1000, 15),
      row("Baseline (Express + pg, verify + insert)", "max, 100 connections", 4000, 50),
    ],
    stored: { accepted: 50_000, receipts: 50_000, orders: opts.orders ?? 50_000 },
  };
}

const page = (path: string, lcpMs: number | null, js = 100 * 1024): PageWeight => ({
  path,
  transferred: js + 10_000,
  js,
  requests: 8,
  lcpMs,
  lcpRuns: lcpMs === null ? [] : [lcpMs],
});

function apiResult(
  opts: { p99?: number; failed?: number; keys?: number; activation?: number } = {},
): ApiBenchResult {
  return {
    rows: [
      row("Autodrop (create-order)", "500/s fixed", 500, opts.p99 ?? 11, opts.failed),
      row("Autodrop (create-order)", "max, 100 connections", 4000, 45),
    ],
    stored: { expected: 44_000, orders: 44_000, keys: opts.keys ?? 44_000, keysWithOneOrder: 44_000 },
    activation: { count: 100, p50: 6, p99: opts.activation ?? 16, max: 17 },
  };
}

describe("issue 30's ingest budget", () => {
  it("is met by three runs in a row at 1.3× or more, each with its p99 under 20 ms and every order once", () => {
    const verdict = ingestVerdict([ingestRun(1.3), ingestRun(1.45), ingestRun(1.31)]);
    expect(verdict.met).toBe(true);
    expect(verdict.measured).toContain("ratio 1.30 / 1.45 / 1.31");
  });

  it("is not met when one run falls short of 1.3×, or there are fewer than three", () => {
    expect(ingestVerdict([ingestRun(1.5), ingestRun(1.29), ingestRun(1.5)]).met).toBe(false);
    expect(ingestVerdict([ingestRun(1.5), ingestRun(1.5)]).met).toBe(false);
  });

  it("is not met when a p99 at 1,000/s reaches 20 ms, a request fails, or an order is missing", () => {
    expect(ingestVerdict([ingestRun(1.4), ingestRun(1.4, { p99: 20 }), ingestRun(1.4)]).met).toBe(false);
    expect(ingestVerdict([ingestRun(1.4), ingestRun(1.4, { failed: 1 }), ingestRun(1.4)]).met).toBe(false);
    const short = ingestVerdict([ingestRun(1.4), ingestRun(1.4), ingestRun(1.4, { orders: 49_999 })]);
    expect(short.met).toBe(false);
    expect(short.measured).toContain("MISSING");
  });
});

describe("issue 30's public API budget", () => {
  it("is met under 20 ms at 500/s with every order once and Plisio under 1 s", () => {
    expect(apiVerdict(apiResult()).met).toBe(true);
  });

  it("is not met at 20 ms, with a failure, a key stored twice or missing, or Plisio at 1 s", () => {
    expect(apiVerdict(apiResult({ p99: 20 })).met).toBe(false);
    expect(apiVerdict(apiResult({ failed: 2 })).met).toBe(false);
    expect(apiVerdict(apiResult({ keys: 43_999 })).met).toBe(false);
    expect(apiVerdict(apiResult({ activation: 1000 })).met).toBe(false);
  });
});

describe("issue 30's page budgets", () => {
  const signedIn = [page("/dashboard", 2499), page("/inventory", 1800)];

  it("holds the claim page to 90 kB of JavaScript and an LCP under 1.5 s", () => {
    expect(claimPageVerdict([page("/claim/1001/x", 1499, 90 * 1024)]).met).toBe(true);
    expect(claimPageVerdict([page("/claim/1001/x", 900, 90 * 1024 + 1)]).met).toBe(false);
    expect(claimPageVerdict([page("/claim/1001/x", 1500, 40 * 1024)]).met).toBe(false);
    expect(claimPageVerdict([page("/", 900)]).met).toBe(false);
  });

  it("holds the landing to 1.5 s and every other page to 2.5 s, the claim page judged on its own", () => {
    expect(everyPageVerdict([page("/", 1499), ...signedIn, page("/claim/1001/x", 3000)]).met).toBe(true);
    expect(everyPageVerdict([page("/", 1500), ...signedIn]).met).toBe(false);
    expect(everyPageVerdict([page("/", 900), page("/listings", 2500)]).met).toBe(false);
    expect(everyPageVerdict([page("/", 900), page("/orders", null)]).met).toBe(false);
  });
});

describe("issue 30's dashboard budget", () => {
  const first = (cold: number) => ({ route: "/api/dashboard", period: "7d", cold, p50: 5, p95: 8, p99: 9 });

  it("is met when every period's first request is under 150 ms", () => {
    expect(dashboardVerdict([first(12), first(149.9)]).met).toBe(true);
    expect(dashboardVerdict([first(12), first(150)]).met).toBe(false);
    expect(dashboardVerdict([]).met).toBe(false);
  });
});
