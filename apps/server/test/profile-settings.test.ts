/**
 * Profile and settings, persisted on the server (SPEC 2, 3, 5, 9; DECISIONS 6; api-contract
 * "Profile, settings, export"), on every backend: validation 4xx with the detail, per-user
 * isolation, persistence across a new login, the profile_updated entry, the defaults, and the
 * export.
 */
import { randomBytes } from 'node:crypto';
import {
  activityLogListSchema,
  DEFAULT_SETTINGS,
  holderExportSchema,
  PROFILE_MESSAGES,
  profileAnswerSchema,
  profileUpdateAnswerSchema,
  settingsAnswerSchema,
  type UserSettings,
} from '@pehchaan/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, loginDemo, PRIMARY, SECONDARY, TestClock } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';
import { expectProblem } from './helpers/problem';

/** user-002's identity as seeded (her Basic Identity vouches for name and date of birth). */
const PRIYA_IDENTITY = {
  name: 'Priya Venkataraman',
  phone: '9123456780',
  dob: '1992-07-22',
  gender: 'Female',
  address: '15, 2nd Cross, Indiranagar, Bengaluru, Karnataka 560038',
};

/** user-002's contact fields as the form sends them. */
const PRIYA = {
  display_name: '',
  email: 'priya.venkataraman@example.in',
  username: '',
  bio: '',
};

/**
 * The defaults as this server answers them: it has no e-mail or SMS sender (SMTP_URL and
 * SMS_WEBHOOK_URL unset), so those two switches read off (test/notification-channels.test.ts).
 */
const ANSWERED_DEFAULTS: UserSettings = {
  ...DEFAULT_SETTINGS,
  emailNotifications: false,
  smsNotifications: false,
};
const NO_SENDER = {
  email: { can_send: false, reason: 'no_sender' },
  sms: { can_send: false, reason: 'no_sender' },
};

