/**
 * Which IP addresses the wallet may connect to when it fetches a verifier's `request_uri` or posts
 * to its `response_uri` (server-side request forgery guard; docs/oid4vp.md "request_uri rules and
 * SSRF limits"). Checked on the addresses DNS answered, never on the host name.
 *
 * Refused always: "this network" 0.0.0.0/8 and `::`, link-local 169.254.0.0/16 and fe80::/10
 * (cloud metadata lives there), private ranges 10/8, 172.16/12, 192.168/16, fc00::/7, shared
 * address space 100.64/10, the IETF, documentation, benchmarking, 6to4 relay, multicast and
 * reserved ranges. Loopback (127.0.0.0/8, ::1) only when the caller allows it.
 *
 * IPv6 addresses that carry an IPv4 address are judged by it, in every form the text may take
 * (dotted `::ffff:10.0.0.1` or hex `::ffff:a00:1`):
 * - IPv4-mapped `::ffff:0:0/96` (RFC 4291 2.5.5.2): it IS that IPv4 address on a dual-stack
 *   socket, so it is judged exactly as the IPv4 address (loopback included);
 * - IPv4-compatible `::/96` (RFC 4291 2.5.5.1, deprecated), 6to4 `2002::/16` (RFC 3056, the
 *   IPv4 address in bits 16-47) and the NAT64 well-known prefix `64:ff9b::/96` (RFC 6052 2.1):
 *   refused when the IPv4 address is anything but public unicast (loopback too, even where
 *   loopback is allowed: those forms do not reach this computer's loopback interface);
 * - the NAT64 local-use prefix `64:ff9b:1::/48` (RFC 8215): refused whole, since where it holds
 *   the IPv4 address depends on the prefix length its operator chose (RFC 6052 2.2), and it only
 *   ever leads into a local network;
 * - Teredo `2001::/32` (RFC 4380): refused whole (its addresses hide IPv4 addresses XOR-ed).
 */
import { BlockList, isIP } from 'node:net';

const REFUSED_V4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  REFUSED_V4.addSubnet(network, prefix, 'ipv4');
}

const REFUSED_V6 = new BlockList();
for (const [network, prefix] of [
  ['::', 128],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  REFUSED_V6.addSubnet(network, prefix, 'ipv6');
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/**
 * The 16 bytes of an IPv6 literal (no brackets; a `%zone` is ignored), in any text form RFC 4291
 * 2.2 allows: full, `::`-compressed, with a dotted IPv4 tail. undefined when it is not IPv6.
 */
export function ipv6Bytes(address: string): Uint8Array | undefined {
  const text = address.split('%')[0] ?? '';
  if (isIP(text) !== 6) return undefined;
  let groups = text.split(':');
  const last = groups[groups.length - 1] ?? '';
  if (last.includes('.')) {
    const octets = last.split('.').map(Number);
    groups = [
      ...groups.slice(0, -1),
      (((octets[0] ?? 0) << 8) | (octets[1] ?? 0)).toString(16),
      (((octets[2] ?? 0) << 8) | (octets[3] ?? 0)).toString(16),
    ];
  }
  const gap = groups.indexOf('');
  if (gap !== -1) {
    // '::' leaves one or two empty strings where zero groups were left out ('::1' -> '', '', '1').
    const head = groups.slice(0, gap);
    const tail = groups.slice(gap).filter((group) => group !== '');
    groups = [...head, ...Array<string>(8 - head.length - tail.length).fill('0'), ...tail];
  }
  const bytes = new Uint8Array(16);
  groups.forEach((group, index) => {
    const value = Number.parseInt(group, 16);
    bytes[index * 2] = value >> 8;
    bytes[index * 2 + 1] = value & 0xff;
  });
  return bytes;
}

const dotted = (bytes: Uint8Array, from: number) =>
  Array.from(bytes.slice(from, from + 4)).join('.');

const zeroUpTo = (bytes: Uint8Array, end: number) => bytes.slice(0, end).every((b) => b === 0);

/**
 * The IPv4 address an IPv6 address carries and how (see the module comment), or undefined.
 * `::` and `::1` are not read as IPv4-compatible (they are the unspecified and loopback address).
 */
export function embeddedIpv4(
  address: string,
): { form: 'mapped' | 'compatible' | '6to4' | 'nat64'; ipv4: string } | undefined {
  const bytes = ipv6Bytes(address);
  if (!bytes) return undefined;
  if (zeroUpTo(bytes, 10) && bytes[10] === 0xff && bytes[11] === 0xff) {
    return { form: 'mapped', ipv4: dotted(bytes, 12) };
  }
  if (zeroUpTo(bytes, 12) && !(zeroUpTo(bytes, 15) && (bytes[15] ?? 0) <= 1)) {
    return { form: 'compatible', ipv4: dotted(bytes, 12) };
  }
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return { form: '6to4', ipv4: dotted(bytes, 2) };
  const nat64 = [0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0];
  if (nat64.every((byte, index) => bytes[index] === byte)) {
    return { form: 'nat64', ipv4: dotted(bytes, 12) };
  }
  return undefined;
}

/** True when `address` (an IPv4 or IPv6 literal, no brackets) is a loopback address. */
export function isLoopbackAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return LOOPBACK.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

function isAllowedIpv4(address: string, allowLoopback: boolean): boolean {
  if (LOOPBACK.check(address, 'ipv4')) return allowLoopback;
  return !REFUSED_V4.check(address, 'ipv4');
}

/**
 * True when the wallet may connect to `address` (an IP literal without brackets): a public
 * unicast address, or loopback when `allowLoopback`. Anything that is not an IP literal is false.
 */
export function isAllowedAddress(address: string, allowLoopback: boolean): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 4) return isAllowedIpv4(address, allowLoopback);
  const bytes = ipv6Bytes(address);
  // ::1 itself (an IPv4-mapped loopback address is judged below, as its IPv4 address).
  if (bytes && zeroUpTo(bytes, 15) && bytes[15] === 1) return allowLoopback;
  const embedded = embeddedIpv4(address);
  if (embedded?.form === 'mapped') return isAllowedIpv4(embedded.ipv4, allowLoopback);
  if (embedded) return isAllowedIpv4(embedded.ipv4, false);
  return !REFUSED_V6.check(address, 'ipv6');
}
