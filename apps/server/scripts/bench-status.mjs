#!/usr/bin/env node
/**
 * Benchmark (not a timed test; docs/performance.md "Status checks"): how many status checks a
 * verifier makes per second once the lists are cached (lib/status-list checkCredentialStatus,
 * docs/status-lists.md), on one core, for the three shapes of entries:
 * - an SD-JWT VC's Token Status List entry (one list, 2 bits per entry);
 * - a Data Integrity credential's two Bitstring Status List entries (revocation, suspension);
 * - and, for scale, the first (uncached) check of each, which fetches and verifies the lists.
 * The lists are an outside issuer's (test/helpers/outside-status-list.ts: 131,072 entries each,
 * on 127.0.0.1, reached under the loopback switch), so the figure is the checker's own cost.
 *
 * Usage: node scripts/bench-status.mjs [seconds per run, default 5]
 * Prints one line per run: checks, seconds, checks per second, and the mean time per check.
 */
import { tsImport } from 'tsx/esm/api';

const seconds = Number(process.argv[2] ?? 5);
const here = import.meta.url;
const {
  checkCredentialStatus,
  clearStatusListCache,
  statusEntriesOfCredential,
  statusEntriesOfSdJwtPayload,
} = await tsImport('../src/lib/status-list/index.ts', here);
const { nodeProofCrypto } = await tsImport('../src/lib/issuer-keys.ts', here);
const { startOutsideStatusLists } = await tsImport('../test/helpers/outside-status-list.ts', here);

const now = () => new Date();
const lists = await startOutsideStatusLists(now);
// Some entries set, as a live list would have.
for (let i = 0; i < 1000; i += 1) {
  lists.setToken(i * 97, 1 + (i % 2));
  lists.setBit(i % 2 ? 'revocation' : 'suspension', i * 89, true);
}
const deps = {
  now,
  publicOrigin: 'http://localhost:5000',
  oid4vciAllowLoopback: true,
  proofCrypto: nodeProofCrypto(),
  // No database: a did:key issuer's keys need no trust list.
  db: undefined,
};
const shapes = {
  token: statusEntriesOfSdJwtPayload({ status: lists.tokenStatus(4242) }),
  bitstring: statusEntriesOfCredential({ credentialStatus: lists.credentialStatus(4242) }),
};

async function firstCheck(name) {
  clearStatusListCache();
  const start = process.hrtime.bigint();
  const result = await checkCredentialStatus({ issuer: lists.issuer, entries: shapes[name] }, deps);
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  console.log(
    `${name}: first check (fetch + verify + decode): ${ms.toFixed(1)} ms (${result.value})`,
  );
}

async function cachedRun(name) {
  const entries = shapes[name];
  await checkCredentialStatus({ issuer: lists.issuer, entries }, deps);
  const end = Date.now() + seconds * 1000;
  let checks = 0;
  const start = process.hrtime.bigint();
  while (Date.now() < end) {
    for (let i = 0; i < 1000; i += 1) {
      await checkCredentialStatus({ issuer: lists.issuer, entries }, deps);
    }
    checks += 1000;
  }
  const elapsed = Number(process.hrtime.bigint() - start) / 1e9;
  console.log(
    `${name}: ${checks} cached checks in ${elapsed.toFixed(2)} s: ${Math.round(checks / elapsed)} checks/s, ${((elapsed / checks) * 1e6).toFixed(1)} µs per check`,
  );
}

console.log(`node ${process.version}, ${seconds} s per run`);
for (const name of Object.keys(shapes)) await firstCheck(name);
for (const name of Object.keys(shapes)) await cachedRun(name);
await lists.stop();
