import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from '@/lib/browser';
import { json, mockFetch, problem, type RecordedRequest } from '@/testing/mock-fetch';
import {
  discardOutboxEntries,
  enqueueOutbox,
  type NewOutboxEntry,
  type OutboxHandler,
  type OutboxHandlers,
  pendingEntries,
  readOutbox,
  rebaseOutboxEntries,
  syncOutbox,
} from './outbox';

const USER = 'user-001';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function change(path: string, overrides: Partial<NewOutboxEntry> = {}): NewOutboxEntry {
  return { userId: USER, kind: 'activity_log', method: 'POST', path, body: { path }, ...overrides };
}

/** Handlers that record what they were given; `refused` decides every refusal. */
function recordingHandlers(
  refused: OutboxHandler['onRefused'] = async () => ({ action: 'synced' }),
) {
  const synced: { id: string; answer: unknown }[] = [];
  const handler: OutboxHandler = {
    onSynced: (entry, answer) => synced.push({ id: entry.id, answer }),
    onRefused: vi.fn(refused),
  };
  const handlers: OutboxHandlers = {
    consent_decision: handler,
    consent_withdrawal: handler,
    credential_generation: handler,
    activity_log: handler,
    profile_update: handler,
    settings_update: handler,
  };
  return { handlers, handler, synced };
}

/**
 * A server that honours Idempotency-Key as apps/server does: the first call with a key runs
 * (`effects` counts it) and its answer is stored; a repeat answers the stored one again with
 * `Idempotent-Replayed: true`.
 */
function idempotentServer() {
  const stored = new Map<string, { status: number; body: unknown }>();
  const effects: string[] = [];
  const handle = (request: RecordedRequest) => {
    const key = request.headers['idempotency-key'] ?? '';
    const earlier = stored.get(key);
    if (earlier) {
      return new Response(JSON.stringify(earlier.body), {
        status: earlier.status,
        headers: { 'Content-Type': 'application/json', 'Idempotent-Replayed': 'true' },
      });
    }
    effects.push(request.path);
    const answer = { status: 201, body: { done: request.path, effect: effects.length } };
    stored.set(key, answer);
    return json(answer.body, answer.status);
  };
  return { stored, effects, handle };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'locks');
});

describe('lib/sync/outbox: the queue', () => {
  it('keeps changes in the order they were made, each with its own UUID as Idempotency-Key', () => {
    const first = enqueueOutbox(change('/a'), { now: new Date('2025-06-01T10:00:00.000Z') });
    const second = enqueueOutbox(change('/b'));
    const third = enqueueOutbox(change('/c', { kind: 'consent_decision', local: { x: '1' } }));
    expect(pendingEntries(USER).map((e) => e.path)).toEqual(['/a', '/b', '/c']);
    expect(first?.id).toMatch(UUID);
    expect(new Set([first?.id, second?.id, third?.id]).size).toBe(3);
    expect(pendingEntries(USER)[0]).toMatchObject({
      userId: USER,
      kind: 'activity_log',
      method: 'POST',
      body: { path: '/a' },
      createdAt: '2025-06-01T10:00:00.000Z',
      attempts: 0,
      firstSentAt: null,
    });
    expect(pendingEntries(USER, 'consent_decision')).toEqual([
      expect.objectContaining({ path: '/c', local: { x: '1' } }),
    ]);
    // Stored under the `outbox` key (cleared on logout with the other session keys).
    expect(JSON.parse(localStorage.getItem('outbox') ?? '{}').entries).toHaveLength(3);
  });

  it('coalesces full replacements: an unsent one is replaced, a sent one is followed; the first base stays', () => {
    const profile = (name: string, base: string | null) =>
      change('/user/user-001/profile', {
        kind: 'profile_update',
        method: 'PUT',
        body: { name },
        baseUpdatedAt: base,
      });
    enqueueOutbox(change('/log'));
    const first = enqueueOutbox(profile('A', 'T1'), { coalesce: true });
    const second = enqueueOutbox(profile('B', 'ignored'), { coalesce: true });
    expect(pendingEntries(USER).map((e) => e.body)).toEqual([{ path: '/log' }, { name: 'B' }]);
    expect(second).toMatchObject({ baseUpdatedAt: 'T1' });
    expect(second?.id).not.toBe(first?.id);

    // Once sent (it may have reached the server), a later Save queues behind it.
    const state = readOutbox();
    localStorage.setItem(
      'outbox',
      JSON.stringify({
        ...state,
        entries: state.entries.map((e) =>
          e.id === second?.id ? { ...e, firstSentAt: '2025-06-01T10:00:00.000Z' } : e,
        ),
      }),
    );
    enqueueOutbox(profile('C', 'ignored'), { coalesce: true });
    expect(pendingEntries(USER, 'profile_update').map((e) => [e.body, e.baseUpdatedAt])).toEqual([
      [{ name: 'B' }, 'T1'],
      [{ name: 'C' }, 'T1'],
    ]);

    rebaseOutboxEntries(USER, 'profile_update', 'T2');
    expect(pendingEntries(USER, 'profile_update').map((e) => e.baseUpdatedAt)).toEqual([
      'T2',
      'T2',
    ]);
    expect(discardOutboxEntries(USER, 'profile_update')).toBe(2);
    expect(pendingEntries(USER).map((e) => e.path)).toEqual(['/log']);
  });
});

