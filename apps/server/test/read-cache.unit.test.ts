/**
 * ReadCache (src/lib/read-cache.ts): what it keeps, what an invalidation refuses, and its bounds.
 */
import { describe, expect, it } from 'vitest';
import { ReadCache, sessionsOf } from '../src/lib/read-cache';

const NOW = 1_000_000;

describe('ReadCache', () => {
  it('serves what was stored until the holder is invalidated', () => {
    const cache = new ReadCache();
    cache.set('credentials:a', 'user-a', 'A1', cache.begin());
    cache.set('credentials:b', 'user-b', 'B1', cache.begin());
    expect(cache.get('credentials:a', NOW)).toBe('A1');
    cache.invalidate('user-a');
    expect(cache.get('credentials:a', NOW)).toBeUndefined();
    expect(cache.get('credentials:b', NOW)).toBe('B1');
    cache.set('credentials:a', 'user-a', 'A2', cache.begin());
    expect(cache.get('credentials:a', NOW)).toBe('A2');
    expect(cache.stats()).toMatchObject({ hits: 3, misses: 1, invalidations: 1, enabled: true });
  });

  it("keeps a holder's sessions through a change of their data, and their data through a session's end", () => {
    const cache = new ReadCache();
    cache.set('session:t1', sessionsOf('user-a'), { live: true }, cache.begin());
    cache.set('credentials:a', 'user-a', 'A1', cache.begin());
    cache.invalidate('user-a');
    expect(cache.get('credentials:a', NOW)).toBeUndefined();
    expect(cache.get('session:t1', NOW)).toEqual({ live: true });
    cache.set('credentials:a', 'user-a', 'A2', cache.begin());
    cache.invalidate(sessionsOf('user-a'));
    expect(cache.get('session:t1', NOW)).toBeUndefined();
    expect(cache.get('credentials:a', NOW)).toBe('A2');
    expect(sessionsOf('user-a')).not.toBe('user-a');
  });

  it('refuses what a read begun before an invalidation of its holder would store', () => {
    const cache = new ReadCache();
    const before = cache.begin();
    cache.invalidate('user-a');
    cache.set('credentials:a', 'user-a', 'stale', before);
    expect(cache.get('credentials:a', NOW)).toBeUndefined();
    // Another holder's change does not spoil it.
    const ticket = cache.begin();
    cache.invalidate('user-b');
    cache.set('credentials:a', 'user-a', 'fresh', ticket);
    expect(cache.get('credentials:a', NOW)).toBe('fresh');
  });

  it('stops serving an entry at its expiresAt', () => {
    const cache = new ReadCache();
    cache.set('verify:c', 'user-a', 'valid', cache.begin(), NOW + 10);
    expect(cache.get('verify:c', NOW + 9)).toBe('valid');
    expect(cache.get('verify:c', NOW + 10)).toBeUndefined();
  });

  it('neither serves nor stores while disabled, and starts empty when enabled again', () => {
    const cache = new ReadCache({ enabled: false });
    cache.set('k', 'user-a', 'v', cache.begin());
    expect(cache.get('k', NOW)).toBeUndefined();
    cache.enable();
    const ticket = cache.begin();
    cache.set('k', 'user-a', 'v', ticket);
    expect(cache.get('k', NOW)).toBe('v');
    cache.disable();
    expect(cache.get('k', NOW)).toBeUndefined();
    cache.enable();
    expect(cache.get('k', NOW)).toBeUndefined();
    // A read that began before the feed went down may not store after it is back.
    cache.set('k', 'user-a', 'v', ticket);
    expect(cache.get('k', NOW)).toBeUndefined();
  });

  it('when the record of changed holders overflows, entries read before the lost record are refused', () => {
    const cache = new ReadCache({ maxHolderRecords: 2 });
    const old = cache.begin();
    cache.set('x', 'user-x', 'X', old);
    cache.invalidate('user-a');
    cache.invalidate('user-b');
    expect(cache.get('x', NOW)).toBe('X');
    cache.invalidate('user-c'); // pushes out user-a's record
    expect(cache.get('x', NOW)).toBeUndefined();
    cache.set('x', 'user-x', 'X2', cache.begin());
    expect(cache.get('x', NOW)).toBe('X2');
  });

  it('keeps at most maxEntries entries and maxSize characters, least recently used out first', () => {
    const cache = new ReadCache({ maxEntries: 2, maxSize: 10 });
    cache.set('a', 'u', '1234', cache.begin());
    cache.set('b', 'u', '1234', cache.begin());
    cache.get('a', NOW);
    cache.set('c', 'u', '1234', cache.begin());
    expect(cache.get('b', NOW)).toBeUndefined();
    expect(cache.get('a', NOW)).toBe('1234');
    cache.set('d', 'u', '123456789', cache.begin());
    expect(cache.stats().entries).toBe(1);
  });
  it('lets concurrent misses of one key share one read, unless the holder changed meanwhile', async () => {
    const cache = new ReadCache();
    let reads = 0;
    let release: () => void = () => {};
    const read = (value: string) => async () => {
      reads++;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return { value };
    };
    const first = cache.load('consent:a', 'user-a', NOW, read('A1'));
    const second = cache.load('consent:a', 'user-a', NOW, read('A-second'));
    release();
    expect(await Promise.all([first, second])).toEqual(['A1', 'A1']);
    expect(reads).toBe(1);
    expect(cache.get('consent:a', NOW)).toBe('A1');
    expect(cache.stats().joined).toBe(1);

    // A write between the start of a read and a later miss: the later miss reads again, and
    // the older read is not kept.
    cache.invalidate('user-a');
    const before = cache.load('consent:a', 'user-a', NOW, read('A2'));
    const releaseBefore = release;
    cache.invalidate('user-a');
    const after = cache.load('consent:a', 'user-a', NOW, read('A3'));
    release();
    releaseBefore();
    expect(await before).toBe('A2');
    expect(await after).toBe('A3');
    expect(reads).toBe(3);
    expect(cache.get('consent:a', NOW)).toBe('A3');

    // A failed read reaches the miss that joined it and keeps nothing.
    cache.invalidate('user-a');
    const failing = cache.load('consent:a', 'user-a', NOW, async () => {
      await Promise.resolve();
      throw new Error('database down');
    });
    const joined = cache.load('consent:a', 'user-a', NOW, read('unused'));
    await expect(failing).rejects.toThrow('database down');
    await expect(joined).rejects.toThrow('database down');
    expect(cache.get('consent:a', NOW)).toBeUndefined();
  });
});
