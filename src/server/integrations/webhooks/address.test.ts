import { describe, expect, it } from "vitest";
import { isPublicAddress, REFUSED_RANGES, refusedRangeOf } from "./address.js";

/** One address inside each refused range: a range added to the table (or to ipaddr.js) needs its line here. */
const INSIDE: Record<string, string> = {
  "ipv4 unspecified": "0.1.2.3",
  "ipv4 broadcast": "255.255.255.255",
  "ipv4 multicast": "224.0.0.1",
  "ipv4 linkLocal": "169.254.169.254",
  "ipv4 loopback": "127.0.0.1",
  "ipv4 carrierGradeNat": "100.64.0.1",
  "ipv4 private": "192.168.1.1",
  "ipv4 reserved": "198.51.100.7",
  "ipv4 as112": "192.175.48.1",
  "ipv4 amt": "192.52.193.1",
  "ipv6 unspecified": "::",
  "ipv6 linkLocal": "fe80::1",
  "ipv6 multicast": "ff02::1",
  "ipv6 loopback": "::1",
  "ipv6 uniqueLocal": "fd12:3456::1",
  "ipv6 deprecatedSiteLocal": "fec0::1",
  "ipv6 discard": "100::1",
  "ipv6 rfc6145": "::ffff:0:a00:1",
  "ipv6 rfc6052": "64:ff9b::a00:1",
  "ipv6 6to4": "2002:7f00:1::1",
  "ipv6 teredo": "2001:0:4136:e378::1",
  "ipv6 benchmarking": "2001:2::1",
  "ipv6 amt": "2001:3::1",
  "ipv6 as112v6": "2001:4:112::1",
  "ipv6 deprecatedOrchid": "2001:10::1",
  "ipv6 orchid2": "2001:20::1",
  "ipv6 droneRemoteIdProtocolEntityTags": "2001:30::1",
  "ipv6 segmentRouting": "5f00::1",
  "ipv6 reserved": "2001:db8::1",
  "ipv6 ipv4Compatible": "::127.0.0.1",
};

describe("refusedRangeOf", () => {
  it("has an address for every refused range", () => {
    expect(Object.keys(INSIDE).sort()).toEqual(Object.keys(REFUSED_RANGES).sort());
  });

  it.each(Object.entries(INSIDE))("refuses %s (%s)", (range, ip) => {
    expect(refusedRangeOf(ip)).toBe(range);
  });

  it.each([
    // IPv4-compatible, in either spelling, whatever IPv4 address it carries.
    ["::7f00:1", "ipv6 ipv4Compatible"],
    ["::8.8.8.8", "ipv6 ipv4Compatible"],
    // IPv4-mapped: judged by the IPv4 address inside.
    ["::ffff:127.0.0.1", "ipv4 loopback"],
    ["::ffff:a00:1", "ipv4 private"],
    // A zone does not hide the range.
    ["fe80::1%eth0", "ipv6 linkLocal"],
    // Only the strict forms are addresses.
    ["127.1", "unparsable"],
    ["0x7f.0.0.1", "unparsable"],
    ["not an ip", "unparsable"],
  ])("refuses %s as %s", (ip, range) => {
    expect(refusedRangeOf(ip)).toBe(range);
  });
});

describe("isPublicAddress", () => {
  it.each(["93.184.216.34", "8.8.8.8", "172.32.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"])(
    "accepts %s",
    (ip) => {
      expect(isPublicAddress(ip)).toBe(true);
    },
  );

  it.each(["127.0.0.1", "::127.0.0.1", "::1", "10.0.0.1"])("refuses %s", (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });
});
