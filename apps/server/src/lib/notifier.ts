/**
 * The holder's notices by e-mail and SMS (Settings › Notifications): the one module that sends
 * anything out of the product to a holder, and the one that says which channel can.
 *
 * A channel can send when this server has its sender (config.ts: SMTP_URL for e-mail, through
 * nodemailer; SMS_WEBHOOK_URL for SMS, a JSON POST `{ "to": "+91XXXXXXXXXX", "text": "..." }`
 * to an SMS gateway's webhook) and the holder has an address for it on file (the profile's
 * e-mail address; the phone number they sign in with). `notificationChannelsOf` answers that
 * for the settings answer (core's notificationChannelsSchema); `deliverNotice` sends one notice
 * by every channel that can send and whose switch is on.
 *
 * Sending never fails the caller: a sender that refuses or times out (SEND_TIMEOUT_MS) is logged
 * (without the address or the text) and not retried; the caller's own record (an activity
 * entry) stands.
 */
import {
  CHANNEL_SWITCHES,
  channelState,
  NOTIFICATION_CHANNELS,
  type NotificationChannel,
  type NotificationChannels,
  type UserSettings,
} from '@pehchaan/core';
import { createTransport } from 'nodemailer';
import type { NotificationSenderConfig } from '../config';

/** One notice: a subject (the e-mail's; SMS carries the text only) and its plain text. */
export interface Notice {
  subject: string;
  text: string;
}

/** Sends `notice` to `to` (an e-mail address, or a 10-digit Indian mobile number). */
export type NoticeSender = (to: string, notice: Notice) => Promise<void>;

/** Where failures are written (Fastify's logger fits). */
export interface NotifierLog {
  warn(object: Record<string, unknown>, message: string): void;
}

/** The senders this server has; a channel without one cannot send. */
export interface Notifier {
  readonly senders: Readonly<Partial<Record<NotificationChannel, NoticeSender>>>;
  readonly log?: NotifierLog | undefined;
}

/** The holder's addresses: the profile's e-mail ('' when none) and the sign-in phone. */
export interface HolderAddresses {
  email: string;
  phone: string;
}

/** How long one send may take (ms) before it counts as failed. */
export const SEND_TIMEOUT_MS = 10_000;

/** A notifier that can send nothing (no sender configured). */
export const NO_SENDERS: Notifier = { senders: {} };

/**
 * The notifier of a configuration: an SMTP sender when `smtpUrl` is set, an SMS webhook sender
 * when `smsWebhookUrl` is set. Nothing connects until the first send.
 */
export function createNotifier(config: NotificationSenderConfig, log?: NotifierLog): Notifier {
  const senders: Partial<Record<NotificationChannel, NoticeSender>> = {};
  if (config.smtpUrl) senders.email = smtpSender(config.smtpUrl, config.smtpFrom);
  if (config.smsWebhookUrl) senders.sms = smsWebhookSender(config.smsWebhookUrl);
  return { senders, log };
}

/** E-mail through an SMTP server (nodemailer; `url` as nodemailer reads it, TLS for smtps). */
function smtpSender(url: string, from: string): NoticeSender {
  const transport = createTransport(
    {
      url,
      connectionTimeout: SEND_TIMEOUT_MS,
      greetingTimeout: SEND_TIMEOUT_MS,
      socketTimeout: SEND_TIMEOUT_MS,
    },
    { from },
  );
  return async (to, notice) => {
    await transport.sendMail({ to, subject: notice.subject, text: notice.text });
  };
}

/**
 * SMS through a gateway's webhook: POST `{ to, text }` as JSON, `to` in E.164 (+91 and the 10
 * digits). @throws when the webhook does not answer 2xx within SEND_TIMEOUT_MS.
 */
function smsWebhookSender(url: string): NoticeSender {
  return async (to, notice) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: `+91${to}`, text: notice.text }),
      redirect: 'error',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`SMS webhook answered ${response.status}`);
  };
}

/** The address `holder` has for `channel`; '' when none. */
function addressOf(holder: HolderAddresses, channel: NotificationChannel): string {
  return (channel === 'email' ? holder.email : holder.phone).trim();
}

/** Which channels can send to `holder` on this server, and why not (core's schema). */
export function notificationChannelsOf(
  notifier: Notifier,
  holder: HolderAddresses,
): NotificationChannels {
  const state = (channel: NotificationChannel) =>
    channelState(notifier.senders[channel] !== undefined, addressOf(holder, channel) !== '');
  return { email: state('email'), sms: state('sms') };
}

export interface DeliverNoticeOptions {
  notifier: Notifier;
  holder: HolderAddresses;
  /** The holder's switches: a channel's own (email/smsNotifications) must be on. */
  settings: Pick<UserSettings, 'emailNotifications' | 'smsNotifications'>;
  notice: Notice;
}

/**
 * Sends `notice` by each channel that can send to the holder and whose switch is on, all at
 * once. Never rejects.
 * @returns the channels it went out by (a failed send is not among them).
 */
export async function deliverNotice(options: DeliverNoticeOptions): Promise<NotificationChannel[]> {
  const { notifier, holder, settings, notice } = options;
  const channels = notificationChannelsOf(notifier, holder);
  const sent = await Promise.all(
    NOTIFICATION_CHANNELS.map(async (channel) => {
      const send = notifier.senders[channel];
      if (!send || !channels[channel].can_send || !settings[CHANNEL_SWITCHES[channel]]) {
        return null;
      }
      try {
        await send(addressOf(holder, channel), notice);
        return channel;
      } catch (error) {
        // The error's code only: a server's message may quote the address.
        notifier.log?.warn({ channel, code: errorCode(error) }, 'notice not sent');
        return null;
      }
    }),
  );
  return sent.filter((channel): channel is NotificationChannel => channel !== null);
}

/** An error's code ('ECONNECTION', 'TimeoutError'), never its message. */
function errorCode(error: unknown): string {
  if (typeof error !== 'object' || error === null) return 'unknown';
  const { code, name } = error as { code?: unknown; name?: unknown };
  return typeof code === 'string' ? code : typeof name === 'string' ? name : 'unknown';
}
