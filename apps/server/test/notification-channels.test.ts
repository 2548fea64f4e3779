/**
 * Settings › Notifications tells the truth, on every backend: the e-mail and SMS switches are on
 * only where the product can send (a sender configured, SMTP_URL / SMS_WEBHOOK_URL, and the
 * holder's address on file), the settings answer says which channels can send and why not
 * (`notification_channels`), nothing stores "on" for a channel that cannot send, and where a
 * channel can send and its switch is on, the security notices really go out: an e-mail through
 * the SMTP server, an SMS POSTed to the webhook.
 */
import { randomBytes } from 'node:crypto';
import {
  findSampleUser,
  notificationChannelsSchema,
  settingsAnswerSchema,
  type UserSettings,
} from '@pehchaan/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { users } from '../src/db/schema';
import { bearer, buildTestApp, PRIMARY, SECONDARY, TestClock } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';
import {
  type SmsWebhook,
  type SmtpServer,
  startSmsWebhook,
  startSmtpServer,
} from './helpers/notice-receivers';

const holder = findSampleUser(PRIMARY.userId);
if (!holder?.email) throw new Error('sample user-001 has no e-mail address');
const EMAIL = holder.email;
const FROM = 'Pehchaan <alerts@pehchaan.example>';

describe.each(backends)('notification channels on $name', (backend) => {
  let opened: OpenedDatabase;
  /** No sender configured (the default deployment). */
  let bare: FastifyInstance;
  /** SMTP_URL and SMS_WEBHOOK_URL set, on the same data. */
  let sending: FastifyInstance;
  let smtp: SmtpServer;
  let sms: SmsWebhook;
  const clock = new TestClock();
  let device = 0;

  beforeAll(async () => {
    opened = await backend.open();
    smtp = await startSmtpServer();
    sms = await startSmsWebhook();
    // Two servers on the same data: one master key.
    const masterKey = randomBytes(32);
    bare = await buildTestApp(opened.database, { now: clock.now, masterKey });
    sending = await buildTestApp(opened.database, {
      now: clock.now,
      masterKey,
      notifications: { smtpUrl: smtp.url, smtpFrom: FROM, smsWebhookUrl: sms.url },
    });
  });
  afterAll(async () => {
    await sending?.close();
    await bare?.close();
    await smtp?.close();
    await sms?.close();
    await opened?.dispose();
  });
  beforeEach(() => clock.advance(1000));

  const LAPTOP = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0';
  const PHONE = 'Mozilla/5.0 (Linux; Android 14) Chrome/130.0 Mobile';
  /** Signs `account` in on `app`; answers the session token. */
  const signIn = async (app: FastifyInstance, account: typeof PRIMARY, id: string, ua: string) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/verify-otp',
      headers: { 'user-agent': ua },
      payload: {
        aadhaarNumber: account.aadhaarNumber,
        phoneNumber: account.phoneNumber,
        otp: '123456',
        deviceId: id.padEnd(24, '0'),
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().session_token as string;
  };
  /** The holder's usual laptop (a new device at most once). */
  const atHome = (app: FastifyInstance, account = PRIMARY) =>
    signIn(app, account, 'device-home', LAPTOP);
  /** A phone never used before: a new-device notice ('New sign-in on Chrome on Android'). */
  const onNewPhone = (app: FastifyInstance, account = PRIMARY) => {
    device += 1;
    return signIn(app, account, `device-phone-${device}`, PHONE);
  };
  const getSettings = async (app: FastifyInstance, token: string, userId = PRIMARY.userId) => {
    const response = await app.inject({ url: `/user/${userId}/settings`, headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    return settingsAnswerSchema.parse(response.json());
  };
  const putSettings = async (
    app: FastifyInstance,
    token: string,
    change: Partial<UserSettings>,
    userId = PRIMARY.userId,
  ) => {
    const { settings } = await getSettings(app, token, userId);
    const response = await app.inject({
      method: 'PUT',
      url: `/user/${userId}/settings`,
      headers: bearer(token),
      payload: { ...settings, ...change },
    });
    expect(response.statusCode, response.body).toBe(200);
    return settingsAnswerSchema.parse(response.json());
  };
  // Notices of the phone sign-ins only: the laptop's own (sent after its answer) never count.
  const securityAlertsTo = (phone: string) =>
    (sms.bodies as { to: string; text: string }[]).filter(
      (b) => b.to === `+91${phone}` && b.text.includes('Chrome on Android'),
    );
  const mailsTo = (address: string) =>
    smtp.messages.filter((m) => m.to.includes(address) && m.data.includes('Chrome on Android'));

  it('answers both channels off, with the reason, on a server with no sender', async () => {
    const token = await atHome(bare);
    const answer = await getSettings(bare, token);
    expect(notificationChannelsSchema.parse(answer.notification_channels)).toEqual({
      email: { can_send: false, reason: 'no_sender' },
      sms: { can_send: false, reason: 'no_sender' },
    });
    // The defaults say on; nothing can be sent, so the answer says off.
    expect(answer.settings.emailNotifications).toBe(false);
    expect(answer.settings.smsNotifications).toBe(false);
  });

  it('never stores "on" for a channel that cannot send, whatever a client sends', async () => {
    const token = await atHome(bare);
    const saved = await putSettings(bare, token, {
      emailNotifications: true,
      smsNotifications: true,
      securityAlerts: true,
    });
    expect(saved.settings).toMatchObject({
      emailNotifications: false,
      smsNotifications: false,
      securityAlerts: true,
    });
    // Read back through the server that can send: the stored value is off.
    const stored = await getSettings(sending, token);
    expect(stored.settings.emailNotifications).toBe(false);
    expect(stored.settings.smsNotifications).toBe(false);
    // The holder turns them on where the product can send.
    const on = await putSettings(sending, token, {
      emailNotifications: true,
      smsNotifications: true,
    });
    expect(on.notification_channels).toEqual({
      email: { can_send: true, reason: null },
      sms: { can_send: true, reason: null },
    });
    expect(on.settings).toMatchObject({ emailNotifications: true, smsNotifications: true });
  });

  it('names a missing address: no e-mail on file', async () => {
    const token = await atHome(sending, SECONDARY);
    await opened.database.db.update(users).set({ email: '' }).where(eq(users.id, SECONDARY.userId));
    const answer = await getSettings(sending, token, SECONDARY.userId);
    expect(answer.notification_channels).toEqual({
      email: { can_send: false, reason: 'no_address' },
      sms: { can_send: true, reason: null },
    });
    expect(answer.settings.emailNotifications).toBe(false);
    const saved = await putSettings(sending, token, { emailNotifications: true }, SECONDARY.userId);
    expect(saved.settings.emailNotifications).toBe(false);
    // A missing sender is named before a missing address.
    expect((await getSettings(bare, token, SECONDARY.userId)).notification_channels?.email).toEqual(
      {
        can_send: false,
        reason: 'no_sender',
      },
    );
  });

  it('sends a security notice by e-mail and SMS where each can send and is on', async () => {
    const token = await atHome(sending);
    await putSettings(sending, token, {
      emailNotifications: true,
      smsNotifications: true,
      securityAlerts: true,
      loginNotifications: true,
    });
    const mails = mailsTo(EMAIL).length;
    const texts = securityAlertsTo(PRIMARY.phoneNumber).length;
    await onNewPhone(sending);
    await vi.waitFor(() => {
      expect(mailsTo(EMAIL).length).toBe(mails + 1);
      expect(securityAlertsTo(PRIMARY.phoneNumber).length).toBe(texts + 1);
    });
    const mail = mailsTo(EMAIL).at(-1);
    expect(mail?.from).toBe('alerts@pehchaan.example');
    expect(mail?.data).toMatch(
      /^Subject: Pehchaan security notice: New sign-in on Chrome on Android/m,
    );
    expect(mail?.data).toMatch(/^To: [^\r\n]*<?\S*@/m);
    expect(securityAlertsTo(PRIMARY.phoneNumber).at(-1)?.text).toBe(
      'Pehchaan: New sign-in on Chrome on Android. Not you? Open Settings › Security and sign out other sessions.',
    );
  });

  it('sends by no channel whose switch is off, and by none with Security alerts off', async () => {
    const token = await atHome(sending);
    await putSettings(sending, token, { emailNotifications: false, smsNotifications: true });
    const mails = mailsTo(EMAIL).length;
    const texts = securityAlertsTo(PRIMARY.phoneNumber).length;
    await onNewPhone(sending);
    await vi.waitFor(() => expect(securityAlertsTo(PRIMARY.phoneNumber).length).toBe(texts + 1));
    expect(mailsTo(EMAIL).length).toBe(mails);

    await putSettings(sending, token, {
      emailNotifications: true,
      smsNotifications: true,
      securityAlerts: false,
    });
    const activity = async () =>
      (
        await sending.inject({
          url: `/user/${PRIMARY.userId}/activity-logs`,
          headers: bearer(token),
        })
      ).json().activity_logs as { type: string }[];
    const notices = (await activity()).filter((e) => e.type === 'new_device_login').length;
    await onNewPhone(sending);
    // The entry is still written (Login notifications is on); no e-mail or SMS leaves.
    expect((await activity()).filter((e) => e.type === 'new_device_login').length).toBe(
      notices + 1,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(EMAIL).length).toBe(mails);
    expect(securityAlertsTo(PRIMARY.phoneNumber).length).toBe(texts + 1);
    await putSettings(sending, token, { securityAlerts: true });
  });

  it('signs in all the same when the SMS gateway refuses', async () => {
    const token = await atHome(sending);
    await putSettings(sending, token, { smsNotifications: true, securityAlerts: true });
    sms.status = 503;
    try {
      const received = sms.bodies.length;
      await onNewPhone(sending);
      // The gateway was asked (and refused); the sign-in answered 200 regardless.
      await vi.waitFor(() => expect(sms.bodies.length).toBe(received + 1));
    } finally {
      sms.status = 200;
    }
  });
});
