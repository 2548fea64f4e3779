/**
 * The status checker (lib/status-list; docs/status-lists.md "Checking status (wallet and
 * verifiers)") against an outside issuer's lists on 127.0.0.1 (test/helpers/
 * outside-status-list.ts), on every backend: valid, then revoked, then suspended after the
 * list changes, for both list kinds; unknown when the server is stopped, the list is signed by
 * another key, names another URL, or expired; the cache honours the list's ttl and `fresh`
 * bypasses it; loopback refused without OID4VCI_ALLOW_LOOPBACK.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  checkCredentialStatus,
  clearStatusListCache,
  type StatusEntry,
  type StatusListDeps,
  statusEntriesOfCredential,
  statusEntriesOfSdJwtPayload,
} from '../src/lib/status-list';
import { buildTestApp, MINUTE_MS, TestClock } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';
import { type OutsideStatusLists, startOutsideStatusLists } from './helpers/outside-status-list';

describe.each(backends)('the status checker on $name', (backend) => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  let lists: OutsideStatusLists;
  const clock = new TestClock();
  let deps: StatusListDeps;

  beforeAll(async () => {
    opened = await backend.open();
    app = await buildTestApp(opened.database, {
      now: clock.now,
      masterKey: randomBytes(32),
      oid4vciAllowLoopback: true,
    });
    deps = app.deps;
    lists = await startOutsideStatusLists(clock.now);
  });
  afterAll(async () => {
    await lists?.stop();
    await app?.close();
    await opened?.dispose();
  });
  beforeEach(() => {
    clearStatusListCache();
    lists.setMode('good');
    lists.setTtlSeconds(300);
  });

  const token = (idx: number): StatusEntry[] =>
    statusEntriesOfSdJwtPayload({ iss: lists.issuer, status: lists.tokenStatus(idx) });
  const bitstring = (index: number): StatusEntry[] =>
    statusEntriesOfCredential({ credentialStatus: lists.credentialStatus(index) });
  const check = (entries: StatusEntry[], fresh = true) =>
    checkCredentialStatus({ issuer: lists.issuer, entries, fresh }, deps);

  it('reads a Token Status List: valid, revoked, suspended as the issuer changes it', async () => {
    expect((await check(token(7))).value).toBe('valid');
    lists.setToken(7, 1);
    expect(await check(token(7))).toMatchObject({ value: 'revoked', ttl_seconds: 300 });
    lists.setToken(7, 2);
    expect((await check(token(7))).value).toBe('suspended');
    lists.setToken(7, 3);
    expect((await check(token(7))).value).toBe('unknown');
    lists.setToken(7, 0);
    expect((await check(token(7))).value).toBe('valid');
    expect((await check(token(8))).checked_at).toBe(clock.now().toISOString());
  });

  it('reads Bitstring Status Lists: revocation and suspension bits, revoked winning', async () => {
    expect((await check(bitstring(42))).value).toBe('valid');
    lists.setBit('suspension', 42, true);
    expect((await check(bitstring(42))).value).toBe('suspended');
    lists.setBit('revocation', 42, true);
    expect((await check(bitstring(42))).value).toBe('revoked');
    lists.setBit('revocation', 42, false);
    lists.setBit('suspension', 42, false);
    expect((await check(bitstring(42))).value).toBe('valid');
  });

  it('says unknown, with a reason, for a list that is forged, misnamed, expired or gone', async () => {
    for (const mode of ['forged', 'wrong_subject', 'expired', 'not_found'] as const) {
      lists.setMode(mode);
      for (const entries of [token(1), bitstring(1)]) {
        const result = await check(entries);
        expect(result.value, `${mode} ${entries[0]?.kind}`).toBe('unknown');
        expect(result.reason).toEqual(expect.any(String));
      }
    }
  });

  it('says unknown for another issuer, an index outside the list, an unreadable entry', async () => {
    const other = await checkCredentialStatus(
      { issuer: 'did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK', entries: token(1) },
      deps,
    );
    expect(other.value).toBe('unknown');
    expect((await check(token(1_000_000))).value).toBe('unknown');
    expect((await check(bitstring(1_000_000))).value).toBe('unknown');
    expect(
      statusEntriesOfSdJwtPayload({ status: { status_list: { idx: 'x', uri: 'ftp://a' } } }),
    ).toEqual([{ kind: 'token', uri: '', idx: -1 }]);
    expect((await check(statusEntriesOfSdJwtPayload({ status: 'revoked' }))).value).toBe('unknown');
  });

  it('says valid when there is nothing that could revoke it', async () => {
    expect(await checkCredentialStatus({ issuer: lists.issuer, entries: [] }, deps)).toMatchObject({
      value: 'valid',
      ttl_seconds: 86_400,
    });
    expect(statusEntriesOfSdJwtPayload({ iss: 'x' })).toEqual([]);
    expect(statusEntriesOfCredential({ credentialStatus: { type: 'OtherStatus' } })).toEqual([]);
  });

  it('keeps an outside list for its ttl; fresh fetches it again', async () => {
    lists.setTtlSeconds(120);
    const path = '/lists/token';
    const before = lists.hits.get(path) ?? 0;
    expect((await check(token(3), false)).value).toBe('valid');
    lists.setToken(3, 1);
    // Cached: the change is not seen, and nothing is fetched.
    expect((await check(token(3), false)).value).toBe('valid');
    expect(lists.hits.get(path)).toBe(before + 1);
    // fresh bypasses the cache.
    expect((await check(token(3), true)).value).toBe('revoked');
    lists.setToken(3, 0);
    // The fresh copy replaced the cached one; after its ttl it is fetched again.
    expect((await check(token(3), false)).value).toBe('revoked');
    clock.advance(2 * MINUTE_MS + 1000);
    expect((await check(token(3), false)).value).toBe('valid');
    expect(lists.hits.get(path)).toBe(before + 3);
  });

  it('keeps a list at least 30 seconds, however short its ttl', async () => {
    lists.setTtlSeconds(1);
    const path = '/lists/revocation';
    const before = lists.hits.get(path) ?? 0;
    await check(bitstring(5), false);
    clock.advance(10_000);
    await check(bitstring(5), false);
    expect(lists.hits.get(path)).toBe(before + 1);
    clock.advance(25_000);
    await check(bitstring(5), false);
    expect(lists.hits.get(path)).toBe(before + 2);
  });

  it('refuses loopback lists without OID4VCI_ALLOW_LOOPBACK', async () => {
    const result = await checkCredentialStatus(
      { issuer: lists.issuer, entries: token(1), fresh: true },
      { ...deps, oid4vciAllowLoopback: false },
    );
    expect(result.value).toBe('unknown');
    expect(result.reason).toMatch(/not allowed/);
  });

  it('says unknown when the server is stopped', async () => {
    await lists.stop();
    for (const entries of [token(1), bitstring(1)]) {
      expect((await check(entries)).value).toBe('unknown');
    }
  });
});
