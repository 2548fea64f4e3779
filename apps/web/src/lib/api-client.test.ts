import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, problem } from '@/testing/mock-fetch';
import {
  ApiError,
  api,
  hasProblemCode,
  problemCode,
  problemPointers,
  REQUEST_TIMEOUT_MS,
} from './api-client';
import { browser } from './browser';

function storeSession() {
  localStorage.setItem('sessionToken', 'tok-123');
  localStorage.setItem('userData', JSON.stringify({ id: 'user-001' }));
  localStorage.setItem('theme', 'dark');
  localStorage.setItem('credentials', '[]');
}

describe('api client', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it('sends JSON with the stored session token as a Bearer header', async () => {
    storeSession();
    const { calls } = mockFetch({ 'POST /api/things': () => json({ ok: true }) });
    await expect(
      api.post('/api/things', { a: 1 }, { query: { x: 'y', z: undefined } }),
    ).resolves.toEqual({ ok: true });
    expect(calls[0]?.headers.authorization).toBe('Bearer tok-123');
    expect(calls[0]?.headers['content-type']).toBe('application/json');
    expect(calls[0]?.body).toEqual({ a: 1 });
    expect(calls[0]?.query.toString()).toBe('x=y');
  });

  it('sends an Idempotency-Key header only when asked', async () => {
    const { calls } = mockFetch({ 'PUT /user/user-001/settings': () => json({}) });
    await api.put('/user/user-001/settings', {}, { idempotencyKey: 'key-123' });
    await api.put('/user/user-001/settings', {});
    expect(calls[0]?.headers['idempotency-key']).toBe('key-123');
    expect(calls[1]?.headers['idempotency-key']).toBeUndefined();
  });

  it('sends no Authorization header without a stored token', async () => {
    const { calls } = mockFetch({ 'GET /health': () => json({}) });
    await api.get('/health');
    expect(calls[0]?.headers.authorization).toBeUndefined();
  });

  it('on 401 clears sessionToken and userData (only) and redirects to /login', async () => {
    storeSession();
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    mockFetch({ 'GET /user/user-001/credentials': () => json({ detail: 'Session expired' }, 401) });
    const failure = api.get('/user/user-001/credentials');
    await expect(failure).rejects.toMatchObject({
      code: 'HTTP_ERROR',
      status: 401,
      detail: 'Session expired',
    });
    expect(localStorage.getItem('sessionToken')).toBeNull();
    expect(localStorage.getItem('userData')).toBeNull();
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(localStorage.getItem('credentials')).toBe('[]');
    expect(assign).toHaveBeenCalledWith('/login');
  });

  it('leaves the session alone on 401 for calls made with authRedirect: false', async () => {
    storeSession();
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    mockFetch({
      'POST /api/auth/verify-otp': () =>
        json({ detail: 'Wrong OTP for demo user. Use: 123456' }, 401),
    });
    await expect(
      api.post('/api/auth/verify-otp', {}, { authRedirect: false }),
    ).rejects.toMatchObject({ status: 401, detail: 'Wrong OTP for demo user. Use: 123456' });
    expect(localStorage.getItem('sessionToken')).toBe('tok-123');
    expect(assign).not.toHaveBeenCalled();
  });

  it('does not reload /login itself on a 401 there', async () => {
    window.history.replaceState(null, '', '/login');
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    mockFetch({ 'GET /x': () => json({ detail: 'no' }, 401) });
    await expect(api.get('/x')).rejects.toBeInstanceOf(ApiError);
    expect(assign).not.toHaveBeenCalled();
  });

  it('reports a failed fetch as ERR_NETWORK', async () => {
    mockFetch();
    await expect(api.get('/health')).rejects.toMatchObject({
      code: 'ERR_NETWORK',
      message: 'Network Error',
    });
  });

  it('aborts after the 10000 ms timeout with ERR_NETWORK', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () =>
              reject(new DOMException('', 'AbortError')),
            );
          }),
      ),
    );
    const failure = api.get('/slow');
    const assertion = expect(failure).rejects.toMatchObject({
      code: 'ERR_NETWORK',
      message: 'Request timed out',
    });
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    let settled = false;
    failure.catch(() => {}).finally(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await assertion;
  });

  it("keeps the server's problem (code, detail) on other HTTP errors", async () => {
    const detail = 'You already have a PAN Card. Only one document of each type is allowed.';
    mockFetch({
      'POST /identity/generate-credential': () => problem('duplicate_document', 409, detail),
    });
    const error = await api.post('/identity/generate-credential').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'HTTP_ERROR', status: 409, detail });
    expect((error as ApiError).problem).toEqual({
      type: '/problems/duplicate_document',
      title: 'duplicate_document',
      status: 409,
      detail,
      code: 'duplicate_document',
    });
    expect(problemCode(error)).toBe('duplicate_document');
    expect(hasProblemCode(error, 'duplicate_document')).toBe(true);
    expect(hasProblemCode(error, 'username_taken')).toBe(false);
    expect(problemPointers(error)).toEqual([]);
  });

  it('names the fields of a validation problem by their pointers', async () => {
    mockFetch({
      'PUT /user/user-001/profile': () =>
        problem('invalid_request', 400, 'Please enter a valid email address', {
          errors: [
            { pointer: '/body/email', code: 'invalid_format' },
            { pointer: '/body/phone', code: 'custom' },
          ],
        }),
    });
    const error = await api.put('/user/user-001/profile', {}).catch((e: unknown) => e);
    expect(problemCode(error)).toBe('invalid_request');
    expect(problemPointers(error)).toEqual(['/body/email', '/body/phone']);
  });

  it('has no problem code for an error body that is not a problem, but keeps its detail', async () => {
    mockFetch({ 'GET /x': () => json({ detail: 'Bad gateway' }, 502) });
    const error = await api.get('/x').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'HTTP_ERROR', status: 502, detail: 'Bad gateway' });
    expect((error as ApiError).problem).toBeUndefined();
    expect(problemCode(error)).toBeUndefined();
  });

  it('has no problem code for transport failures', async () => {
    mockFetch({});
    const error = await api.get('/x').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'ERR_NETWORK' });
    expect(problemCode(error)).toBeUndefined();
  });

  it('rejects an answer that does not match the schema with ERR_BAD_RESPONSE', async () => {
    const { z } = await import('zod');
    mockFetch({ 'GET /health': () => json({ status: 1 }) });
    await expect(
      api.get('/health', { schema: z.object({ status: z.string() }) }),
    ).rejects.toMatchObject({ code: 'ERR_BAD_RESPONSE' });
  });
});
