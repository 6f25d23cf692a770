import type { LookupAddress } from "node:dns";
import { type AddressInfo, createServer } from "node:net";
import pino from "pino";
import { fetch } from "undici";
import { afterEach, describe, expect, it } from "vitest";
import { testConfig } from "../../config.js";
import { publicOnlyDispatcher, publicOnlyLookup, type ResolveHost, WebhookRefusedError } from "./guard.js";
import { createWebhookProvider } from "./index.js";

/** A TCP server on this machine (what an SSRF would reach) that counts the connections it gets and drops them. */
async function localService() {
  const service = { port: 0, connections: 0, close: () => new Promise((done) => server.close(done)) };
  const server = createServer((socket) => {
    service.connections++;
    socket.destroy();
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  service.port = (server.address() as AddressInfo).port;
  return service;
}

function lookUp(resolve: ResolveHost, all: boolean) {
  return new Promise<{ address: string | LookupAddress[]; family?: number }>((found, failed) =>
    publicOnlyLookup(resolve)("hooks.example.com", { all }, (err, address, family) =>
      err ? failed(err) : found({ address, family }),
    ),
  );
}

describe("publicOnlyLookup", () => {
  it("hands the socket the host's public addresses, as a list or the first one, as the socket asks", async () => {
    const resolve: ResolveHost = async () => ["93.184.216.34", "2606:4700:4700::1111"];
    expect(await lookUp(resolve, true)).toEqual({
      address: [
        { address: "93.184.216.34", family: 4 },
        { address: "2606:4700:4700::1111", family: 6 },
      ],
    });
    expect(await lookUp(resolve, false)).toEqual({ address: "93.184.216.34", family: 4 });
  });

  it.each([[["127.0.0.1"]], [["93.184.216.34", "10.0.0.1"]], [["::ffff:169.254.169.254"]], [[]]])(
    "refuses a host that resolves to %j",
    async (addresses) => {
      await expect(lookUp(async () => addresses, true)).rejects.toBeInstanceOf(WebhookRefusedError);
    },
  );

  it("passes a resolver's failure through (a network error, retried), not as a refusal", async () => {
    const notFound = Object.assign(new Error("getaddrinfo ENOTFOUND hooks.example.com"), {
      code: "ENOTFOUND",
    });
    const failure = await lookUp(async () => Promise.reject(notFound), true).catch((err: unknown) => err);
    expect(failure).toBe(notFound);
  });
});

describe("publicOnlyDispatcher", () => {
  let service: Awaited<ReturnType<typeof localService>>;
  afterEach(() => service.close());

  it.each([
    ["a host name that resolves to a private address", (port: number) => `https://internal.example:${port}/`],
    [
      "a literal private IP, for which sockets call no lookup",
      (port: number) => `https://127.0.0.1:${port}/`,
    ],
  ])("never connects to %s", async (_, url) => {
    service = await localService();
    const dispatcher = publicOnlyDispatcher(async () => ["127.0.0.1"]);
    const failure = await fetch(url(service.port), { dispatcher }).catch((err: unknown) => err);
    expect(service.connections).toBe(0);
    expect((failure as Error).cause).toBeInstanceOf(WebhookRefusedError);
    await dispatcher.close();
  });
});

describe("a webhook delivery", () => {
  let service: Awaited<ReturnType<typeof localService>>;
  afterEach(() => service.close());

  it("is refused when its host answers the check with a public address and the connection with a private one (DNS rebinding)", async () => {
    service = await localService();
    const answers = [["93.184.216.34"], ["127.0.0.1"]];
    const asked: string[] = [];
    const rebinding: ResolveHost = async (host) => {
      asked.push(host);
      return answers.shift() ?? ["127.0.0.1"];
    };
    const provider = createWebhookProvider(
      { config: testConfig({ sandbox: false }), fetch: globalThis.fetch, log: pino({ level: "silent" }) },
      rebinding,
    );
    // localhost: a sender that resolved the host again on its own would reach the local service too.
    const failure = await provider
      .post(`https://localhost:${service.port}/hook`, {}, "{}")
      .catch((err: unknown) => err);
    expect(service.connections).toBe(0);
    expect(failure).toBeInstanceOf(WebhookRefusedError);
    expect(asked).toEqual(["localhost", "localhost"]);
  });
});
