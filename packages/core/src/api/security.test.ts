import { describe, expect, it } from 'vitest';
import { passwordChangeErrorCode } from '../validation/rules';
import {
  ACCOUNT_DELETION_GRACE_MS,
  LEGAL_RETENTION_MS,
  retainedKindOf,
  retentionCutoff,
  secondFactorBodySchema,
} from './security';
import { DEFAULT_SETTINGS, readStoredSettings, userSettingsSchema } from './settings';

const DAY = 24 * 3_600_000;
const NOW = Date.parse('2026-06-01T00:00:00Z');

describe('data retention (DPDP Rules 2025, rule 6)', () => {
  it('keeps security and consent records at least a year, whatever the period', () => {
    expect(retainedKindOf('login')).toBe('security_log');
    expect(retainedKindOf('password_changed')).toBe('security_log');
    expect(retainedKindOf('consent_approved')).toBe('consent_record');
    // A consent type added later (a withdrawal) is a consent record too.
    expect(retainedKindOf('consent_withdrawn')).toBe('consent_record');
    expect(retainedKindOf('credential_shared')).toBeNull();
    expect(retentionCutoff('6months', 'credential_shared', NOW)).toBe(NOW - 182 * DAY);
    expect(retentionCutoff('6months', 'login', NOW)).toBe(NOW - LEGAL_RETENTION_MS);
    expect(retentionCutoff('5years', 'login', NOW)).toBe(NOW - 1826 * DAY);
  });

  it('erases an account 7 days after it is asked for', () => {
    expect(ACCOUNT_DELETION_GRACE_MS).toBe(7 * DAY);
  });
});

describe('settings that act', () => {
  it('turns Data sharing on by default and keeps the retired switches fixed', () => {
    expect(DEFAULT_SETTINGS.dataSharing).toBe(true);
    const stored = readStoredSettings({
      ...DEFAULT_SETTINGS,
      profileVisibility: 'public',
      locationSharing: true,
    });
    expect(stored.profileVisibility).toBe('private');
    expect(stored.locationSharing).toBe(false);
    // Still accepted from older clients (SPEC 3 names them), so nothing breaks.
    expect(
      userSettingsSchema.safeParse({ ...DEFAULT_SETTINGS, locationSharing: true }).success,
    ).toBe(true);
  });

  it('asks the current password only once one is set (SPEC 5 messages)', () => {
    const change = {
      currentPassword: '',
      newPassword: 'long-enough',
      confirmPassword: 'long-enough',
    };
    expect(passwordChangeErrorCode(change)).toBe('passwordFieldsRequired');
    expect(passwordChangeErrorCode(change, { currentRequired: false })).toBeNull();
  });

  it('takes exactly one second factor per call', () => {
    const base = { login_token: 'a'.repeat(43) };
    expect(secondFactorBodySchema.safeParse({ ...base, password: 'x' }).success).toBe(true);
    expect(secondFactorBodySchema.safeParse(base).success).toBe(false);
  });
});
