import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../validation/messages';
import { validatePasswordChange } from '../validation/rules';
import {
  changedIdentityFields,
  changedProfileFields,
  createProfileUpdateSchema,
  credentialBackedFieldDetail,
  type ProfileInput,
  profileUpdatedDescription,
  todayInIndia,
  validateProfile,
} from './profile';
import {
  channelState,
  DEFAULT_SETTINGS,
  readStoredSettings,
  SETTINGS_LANGUAGES,
  TIMEZONES,
  uiLanguageOf,
  userSettingsSchema,
  withReachableChannels,
} from './settings';

const VALID: ProfileInput = {
  display_name: 'Priya',
  email: 'priya@example.in',
  username: 'priya.v',
  bio: '',
};

describe('profile rules', () => {
  it('accepts a valid profile, an empty display name too', () => {
    expect(validateProfile(VALID)).toEqual({});
    expect(validateProfile({ ...VALID, display_name: '' })).toEqual({});
  });

  it('names the failing rule of each contact field', () => {
    expect(
      validateProfile({
        display_name: 'x'.repeat(101),
        email: 'priya@',
        username: 'a b',
        bio: 'x'.repeat(501),
      }),
    ).toEqual({
      display_name: 'displayNameTooLong',
      email: 'emailInvalid',
      username: 'usernameInvalid',
      bio: 'bioTooLong',
    });
  });

  it('normalises the request: trims, lower-cases the username, empty optional fields are null', () => {
    const schema = createProfileUpdateSchema();
    expect(schema.parse({ ...VALID, display_name: '  Priya  ', username: 'Priya.V' })).toEqual({
      display_name: 'Priya',
      email: 'priya@example.in',
      username: 'priya.v',
      bio: null,
      identity: {},
    });
    const bare = schema.parse({ email: 'priya@example.in', username: null, bio: undefined });
    expect(bare).toMatchObject({ display_name: null, username: null, bio: null });
  });

  it('passes the identity fields an older client sends on, normalised, for the service to compare', () => {
    const parsed = createProfileUpdateSchema().parse({
      ...VALID,
      name: ' Priya Venkataraman ',
      phone: '91234 56780',
      dob: '1992-07-22',
    });
    expect(parsed.identity).toEqual({
      name: 'Priya Venkataraman',
      phone: '9123456780',
      dob: '1992-07-22',
    });
    const shown = {
      name: 'Priya Venkataraman',
      phone: '9123456780',
      dob: '1992-07-22',
      gender: 'Female',
      address: 'Bengaluru',
    };
    expect(changedIdentityFields(shown, parsed.identity)).toEqual([]);
    expect(changedIdentityFields(shown, { name: 'Priya V', dob: '1992-07-23' })).toEqual([
      'name',
      'dob',
    ]);
    expect(credentialBackedFieldDetail(['name', 'dob'])).toBe(
      "Your name and date of birth come from your issued credentials and cannot be changed here. Ask the issuer to correct it (for Aadhaar, UIDAI's update process), then add the credential again.",
    );
  });

  it('refuses identity numbers and other unknown fields', () => {
    const result = createProfileUpdateSchema().safeParse({ ...VALID, aadhaarId: '345678901238' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain('aadhaarId');
  });

  it('lists the changed fields for the activity text', () => {
    const changed = changedProfileFields(VALID, { ...VALID, display_name: 'Priya V', bio: 'Hi' });
    expect(changed).toEqual(['display_name', 'bio']);
    expect(profileUpdatedDescription(changed)).toBe('Updated profile: display name, bio');
    expect(changedProfileFields(VALID, { ...VALID, display_name: ' Priya ' })).toEqual([]);
  });

  it("knows today's date in India (UTC+05:30)", () => {
    // 20:00 UTC is already the next day in India.
    expect(todayInIndia(new Date('2025-06-01T20:00:00.000Z'))).toBe('2025-06-02');
    expect(todayInIndia(new Date('2025-06-01T10:00:00.000Z'))).toBe('2025-06-01');
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
    expect(SETTINGS_LANGUAGES).toEqual([
      'en',
      'hi',
      'es',
      'fr',
      'de',
      'ja',
      'ta',
      'bn',
      'as',
      'brx',
      'doi',
      'gu',
      'kn',
      'ks',
      'kok',
      'mai',
      'ml',
      'mni',
      'mni-Beng',
      'mr',
      'ne',
      'or',
      'pa',
      'sa',
      'sat',
      'sd',
      'te',
      'ur',
    ]);
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

  it('writes Latin digits unless the holder chose native ones; a body or record without the choice reads Latin', () => {
    expect(DEFAULT_SETTINGS.digits).toBe('latin');
    const { digits: _, ...before } = DEFAULT_SETTINGS;
    expect(userSettingsSchema.parse(before).digits).toBe('latin');
    expect(userSettingsSchema.parse({ ...DEFAULT_SETTINGS, digits: 'native' }).digits).toBe(
      'native',
    );
    expect(
      userSettingsSchema.safeParse({ ...DEFAULT_SETTINGS, digits: 'deva' }).error?.issues[0]
        ?.message,
    ).toBe('digits must be one of latin, native');
    expect(readStoredSettings(before).digits).toBe('latin');
    expect(readStoredSettings({ ...before, digits: 'native' }).digits).toBe('native');
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

describe('notification channels (Settings › Notifications)', () => {
  it('can send only with a sender and an address; a missing sender is named first', () => {
    expect(channelState(true, true)).toEqual({ can_send: true, reason: null });
    expect(channelState(false, true)).toEqual({ can_send: false, reason: 'no_sender' });
    expect(channelState(false, false)).toEqual({ can_send: false, reason: 'no_sender' });
    expect(channelState(true, false)).toEqual({ can_send: false, reason: 'no_address' });
  });

  it('turns off the switch of each channel that cannot send, and only those', () => {
    const settings = { ...DEFAULT_SETTINGS, emailNotifications: true, smsNotifications: true };
    expect(
      withReachableChannels(settings, {
        email: channelState(true, false),
        sms: channelState(true, true),
      }),
    ).toEqual({ ...settings, emailNotifications: false });
    expect(settings.emailNotifications).toBe(true);
  });
});