describe('lib/sync/outbox: syncOutbox', () => {
  it('replays in order, one at a time, with the Idempotency-Key; each 2xx removes its entry', async () => {
    const ids = ['/a', '/b', '/c'].map((path) => enqueueOutbox(change(path))?.id);
    let releaseFirst: () => void = () => {};
    const firstAnswered = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    const { calls } = mockFetch({
      'POST /a': async () => {
        await firstAnswered;
        return json({ answer: 'a' }, 201);
      },
      'POST /b': () => json({ answer: 'b' }),
      'POST /c': () => json({ answer: 'c' }),
    });
    const { handlers, synced } = recordingHandlers();
    const run = syncOutbox({ userId: USER, handlers });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    // The second is not sent while the first waits for its answer.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toHaveLength(1);
    releaseFirst();
    await expect(run).resolves.toEqual({
      synced: 3,
      conflicts: 0,
      remaining: 0,
      stoppedBy: null,
      kinds: ['activity_log'],
    });
    expect(calls.map((c) => c.path)).toEqual(['/a', '/b', '/c']);
    expect(calls.map((c) => c.headers['idempotency-key'])).toEqual(ids);
    expect(calls[0]?.body).toEqual({ path: '/a' });
    expect(synced).toEqual([
      { id: ids[0], answer: { answer: 'a' } },
      { id: ids[1], answer: { answer: 'b' } },
      { id: ids[2], answer: { answer: 'c' } },
    ]);
    expect(readOutbox()).toEqual({ entries: [], conflicts: [] });
  });

  it('sends the query of a call that has one (credential generation)', async () => {
    enqueueOutbox(
      change('/identity/generate-credential', {
        kind: 'credential_generation',
        body: undefined,
        query: { user_id: USER, document_type: 'pan' },
      }),
    );
    const { calls } = mockFetch({ 'POST /identity/generate-credential': () => json({}) });
    await syncOutbox({ userId: USER, handlers: recordingHandlers().handlers });
    expect(calls[0]?.query.toString()).toBe('user_id=user-001&document_type=pan');
    expect(calls[0]?.body).toBeUndefined();
  });

  it('stops at the first network failure and keeps that entry and every later one', async () => {
    enqueueOutbox(change('/a'));
    enqueueOutbox(change('/unreachable'));
    enqueueOutbox(change('/c'));
    // No handler for /unreachable: fetch fails like an unreachable server.
    const { calls } = mockFetch({ 'POST /a': () => json({}), 'POST /c': () => json({}) });
    const result = await syncOutbox({
      userId: USER,
      handlers: recordingHandlers().handlers,
      now: () => new Date('2025-06-01T10:00:00.000Z'),
    });
    expect(result).toEqual({
      synced: 1,
      conflicts: 0,
      remaining: 2,
      stoppedBy: 'network',
      kinds: ['activity_log'],
    });
    expect(calls.map((c) => c.path)).toEqual(['/a', '/unreachable']);
    expect(pendingEntries(USER)).toEqual([
      expect.objectContaining({
        path: '/unreachable',
        attempts: 1,
        firstSentAt: '2025-06-01T10:00:00.000Z',
      }),
      expect.objectContaining({ path: '/c', attempts: 0, firstSentAt: null }),
    ]);
  });

  it('keeps the entry and stops on 401 (the session interceptor takes over), 429 and 5xx', async () => {
    vi.spyOn(browser, 'assign').mockImplementation(() => {});
    for (const status of [401, 429, 500, 503]) {
      localStorage.clear();
      localStorage.setItem('sessionToken', 'tok');
      enqueueOutbox(change('/a'));
      enqueueOutbox(change('/b'));
      const { calls } = mockFetch({
        'POST /a': () => json({ detail: 'no' }, status),
        'POST /b': () => json({}),
      });
      const { handlers, handler } = recordingHandlers();
      const result = await syncOutbox({ userId: USER, handlers });
      expect(result.stoppedBy).toBe(status === 401 ? 'unauthorized' : 'server');
      expect(result.remaining).toBe(2);
      expect(calls).toHaveLength(1);
      expect(handler.onRefused).not.toHaveBeenCalled();
    }
  });

  it('turns a 409 into a conflict notice with the server detail, drops the entry and goes on', async () => {
    const conflicted = enqueueOutbox(
      change('/user/user-001/consent-requests/bank/approve', {
        kind: 'consent_decision',
        body: undefined,
      }),
      { now: new Date('2025-06-01T09:00:00.000Z') },
    );
    enqueueOutbox(change('/b'));
    mockFetch({
      'POST /user/user-001/consent-requests/bank/approve': () =>
        problem(
          'consent_already_decided',
          409,
          'This consent request was already rejected. Decisions are final.',
        ),
      'POST /b': () => json({}),
    });
    const { handlers, handler, synced } = recordingHandlers(async () => ({
      action: 'conflict',
      code: 'consentDecidedElsewhere',
      params: { requester: 'State Bank of India', serverStatus: 'rejected' },
    }));
    const result = await syncOutbox({
      userId: USER,
      handlers,
      now: () => new Date('2025-06-01T10:00:00.000Z'),
    });
    expect(result).toEqual({
      synced: 1,
      conflicts: 1,
      remaining: 0,
      stoppedBy: null,
      kinds: ['consent_decision', 'activity_log'],
    });
    expect(handler.onRefused).toHaveBeenCalledWith(
      expect.objectContaining({ id: conflicted?.id, attempts: 1, firstSentAt: null }),
      expect.objectContaining({ status: 409 }),
    );
    expect(synced).toHaveLength(1);
    expect(readOutbox()).toEqual({
      entries: [],
      conflicts: [
        {
          id: conflicted?.id,
          userId: USER,
          kind: 'consent_decision',
          code: 'consentDecidedElsewhere',
          params: { requester: 'State Bank of India', serverStatus: 'rejected' },
          status: 409,
          detail: 'This consent request was already rejected. Decisions are final.',
          createdAt: '2025-06-01T09:00:00.000Z',
          settledAt: '2025-06-01T10:00:00.000Z',
        },
      ],
    });
  });

  it("keeps the entry and stops when the handler asks to wait ('retry'), so the order holds", async () => {
    enqueueOutbox(change('/a'));
    enqueueOutbox(change('/b'));
    const { calls } = mockFetch({
      'POST /a': () => json({ detail: 'still being processed' }, 409),
      'POST /b': () => json({}),
    });
    const { handlers } = recordingHandlers(async () => ({ action: 'retry' }));
    const result = await syncOutbox({ userId: USER, handlers });
    expect(result).toEqual({
      synced: 0,
      conflicts: 0,
      remaining: 2,
      stoppedBy: 'retry',
      kinds: [],
    });
    expect(calls.map((c) => c.path)).toEqual(['/a']);
  });

  it('keeps the entry and stops on the server\'s "still running" problem (idempotency_in_flight), without asking the handler', async () => {
    enqueueOutbox(change('/a'));
    enqueueOutbox(change('/b'));
    const { calls } = mockFetch({
      'POST /a': () =>
        problem(
          'idempotency_in_flight',
          409,
          'A request with this Idempotency-Key is still being processed; retry later',
          { headers: { 'Retry-After': '1' } },
        ),
      'POST /b': () => json({}),
    });
    const { handlers, handler } = recordingHandlers(async () => ({
      action: 'conflict',
      code: 'activityRefused',
    }));
    const result = await syncOutbox({ userId: USER, handlers });
    expect(result).toEqual({
      synced: 0,
      conflicts: 0,
      remaining: 2,
      stoppedBy: 'retry',
      kinds: [],
    });
    expect(calls.map((c) => c.path)).toEqual(['/a']);
    expect(handler.onRefused).not.toHaveBeenCalled();
  });

  it('hands a domain 409 to the handler by its code, even with a Retry-After header', async () => {
    enqueueOutbox(change('/a'));
    mockFetch({
      'POST /a': () =>
        problem(
          'consent_already_decided',
          409,
          'This consent request was already rejected. Decisions are final.',
          { headers: { 'Retry-After': '1' } },
        ),
    });
    const { handlers, handler } = recordingHandlers(async () => ({
      action: 'conflict',
      code: 'activityRefused',
    }));
    const result = await syncOutbox({ userId: USER, handlers });
    expect(result).toEqual({
      synced: 0,
      conflicts: 1,
      remaining: 0,
      stoppedBy: null,
      kinds: ['activity_log'],
    });
    expect(handler.onRefused).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({
        problem: expect.objectContaining({ code: 'consent_already_decided' }),
      }),
    );
  });

  it('after a crash mid-replay (sent, not removed), sends it again with its key: the server replays its first answer, once', async () => {
    const server = idempotentServer();
    const entry = enqueueOutbox(change('/user/user-001/activity-logs'));
    // The first attempt reaches the server, but its answer is lost (the tab closed, a timeout).
    mockFetch({
      'POST /user/user-001/activity-logs': (request) => {
        server.handle(request);
        throw new TypeError('Failed to fetch');
      },
    });
    const { handlers, synced } = recordingHandlers();
    expect((await syncOutbox({ userId: USER, handlers })).stoppedBy).toBe('network');
    expect(server.effects).toHaveLength(1);
    expect(pendingEntries(USER)).toEqual([
      expect.objectContaining({ id: entry?.id, attempts: 1, firstSentAt: expect.any(String) }),
    ]);

    // The next run (say after a reload) sends the same key: the first answer comes back.
    const { calls } = mockFetch({ 'POST /user/user-001/activity-logs': server.handle });
    const result = await syncOutbox({ userId: USER, handlers });
    expect(result).toEqual({
      synced: 1,
      conflicts: 0,
      remaining: 0,
      stoppedBy: null,
      kinds: ['activity_log'],
    });
    expect(calls[0]?.headers['idempotency-key']).toBe(entry?.id);
    expect(server.effects).toHaveLength(1);
    expect(synced).toEqual([
      { id: entry?.id, answer: { done: '/user/user-001/activity-logs', effect: 1 } },
    ]);
    expect(pendingEntries(USER)).toEqual([]);
  });

  it('lets `check` settle an entry without sending it', async () => {
    enqueueOutbox(change('/user/user-001/profile', { kind: 'profile_update', method: 'PUT' }));
    const { calls } = mockFetch({});
    const { handlers } = recordingHandlers();
    handlers.profile_update = {
      ...handlers.profile_update,
      check: async () => ({ action: 'conflict', code: 'profileChanged' }),
    };
    const result = await syncOutbox({ userId: USER, handlers });
    expect(result).toMatchObject({ conflicts: 1, remaining: 0 });
    expect(calls).toEqual([]);
    expect(readOutbox().conflicts).toEqual([
      expect.objectContaining({ code: 'profileChanged', status: null, detail: null }),
    ]);
  });

  it("replays only the holder's entries", async () => {
    enqueueOutbox(change('/mine'));
    enqueueOutbox(change('/theirs', { userId: 'user-002' }));
    const { calls } = mockFetch({ 'POST /mine': () => json({}), 'POST /theirs': () => json({}) });
    await syncOutbox({ userId: USER, handlers: recordingHandlers().handlers });
    expect(calls.map((c) => c.path)).toEqual(['/mine']);
    expect(pendingEntries('user-002')).toHaveLength(1);
  });

  it('never runs twice at once: a second call joins the run under way', async () => {
    enqueueOutbox(change('/a'));
    const { calls } = mockFetch({ 'POST /a': () => json({}) });
    const { handlers } = recordingHandlers();
    const [first, second] = [
      syncOutbox({ userId: USER, handlers }),
      syncOutbox({ userId: USER, handlers }),
    ];
    expect(second).toBe(first);
    await first;
    expect(calls).toHaveLength(1);
  });

  it('leaves the queue to another tab holding the Web Lock', async () => {
    enqueueOutbox(change('/a'));
    const request = vi.fn(
      (_name: string, _options: LockOptions, callback: (lock: Lock | null) => unknown) =>
        Promise.resolve(callback(null)),
    );
    Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });
    const { calls } = mockFetch({ 'POST /a': () => json({}) });
    const result = await syncOutbox({ userId: USER, handlers: recordingHandlers().handlers });
    expect(result).toEqual({ synced: 0, conflicts: 0, remaining: 1, stoppedBy: 'busy', kinds: [] });
    expect(request).toHaveBeenCalledWith(
      'pehchaan-outbox',
      { ifAvailable: true },
      expect.any(Function),
    );
    expect(calls).toEqual([]);
  });
});
