import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

type Subnet = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** ipaddr.js's named ranges (on each class's prototype, missing from its types), each as a list of subnets. */
function namedRanges(kind: string, prototype: object, ...except: string[]): Record<string, Subnet[]> {
  const ranges = (prototype as { SpecialRanges: Record<string, Subnet | Subnet[]> }).SpecialRanges;
  return Object.fromEntries(
    Object.entries(ranges)
      .filter(([name]) => !except.includes(name))
      .map(([name, subnets]) => [
        `${kind} ${name}`,
        Array.isArray(subnets[0]) ? (subnets as Subnet[]) : [subnets as Subnet],
      ]),
  );
}

/**
 * The special-purpose ranges no webhook may reach, all in this one table: every range ipaddr.js names (this host,
 * private networks, link-local, shared, documentation, benchmark, multicast, reserved, translation and tunnelling
 * prefixes; IANA's special-purpose registries) and the ones it does not name. IPv4-mapped addresses are judged by
 * the IPv4 address they carry, so that range is not in the table.
 */
export const REFUSED_RANGES: Record<string, Subnet[]> = {
  ...namedRanges("ipv4", ipaddr.IPv4.prototype),
  ...namedRanges("ipv6", ipaddr.IPv6.prototype, "ipv4Mapped"),
  // Deprecated IPv4-compatible addresses (::a.b.c.d, RFC 4291 §2.5.5.1): a stack that still routes them reaches
  // the IPv4 address inside, 127.0.0.1 included.
  "ipv6 ipv4Compatible": [ipaddr.parseCIDR("::/96")],
};

/** The name of the refused range an address is in ("ipv6 loopback"), null for a public one, "unparsable" otherwise. */
export function refusedRangeOf(ip: string): string | null {
  // node:net is the strict parser: ipaddr.js would also read "127.1" or "0x7f.1" as addresses.
  const family = isIP(ip);
  if (family === 0) return "unparsable";
  const address = ipaddr.process(family === 6 ? canonicalV6(ip) : ip);
  const range = ipaddr.subnetMatch(address, REFUSED_RANGES, "public");
  return range === "public" ? null : range;
}

/**
 * An IPv6 address in hexadecimal groups, without a zone: ipaddr.js reads any dotted tail as IPv4-mapped, so the
 * IPv4-compatible "::8.8.8.8" would pass for "::ffff:8.8.8.8"; the URL parser writes it "::808:808".
 */
function canonicalV6(ip: string): string {
  return new URL(`http://[${ip.replace(/%.*$/, "")}]/`).hostname.slice(1, -1);
}

/** Whether an IP address is on the public internet (a webhook may be sent there). Anything unparsable is not. */
export function isPublicAddress(ip: string): boolean {
  return refusedRangeOf(ip) === null;
}
