import { describe, expect, it } from 'vitest';
import { credentialDisplayStatus } from './status';

const now = Date.parse('2025-03-20T12:00:00Z');
const inDays = (days: number) => new Date(now + days * 86_400_000).toISOString();

describe('credential display status', () => {
  it('is permanent for Basic Identity whatever its dates', () => {
    expect(credentialDisplayStatus({ permanent: true, expiration_date: inDays(-5) }, now)).toBe(
      'permanent',
    );
  });
  it('is expired, expiring under 30 days, valid otherwise', () => {
    expect(credentialDisplayStatus({ expiration_date: inDays(-1) }, now)).toBe('expired');
    expect(credentialDisplayStatus({ expiration_date: inDays(29) }, now)).toBe('expiring');
    expect(credentialDisplayStatus({ expiration_date: inDays(31) }, now)).toBe('valid');
    expect(credentialDisplayStatus({ expiration_date: '' }, now)).toBe('valid');
  });
});
