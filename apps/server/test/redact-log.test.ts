import { describe, expect, it } from 'vitest';
import { REDACT_MAX_DEPTH, REDACTED, redactLogFields } from '../src/lib/redact-log';

describe('redactLogFields (the log formatter)', () => {
  it('returns the very same object when nothing is sensitive', () => {
    const line = { method: 'GET', url: '/user/user-001/credentials', statusCode: 200, ms: 1.2 };
    expect(redactLogFields(line)).toBe(line);
  });

  it('redacts sensitive fields at the top, nested and inside arrays, without changing the input', () => {
    const input = {
      aadhaarNumber: '234567890125',
      body: { otp: '123456', phone: '9876543210', nested: { session_token: 'abc' } },
      headers: { authorization: 'Bearer x', 'set-cookie': 'a=b', accept: 'json' },
      items: [{ token: 't' }, 'plain'],
    };
    const snapshot = structuredClone(input);
    expect(redactLogFields(input)).toEqual({
      aadhaarNumber: REDACTED,
      body: { otp: REDACTED, phone: '9876543210', nested: { session_token: REDACTED } },
      headers: { authorization: REDACTED, 'set-cookie': REDACTED, accept: 'json' },
      items: [{ token: REDACTED }, 'plain'],
    });
    expect(input).toEqual(snapshot);
  });

  it('leaves class instances such as errors to their serializers and stops at the depth limit', () => {
    const err = Object.assign(new Error('boom'), { token: 'kept for the err serializer' });
    expect(redactLogFields({ err }).err).toBe(err);
    let deep: Record<string, unknown> = { otp: '1' };
    for (let i = 0; i <= REDACT_MAX_DEPTH; i++) deep = { next: deep };
    expect(redactLogFields(deep)).toBe(deep);
  });

  it('survives objects without a prototype and cycles deeper than the limit', () => {
    const bare = Object.create(null) as Record<string, unknown>;
    bare.aadhaarId = 'x';
    expect(redactLogFields({ bare }).bare).toEqual({ aadhaarId: REDACTED });
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(() => redactLogFields(cyclic)).not.toThrow();
  });
});