describe.each(backends)('profile and settings on $name', (backend) => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  let priya: string;
  let rajesh: string;
  // The test clock: 2025-06-01 (a date of birth after it is in the future, whatever the real day).
  const clock = new TestClock();

  beforeAll(async () => {
    opened = await backend.open();
    app = await buildTestApp(opened.database, { now: clock.now, masterKey: randomBytes(32) });
    priya = await loginDemo(app, SECONDARY);
    rajesh = await loginDemo(app, PRIMARY);
  });
  afterAll(async () => {
    await app?.close();
    await opened?.dispose();
  });
  beforeEach(() => clock.advance(1000));

  const get = (url: string, token = priya) => app.inject({ url, headers: bearer(token) });
  const put = (url: string, payload: unknown, token = priya) =>
    app.inject({ method: 'PUT', url, headers: bearer(token), payload: payload as object });
  const profileOf = async (token = priya, userId = 'user-002') =>
    profileAnswerSchema.parse((await get(`/user/${userId}/profile`, token)).json()).profile;
  /** The contact fields of a profile, as a PUT body. */
  const editable = (p: Awaited<ReturnType<typeof profileOf>>) => ({
    display_name: p.display_name,
    email: p.email,
    username: p.username,
    bio: p.bio,
  });
  /** SPEC 3's eight fields of a profile, as an older client sends them. */
  const allEight = (p: Awaited<ReturnType<typeof profileOf>>) => ({
    ...editable(p),
    name: p.name,
    phone: p.phone,
    dob: p.dob,
    gender: p.gender,
    address: p.address,
  });
  const issue = (documentType: string, token = priya, userId = 'user-002') =>
    app.inject({
      method: 'POST',
      url: `/identity/generate-credential?user_id=${userId}&document_type=${documentType}`,
      headers: bearer(token),
    });
  const logsOf = async (token = priya, userId = 'user-002') =>
    activityLogListSchema.parse((await get(`/user/${userId}/activity-logs`, token)).json())
      .activity_logs;

  describe('profile', () => {
    it('answers the profile: identity from the credentials, identity numbers masked', async () => {
      const response = await get('/user/user-002/profile');
      expect(response.statusCode).toBe(200);
      const body = profileAnswerSchema.parse(response.json());
      expect(body.user_id).toBe('user-002');
      expect(body.profile).toMatchObject({
        ...PRIYA_IDENTITY,
        display_name: null,
        email: PRIYA.email,
        username: null,
        bio: null,
        user_id: 'user-002',
        updated_at: null,
      });
      // Only the Basic Identity is held: it vouches for name and date of birth, nothing else.
      const sources = body.profile.identity_sources;
      expect(sources.name).toMatchObject({
        document_type: 'Basic Identity',
        issuer: 'Digital Identity System',
      });
      expect(sources.dob?.issuer).toBe('Digital Identity System');
      expect(sources.gender).toBeNull();
      expect(sources.address).toBeNull();
      expect(body.profile.is_verified).toBe(false);
      expect(body.profile.identity_documents).toEqual({
        aadhaar_number: 'XXXX XXXX 1238',
        pan_number: 'BKXXXXXX8L',
        voter_id: 'KARXXXXX78',
        driving_license: 'KA-03XXXXXXXX456',
        passport_number: 'LXXXXX78',
        ckyc_number: 'XXXXXXXXXX9012',
      });
      // The full numbers never appear in the answer.
      expect(response.body).not.toContain('345678901238');
      expect(response.body).not.toContain('BKVPV5678L');
    });

    it('is verified once an Aadhaar credential from UIDAI vouches for every identity field', async () => {
      expect((await issue('aadhaar')).statusCode).toBe(200);
      const profile = await profileOf();
      expect(profile.is_verified).toBe(true);
      for (const field of ['name', 'phone', 'dob', 'gender', 'address'] as const) {
        expect(profile.identity_sources[field]).toMatchObject({
          document_type: 'Aadhaar Card',
          issuer: 'UIDAI',
        });
      }
      expect(profile).toMatchObject(PRIYA_IDENTITY);
    });

    it('saves the contact fields, answers the saved profile and writes a profile_updated entry', async () => {
      const update = {
        ...PRIYA,
        display_name: '  Priya ',
        username: 'Priya.V',
        bio: 'Designer in Bengaluru',
      };
      const response = await put('/user/user-002/profile', update);
      expect(response.statusCode).toBe(200);
      const body = profileUpdateAnswerSchema.parse(response.json());
      expect(body.message).toBe('Profile updated successfully');
      expect(body.profile).toMatchObject({
        ...PRIYA_IDENTITY,
        display_name: 'Priya',
        username: 'priya.v',
        bio: 'Designer in Bengaluru',
        updated_at: clock.now().toISOString(),
      });
      expect(body.activity_log).toMatchObject({
        userId: 'user-002',
        type: 'profile_updated',
        description: 'Updated profile: display name, username, bio',
      });
      const [newest] = await logsOf();
      expect(newest).toMatchObject({ id: body.activity_log?.id, type: 'profile_updated' });
    });

    it('keeps the saved profile across a new login', async () => {
      const again = await loginDemo(app, SECONDARY);
      expect(await profileOf(again)).toMatchObject({
        display_name: 'Priya',
        username: 'priya.v',
        bio: 'Designer in Bengaluru',
      });
    });

    it('writes no entry when nothing changed, also for an older client sending all eight fields', async () => {
      const before = (await logsOf()).length;
      for (const body of [editable(await profileOf()), allEight(await profileOf())]) {
        const response = await put('/user/user-002/profile', body);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({
          message: 'No changes to save',
          activity_log: null,
        });
      }
      expect((await logsOf()).length).toBe(before);
    });

    it.each([
      ['the name', { name: 'Priya V. Iyer' }, 'Your name comes'],
      ['the date of birth', { dob: '1992-07-23' }, 'Your date of birth comes'],
      ['the mobile number', { phone: '9123456789' }, 'Your mobile number comes'],
      [
        'gender and address',
        { gender: 'Other', address: 'Mysuru' },
        'Your gender and address come',
      ],
    ])(
      'refuses a change to %s with 422 credential_backed_field, changing nothing',
      async (_, change, start) => {
        const before = await profileOf();
        const logs = (await logsOf()).length;
        const response = await put('/user/user-002/profile', {
          ...allEight(before),
          bio: 'changed too',
          ...change,
        });
        expectProblem(response, 'credential_backed_field', expect.stringContaining(start));
        expect(response.json().detail).toContain("UIDAI's update process");
        expect(await profileOf()).toEqual(before);
        expect((await logsOf()).length).toBe(logs);
      },
    );

    it.each([
      ['a bad email', { email: 'priya@' }, PROFILE_MESSAGES.emailInvalid],
      [
        'a long display name',
        { display_name: 'x'.repeat(101) },
        PROFILE_MESSAGES.displayNameTooLong,
      ],
      ['a long bio', { bio: 'x'.repeat(501) }, PROFILE_MESSAGES.bioTooLong],
      ['a bad username', { username: 'no spaces' }, PROFILE_MESSAGES.usernameInvalid],
      ['a missing field', { email: undefined }, 'email is required'],
    ])('refuses %s with 400 and the message, changing nothing', async (_, change, detail) => {
      const before = await profileOf();
      const logs = (await logsOf()).length;
      const response = await put('/user/user-002/profile', { ...PRIYA, ...change });
      // The field is named by its pointer, whatever the message says (STYLE 15).
      expectProblem(
        response,
        'invalid_request',
        detail,
        expect.arrayContaining([
          { pointer: `/body/${Object.keys(change)[0]}`, code: expect.any(String) },
        ]),
      );
      expect(await profileOf()).toEqual(before);
      expect((await logsOf()).length).toBe(logs);
    });

    it('refuses to change identity numbers', async () => {
      const response = await put('/user/user-002/profile', { ...PRIYA, aadhaarId: '1234' });
      expectProblem(response, 'invalid_request', expect.stringContaining('aadhaarId'));
      expect((await profileOf()).identity_documents.aadhaar_number).toBe('XXXX XXXX 1238');
    });

    it("refuses another holder's username with 409", async () => {
      const mine = await profileOf(rajesh, 'user-001');
      const response = await put(
        '/user/user-001/profile',
        { ...editable(mine), username: 'PRIYA.V' },
        rajesh,
      );
      expectProblem(response, 'username_taken', PROFILE_MESSAGES.usernameTaken);
      expect((await profileOf(rajesh, 'user-001')).username).toBeNull();
    });

    it("answers 403 on another holder's profile and changes nothing", async () => {
      const before = await profileOf();
      expect((await get('/user/user-002/profile', rajesh)).statusCode).toBe(403);
      const response = await put(
        '/user/user-002/profile',
        { ...PRIYA, display_name: 'Mallory' },
        rajesh,
      );
      expectProblem(response, 'forbidden', expect.any(String));
      expect(await profileOf()).toEqual(before);
    });

    it('answers 401 without a session', async () => {
      expect((await app.inject({ url: '/user/user-002/profile' })).statusCode).toBe(401);
      const response = await app.inject({
        method: 'PUT',
        url: '/user/user-002/profile',
        payload: PRIYA,
      });
      expect(response.statusCode).toBe(401);
    });

    it('issues new credentials with the identity the issuer holds, not the display name', async () => {
      const response = await issue('passport');
      expect(response.statusCode).toBe(200);
      expect(response.json().credential.credential_subject).toMatchObject({
        name: PRIYA_IDENTITY.name,
        date_of_birth: PRIYA_IDENTITY.dob,
      });
    });
  });

  describe('settings', () => {
    const changed: UserSettings = {
      ...ANSWERED_DEFAULTS,
      theme: 'dark',
      language: 'hi',
      timezone: 'Asia/Tokyo',
      sessionTimeout: 60,
      loginNotifications: false,
      digilockerConnected: true,
      dataRetention: '5years',
      digits: 'native',
    };

    it('answers the SPEC 9 defaults while none were saved', async () => {
      const response = await get('/user/user-001/settings', rajesh);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        settings: ANSWERED_DEFAULTS,
        user_id: 'user-001',
        updated_at: null,
        notification_channels: NO_SENDER,
      });
    });

    it('replaces them with PUT and keeps them across a new login', async () => {
      const response = await put('/user/user-002/settings', changed);
      expect(response.statusCode).toBe(200);
      expect(settingsAnswerSchema.parse(response.json())).toEqual({
        message: 'Settings saved',
        settings: changed,
        user_id: 'user-002',
        updated_at: clock.now().toISOString(),
        notification_channels: NO_SENDER,
      });
      const again = await loginDemo(app, SECONDARY);
      expect((await get('/user/user-002/settings', again)).json().settings).toEqual(changed);
      // Another holder still has the defaults.
      expect((await get('/user/user-001/settings', rajesh)).json().settings).toEqual(
        ANSWERED_DEFAULTS,
      );
    });

    it.each([
      ['a missing field', { theme: undefined }, 'theme is required'],
      [
        'a language the app does not offer',
        { language: 'fy' },
        'language must be one of en, hi, es, fr, de, ja, ta, bn, as, brx, doi, gu, kn, ks, kok, mai, ml, mni, mni-Beng, mr, ne, or, pa, sa, sat, sd, te, ur',
      ],
      ['a session timeout not offered', { sessionTimeout: 45 }, expect.stringContaining('15, 30')],
      ['a flag that is not boolean', { debugMode: 'yes' }, 'debugMode must be true or false'],
      ['a password field', { newPassword: 'secret123' }, 'Unknown settings field: newPassword'],
      ['digits that are not a choice', { digits: 'deva' }, 'digits must be one of latin, native'],
    ])('refuses %s with 400 and the detail, changing nothing', async (_, change, detail) => {
      const response = await put('/user/user-002/settings', { ...changed, ...change });
      expectProblem(response, 'invalid_request', detail);
      expect((await get('/user/user-002/settings')).json().settings).toEqual(changed);
    });

    it("answers 403 on another holder's settings and changes nothing", async () => {
      expect((await get('/user/user-002/settings', rajesh)).statusCode).toBe(403);
      const response = await put('/user/user-002/settings', DEFAULT_SETTINGS, rajesh);
      expect(response.statusCode).toBe(403);
      expect((await get('/user/user-002/settings')).json().settings).toEqual(changed);
    });

    it("saves an older client's body, which has no digits choice, with Latin digits", async () => {
      const { digits: _, ...older } = changed;
      const response = await put('/user/user-002/settings', older);
      expect(response.statusCode).toBe(200);
      expect(response.json().settings).toEqual({ ...changed, digits: 'latin' });
      expect((await get('/user/user-002/settings')).json().settings.digits).toBe('latin');
    });

    it('keeps Manipuri in Bengali script (mni-Beng) apart from Meetei Mayek (mni)', async () => {
      for (const language of ['mni-Beng', 'mni'] as const) {
        const response = await put('/user/user-002/settings', { ...changed, language });
        expect(response.statusCode).toBe(200);
        expect((await get('/user/user-002/settings')).json().settings.language).toBe(language);
      }
      // The registry's spelling only: another case is not one of the choices.
      const other = await put('/user/user-002/settings', { ...changed, language: 'mni-beng' });
      expectProblem(other, 'invalid_request', expect.stringContaining('language must be one of'));
      expect((await put('/user/user-002/settings', changed)).statusCode).toBe(200);
    });
  });

  describe('export', () => {
    it("answers all of the holder's data as one JSON document", async () => {
      const response = await get('/user/user-002/export');
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const body = holderExportSchema.parse(response.json());
      expect(body).toMatchObject({
        format: 'pehchaan-holder-export',
        version: 3,
        source: 'api',
        user_id: 'user-002',
        exported_at: clock.now().toISOString(),
        profile: {
          name: PRIYA_IDENTITY.name,
          display_name: 'Priya',
          identity_documents: { aadhaar_number: 'XXXX XXXX 1238' },
        },
        settings: { theme: 'dark', language: 'hi' },
      });
      expect(body.credentials.map((c) => c.credential_subject.document_type).sort()).toEqual([
        'Aadhaar Card',
        'Basic Identity',
        'Passport',
      ]);
      expect(body.verifiable_credentials).toHaveLength(body.credentials.length);
      // Each card's SD-JWT VC, when it has one, names its document (test/card-sd-jwt-backup.test.ts).
      const documentIds = body.verifiable_credentials.map((d) => d.id);
      for (const entry of body.credential_sd_jwts) expect(documentIds).toContain(entry.document_id);
      // None received from issuers (test/received-backup.test.ts covers those).
      expect(body.received_credentials).toEqual([]);
      expect(body.verifiable_credentials[0]).toMatchObject({
        proof: { type: 'DataIntegrityProof' },
      });
      expect(body.activity_logs.map((log) => log.type)).toContain('profile_updated');
      expect(body.activity_logs.every((log) => log.userId === 'user-002')).toBe(true);
      expect(body.consent_requests.every((r) => r.userId === 'user-002')).toBe(true);
    });

    it("holds user-001's consent requests, and refuses another holder's export", async () => {
      const body = holderExportSchema.parse((await get('/user/user-001/export', rajesh)).json());
      expect(body.consent_requests).toHaveLength(3);
      expect(body.settings).toEqual(ANSWERED_DEFAULTS);
      expect((await get('/user/user-001/export')).statusCode).toBe(403);
      expect((await app.inject({ url: '/user/user-001/export' })).statusCode).toBe(401);
    });
  });
});
