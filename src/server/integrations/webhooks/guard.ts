import { lookup } from "node:dns/promises";
import { isIP, type LookupFunction } from "node:net";
import { Agent, buildConnector } from "undici";
import { at } from "../../db/rows.js";
import { isPublicAddress } from "./address.js";

/** Every address a host name resolves to; one function type for the check before a delivery and its connection. */
export type ResolveHost = (host: string) => Promise<string[]>;

/** The system resolver (as sockets use it); a literal IP resolves to itself. */
export const resolveHost: ResolveHost = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

export class WebhookRefusedError extends Error {}

const NOT_PUBLIC =
  "The webhook URL must point to a public internet host (private and local addresses are refused)";

/**
 * The host's addresses when it has some and every one is public, else a WebhookRefusedError. A resolver's error
 * passes through: at connection time it is a network failure, retried like any other.
 */
export async function publicAddresses(resolve: ResolveHost, host: string): Promise<string[]> {
  const addresses = await resolve(host);
  if (addresses.length === 0 || !addresses.every(isPublicAddress)) throw new WebhookRefusedError(NOT_PUBLIC);
  return addresses;
}

/**
 * A socket's `lookup` that hands the socket only addresses it has just checked, so a host that answered the check
 * before the delivery with a public address and answers the connection with a private one (DNS rebinding) is
 * refused. The agent sets no address family, so every checked address is offered.
 */
export function publicOnlyLookup(resolve: ResolveHost): LookupFunction {
  return (hostname, options, callback) => {
    publicAddresses(resolve, hostname).then(
      (addresses) => {
        const offered = addresses.map((address) => ({ address, family: isIP(address) }));
        if (options.all) callback(null, offered);
        else callback(null, at(offered, 0).address, at(offered, 0).family);
      },
      (err) => callback(err, []),
    );
  };
}

/**
 * The dispatcher real deliveries go through: it connects only to public addresses. Node calls no `lookup` for a
 * literal IP, so the connector checks one itself. Only the lookup is replaced: TLS still sends and verifies the URL's
 * host name.
 */
export function publicOnlyDispatcher(resolve: ResolveHost): Agent {
  const connect = buildConnector({ lookup: publicOnlyLookup(resolve) });
  return new Agent({
    connect: (options, callback) => {
      if (isIP(options.hostname) && !isPublicAddress(options.hostname))
        callback(new WebhookRefusedError(NOT_PUBLIC), null);
      else connect(options, callback);
    },
  });
}
