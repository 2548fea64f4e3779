/**
 * The wallet's address policy (src/lib/oid4vp/address-policy.ts; docs/oid4vp.md "request_uri
 * rules and SSRF limits") on IPv6 addresses that carry an IPv4 address: IPv4-mapped and
 * IPv4-compatible (RFC 4291 2.5.5), 6to4 (RFC 3056), the NAT64 well-known prefix (RFC 6052) and
 * the local-use prefix (RFC 8215). Each is refused when the IPv4 address it carries would be,
 * written in dotted or hex form, compressed or not; the guard holds whether the address comes as
 * a URL literal or from DNS. No database.
 */
import { describe, expect, it } from 'vitest';
import {
  type HostLookup,
  isAllowedAddress,
  type Oid4vpErrorCode,
  safeFetch,
} from '../src/lib/oid4vp';

/** [address, what it carries]: every one refused, loopback allowed or not. */
const REFUSED_ALWAYS: [string, string][] = [
  // IPv4-mapped, of private, link-local (cloud metadata) and reserved addresses
  ['::ffff:10.0.0.1', 'mapped 10.0.0.1'],
  ['::ffff:a00:1', 'mapped 10.0.0.1, hex'],
  ['0:0:0:0:0:FFFF:0A00:0001', 'mapped 10.0.0.1, full, upper case'],
  ['::ffff:169.254.169.254', 'mapped metadata address'],
  ['::ffff:a9fe:a9fe', 'mapped metadata address, hex'],
  ['::ffff:192.168.1.1', 'mapped 192.168.1.1'],
  ['::ffff:c0a8:101', 'mapped 192.168.1.1, hex'],
  ['::ffff:0.0.0.0', 'mapped 0.0.0.0'],
  // IPv4-compatible (deprecated): loopback too, since it is not this computer's loopback
  ['::127.0.0.1', 'compatible 127.0.0.1'],
  ['::7f00:1', 'compatible 127.0.0.1, hex'],
  ['0:0:0:0:0:0:7f00:0001', 'compatible 127.0.0.1, full'],
  ['::10.0.0.1', 'compatible 10.0.0.1'],
  ['::a00:1', 'compatible 10.0.0.1, hex'],
  ['::169.254.169.254', 'compatible metadata address'],
  ['::a9fe:a9fe', 'compatible metadata address, hex'],
  ['::172.16.0.1', 'compatible 172.16.0.1'],
  ['::0.0.0.2', 'compatible 0.0.0.2'],
  // 6to4: the IPv4 address in bits 16-47
  ['2002:7f00:1::', '6to4 of 127.0.0.1'],
  ['2002:7f00:0001:0000:0000:0000:0000:0001', '6to4 of 127.0.0.1, full'],
  ['2002:a00:1::1', '6to4 of 10.0.0.1'],
  ['2002:a9fe:a9fe::', '6to4 of the metadata address'],
  ['2002:c0a8:101:1::1', '6to4 of 192.168.1.1'],
  ['2002:6440:1::', '6to4 of 100.64.0.1'],
  // NAT64 well-known prefix 64:ff9b::/96
  ['64:ff9b::127.0.0.1', 'NAT64 of 127.0.0.1'],
  ['64:ff9b::7f00:1', 'NAT64 of 127.0.0.1, hex'],
  ['64:ff9b::10.0.0.1', 'NAT64 of 10.0.0.1'],
  ['64:ff9b::a00:1', 'NAT64 of 10.0.0.1, hex'],
  ['64:ff9b:0:0:0:0:a9fe:a9fe', 'NAT64 of the metadata address, full'],
  ['64:ff9b::192.168.0.10', 'NAT64 of 192.168.0.10'],
  // NAT64 local-use prefix 64:ff9b:1::/48: refused whole
  ['64:ff9b:1::a00:1', 'local-use NAT64 of 10.0.0.1'],
  ['64:ff9b:1::8.8.8.8', 'local-use NAT64, even of a public address'],
  ['64:ff9b:1:ffff:ffff:ffff:ffff:ffff', 'the end of the local-use prefix'],
  // the plain IPv6 ranges stay refused
  ['::', 'unspecified'],
  ['fe80::1', 'link-local'],
  ['fd00::1', 'unique local'],
  ['2001:db8::1', 'documentation'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
];

/** Loopback in its real forms: allowed only where loopback is. */
const LOOPBACK: [string, string][] = [
  ['::1', 'IPv6 loopback'],
  ['0:0:0:0:0:0:0:1', 'IPv6 loopback, full'],
  ['::ffff:127.0.0.1', 'mapped 127.0.0.1'],
  ['::ffff:7f00:1', 'mapped 127.0.0.1, hex'],
  ['::ffff:127.1.2.3', 'mapped 127.1.2.3'],
];

/** Public addresses in the same forms: allowed. */
const ALLOWED: [string, string][] = [
  ['::ffff:8.8.8.8', 'mapped public'],
  ['::ffff:808:808', 'mapped public, hex'],
  ['2002:808:808::1', '6to4 of a public address'],
  ['64:ff9b::8.8.8.8', 'NAT64 of a public address'],
  ['64:ff9b::5db8:d822', 'NAT64 of a public address, hex'],
  ['2606:4700:4700::1111', 'public IPv6'],
  ['93.184.216.34', 'public IPv4'],
];

describe('the address policy on IPv4-embedding IPv6 addresses', () => {
  it.each(REFUSED_ALWAYS)('refuses %s (%s), loopback allowed or not', (address) => {
    expect(isAllowedAddress(address, false)).toBe(false);
    expect(isAllowedAddress(address, true)).toBe(false);
  });

  it.each(LOOPBACK)('allows %s (%s) only where loopback is', (address) => {
    expect(isAllowedAddress(address, false)).toBe(false);
    expect(isAllowedAddress(address, true)).toBe(true);
  });

  it.each(ALLOWED)('allows %s (%s)', (address) => {
    expect(isAllowedAddress(address, false)).toBe(true);
  });

  it('refuses them as URL literals and as DNS answers, before connecting', async () => {
    const codeOf = async (promise: Promise<unknown>): Promise<Oid4vpErrorCode | 'resolved'> =>
      promise.then(
        () => 'resolved' as const,
        (error: { code: Oid4vpErrorCode }) => error.code,
      );
    for (const [address] of [...REFUSED_ALWAYS, ...LOOPBACK]) {
      const literal = `https://[${address}]/request`;
      expect([address, await codeOf(safeFetch(literal, {}, { allowLoopback: false }))]).toEqual([
        address,
        'address_refused',
      ]);
      const lookup: HostLookup = async () => [{ address, family: 6 }];
      const named = safeFetch(
        'https://verifier.example/request',
        {},
        {
          allowLoopback: false,
          lookup,
        },
      );
      expect([address, await codeOf(named)]).toEqual([address, 'address_refused']);
    }
  });
});
