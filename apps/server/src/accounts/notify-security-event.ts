/**
 * A security notice to the holder (Settings › Security: Login notifications, Suspicious activity
 * alerts): an activity entry, which the bell shows until the holder has seen it (core's
 * recent-updates rule for SECURITY_NOTICE_TYPES), and, when an SMS provider is configured
 * (OTP_PROVIDER other than disabled), a text to the holder's phone through it.
 *
 * Input: { db, now, user, type ('new_device_login' | 'security_alert'), message, sms? }.
 * The caller checks the holder's switch. An SMS that fails is not retried and never fails the
 * caller (the log entry is the record). Errors: database errors only.
 */
import { type ActivityMessage, type ActivityType, describeActivity } from '@pehchaan/core';
import type { DbOrTx } from '../db/create-db';
import type { UserRow } from '../db/schema';
import { recordActivity } from '../lib/activity-log';

/** Sends a text to a phone: the OTP provider's channel (routes/auth gives it). */
export interface SecuritySms {
  send(phone: string, text: string): void | Promise<void>;
}

export interface NotifySecurityEventOptions {
  db: DbOrTx;
  now: () => Date;
  user: Pick<UserRow, 'id' | 'phone'>;
  type: Extract<ActivityType, 'new_device_login' | 'security_alert'>;
  /** What the entry says (core's activity-messages.ts). */
  message: ActivityMessage;
  sms?: SecuritySms | undefined;
}

export async function notifySecurityEvent(options: NotifySecurityEventOptions): Promise<void> {
  await recordActivity({
    db: options.db,
    now: options.now,
    userId: options.user.id,
    type: options.type,
    message: options.message,
  });
  if (!options.sms) return;
  try {
    await options.sms.send(
      options.user.phone,
      `Pehchaan: ${describeActivity(options.message)}. Not you? Open Settings › Security and sign out other sessions.`,
    );
  } catch {
    // The activity entry is the record; an SMS that cannot be sent does not undo the sign-in.
  }
}
