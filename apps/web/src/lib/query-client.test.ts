import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient, shouldRetry } from './query-client';

describe('query retry policy', () => {
  it('does not retry a 4xx answer: the server said no', () => {
    for (const status of [400, 401, 404, 409, 429]) {
      expect(shouldRetry(1, new ApiError('HTTP_ERROR', 'no', { status }))).toBe(false);
    }
  });

  it('does not retry an unreachable or disabled API: the store answers instead', () => {
    expect(shouldRetry(1, new ApiError('ERR_NETWORK', 'Network Error'))).toBe(false);
    expect(shouldRetry(1, new ApiError('ERR_API_DISABLED', 'off'))).toBe(false);
  });

  it('retries a 5xx answer once', () => {
    const error = new ApiError('HTTP_ERROR', 'boom', { status: 503 });
    expect(shouldRetry(1, error)).toBe(true);
    expect(shouldRetry(2, error)).toBe(false);
  });

  it('refetches on focus and reconnect and never retries a mutation', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.refetchOnWindowFocus).toBe(true);
    expect(defaults.queries?.refetchOnReconnect).toBe(true);
    expect(defaults.mutations?.retry).toBe(false);
  });

  it("runs queries while the browser says it is offline: they answer the browser's store then", () => {
    expect(createQueryClient().getDefaultOptions().queries?.networkMode).toBe('always');
  });
});
