/**
 * Which IP addresses the wallet may connect to when it fetches a verifier's `request_uri` or posts
 * to its `response_uri` (server-side request forgery guard; docs/oid4vp.md "request_uri rules and
 * SSRF limits"). Checked on the addresses DNS answered, never on the host name.
 *
 * Refused always: "this network" 0.0.0.0/8 and `::`, link-local 169.254.0.0/16 and fe80::/10
 * (cloud metadata lives there), private ranges 10/8, 172.16/12, 192.168/16, fc00::/7, shared
 * address space 100.64/10, the IETF, documentation, benchmarking, multicast and reserved ranges, and
 * NAT64 64:ff9b::/96. An IPv4-mapped IPv6 address (::ffff:10.0.0.1) is judged by its IPv4 address
 * (node:net BlockList does that). Loopback (127.0.0.0/8, ::1) only when the caller allows it.
 */
import { BlockList, isIP } from 'node:net';

const REFUSED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  REFUSED.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  REFUSED.addSubnet(network, prefix, 'ipv6');
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** True when `address` (an IPv4 or IPv6 literal, no brackets) is a loopback address. */
export function isLoopbackAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return LOOPBACK.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * True when the wallet may connect to `address` (an IP literal without brackets): a public
 * unicast address, or loopback when `allowLoopback`. Anything that is not an IP literal is false.
 */
export function isAllowedAddress(address: string, allowLoopback: boolean): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (isLoopbackAddress(address)) return allowLoopback;
  return !REFUSED.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
