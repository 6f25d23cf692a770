import { lookup } from "node:dns/promises";

/** Every address a host name resolves to; one function type for the check before a delivery and its connection. */
export type ResolveHost = (host: string) => Promise<string[]>;

/** The system resolver (as sockets use it); a literal IP resolves to itself. */
export const resolveHost: ResolveHost = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
