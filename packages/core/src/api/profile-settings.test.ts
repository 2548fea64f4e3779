import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../validation/messages';
import { validatePasswordChange } from '../validation/rules';
import {
  changedProfileFields,
  createProfileUpdateSchema,
  type ProfileInput,
  profileUpdatedDescription,
  todayInIndia,
  validateProfile,
} from './profile';
import {
  DEFAULT_SETTINGS,
  readStoredSettings,
  SETTINGS_LANGUAGES,
  TIMEZONES,
  uiLanguageOf,
  userSettingsSchema,
} from './settings';

const NOW = new Date('2025-06-01T10:00:00.000Z');
const VALID: ProfileInput = {
  name: 'Priya Venkataraman',
  email: 'priya@example.in',
  phone: '9123456780',
  username: 'priya.v',
  bio: '',
  dob: '1992-07-22',
  gender: 'Female',
  address: 'Bengaluru',
};

describe('profile rules', () => {
  it('accepts a valid profile', () => {
    expect(validateProfile(VALID, NOW)).toEqual({});
  });

  it('names the failing rule of each field', () => {
    expect(
      validateProfile(
        {
          name: '',
          email: 'priya@',
          phone: '12345',
          username: 'a b',
          bio: 'x'.repeat(501),
          dob: '2025-06-02',
          gender: 'Unknown',
          address: 'y'.repeat(301),
        },
        NOW,
      ),
    ).toEqual({
      name: 'nameRequired',
      email: 'emailInvalid',
      phone: 'phoneInvalid',
      username: 'usernameInvalid',
      bio: 'bioTooLong',
      dob: 'dobFuture',
      gender: 'genderInvalid',
      address: 'addressTooLong',
    });
  });

  it('checks the date of birth: a real date, not before 1900, not after today in India', () => {
    expect(validateProfile({ ...VALID, dob: '1990-02-30' }, NOW).dob).toBe('dobInvalid');
    expect(validateProfile({ ...VALID, dob: '22/07/1992' }, NOW).dob).toBe('dobInvalid');
    expect(validateProfile({ ...VALID, dob: '1899-12-31' }, NOW).dob).toBe('dobTooEarly');
    // 20:00 UTC is already the next day in India (UTC+05:30).
    const evening = new Date('2025-06-01T20:00:00.000Z');
    expect(todayInIndia(evening)).toBe('2025-06-02');
    expect(validateProfile({ ...VALID, dob: '2025-06-02' }, evening).dob).toBeUndefined();
    expect(validateProfile({ ...VALID, dob: '2025-06-01' }, NOW).dob).toBeUndefined();
  });

  it('needs an Indian 10-digit mobile with the SPEC 5 message', () => {
    expect(validateProfile({ ...VALID, phone: '1234567890' }, NOW).phone).toBe('phoneInvalid');
    const schema = createProfileUpdateSchema(() => NOW);
    const result = schema.safeParse({ ...VALID, phone: '91234' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(MESSAGES.phone);
  });

  it('normalises the request: trims, strips the phone to digits, lower-cases the username', () => {
    const schema = createProfileUpdateSchema(() => NOW);
    expect(
      schema.parse({ ...VALID, name: '  Priya  ', phone: '91234 56780', username: 'Priya.V' }),
    ).toEqual({
      ...VALID,
      name: 'Priya',
      username: 'priya.v',
      bio: null,
    });
    expect(schema.parse({ ...VALID, username: null, bio: undefined }).username).toBeNull();
  });

  it('refuses identity numbers and other unknown fields', () => {
    const result = createProfileUpdateSchema(() => NOW).safeParse({
      ...VALID,
      aadhaarId: '345678901238',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain('aadhaarId');
  });

  it('lists the changed fields for the activity text', () => {
    const changed = changedProfileFields(VALID, { ...VALID, name: 'Priya V', dob: '1992-07-23' });
    expect(changed).toEqual(['name', 'dob']);
    expect(profileUpdatedDescription(changed)).toBe('Updated profile: name, date of birth');
    expect(changedProfileFields(VALID, { ...VALID, name: ' Priya Venkataraman ' })).toEqual([]);
  });
});

describe('settings', () => {
  it('has the SPEC 9 defaults and choices', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({
      sessionTimeout: 30,
      language: 'en',
      timezone: 'Asia/Kolkata',
      dateFormat: 'DD/MM/YYYY',
      timeFormat: '12h',
      currency: 'INR',
      backupFrequency: 'weekly',
      dataRetention: '2years',
      performanceMode: 'balanced',
      exportFormat: 'json',
      profileVisibility: 'private',
      theme: 'system',
    });
    expect(SETTINGS_LANGUAGES).toEqual(['en', 'hi', 'es', 'fr', 'de', 'ja', 'ta', 'bn']);
    expect(TIMEZONES).toEqual(['Asia/Kolkata', 'America/New_York', 'Europe/London', 'Asia/Tokyo']);
    expect(userSettingsSchema.parse(DEFAULT_SETTINGS)).toEqual(DEFAULT_SETTINGS);
  });

  it('refuses an incomplete object, a wrong choice and any password field', () => {
    const { theme: _, ...partial } = DEFAULT_SETTINGS;
    expect(userSettingsSchema.safeParse(partial).error?.issues[0]?.message).toBe(
      'theme is required',
    );
    expect(
      userSettingsSchema.safeParse({ ...DEFAULT_SETTINGS, dataRetention: '10years' }).error
        ?.issues[0]?.message,
    ).toBe('dataRetention must be one of 6months, 1year, 2years, 5years');
    expect(
      userSettingsSchema.safeParse({ ...DEFAULT_SETTINGS, newPassword: 'secret123' }).error
        ?.issues[0]?.message,
    ).toBe('Unknown settings field: newPassword');
  });

  it('reads a stored record leniently: invalid or absent fields take the default', () => {
    expect(readStoredSettings({ theme: 'dark', language: 'xx', extra: 1 })).toEqual({
      ...DEFAULT_SETTINGS,
      theme: 'dark',
    });
    expect(readStoredSettings(null)).toEqual(DEFAULT_SETTINGS);
  });

  it('shows every settings language as itself (issue 19: all are written)', () => {
    for (const language of SETTINGS_LANGUAGES) expect(uiLanguageOf(language)).toBe(language);
  });

  it('keeps the SPEC 5 password rules in their order', () => {
    const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };
    expect(validatePasswordChange(empty)).toBe(MESSAGES.passwordFieldsRequired);
    expect(
      validatePasswordChange({ currentPassword: 'a', newPassword: 'b', confirmPassword: 'c' }),
    ).toBe(MESSAGES.passwordsDoNotMatch);
    expect(
      validatePasswordChange({
        currentPassword: 'a',
        newPassword: 'short',
        confirmPassword: 'short',
      }),
    ).toBe(MESSAGES.passwordTooShort);
  });
});
