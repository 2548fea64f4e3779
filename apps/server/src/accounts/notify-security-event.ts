/**
 * A security notice to the holder (Settings › Security: Login notifications, Suspicious activity
 * alerts): an activity entry, which the bell shows until the holder has seen it (core's
 * recent-updates rule for SECURITY_NOTICE_TYPES), and, with Settings › Notifications' Security
 * alerts on, the same notice by e-mail and by SMS, each where its switch is on and its channel can
 * send (a sender configured, SMTP_URL or SMS_WEBHOOK_URL, and the holder's address on file:
 * lib/notifier.ts).
 *
 * Input: { db, now, notifier, user, settings, type ('new_device_login' | 'security_alert' |
 * 'recovery_code_used' | 'recovery_codes_generated'), message }. The caller checks the holder's
 * Security switch where one governs the event (Login notifications, Suspicious activity alerts);
 * recovery codes made or used are always noted. The e-mail and SMS leave after the
 * entry is written and are not waited for: one that fails is logged, not retried, and never fails
 * the caller (the log entry is the record). Errors: database errors only.
 */
import {
  type ActivityMessage,
  type ActivityType,
  describeActivity,
  type UserSettings,
} from '@pehchaan/core';
import type { DbOrTx } from '../db/create-db';
import type { UserRow } from '../db/schema';
import { recordActivity } from '../lib/activity-log';
import { deliverNotice, type Notifier } from '../lib/notifier';

export interface NotifySecurityEventOptions {
  db: DbOrTx;
  now: () => Date;
  /** The e-mail and SMS senders (ServiceDeps.notifier). */
  notifier: Notifier;
  user: Pick<UserRow, 'id' | 'phone' | 'email'>;
  /** The holder's switches: Security alerts, and each channel's own. */
  settings: Pick<UserSettings, 'securityAlerts' | 'emailNotifications' | 'smsNotifications'>;
  type: Extract<
    ActivityType,
    'new_device_login' | 'security_alert' | 'recovery_code_used' | 'recovery_codes_generated'
  >;
  /** What the entry says (core's activity-messages.ts). */
  message: ActivityMessage;
}

export async function notifySecurityEvent(options: NotifySecurityEventOptions): Promise<void> {
  await recordActivity({
    db: options.db,
    now: options.now,
    userId: options.user.id,
    type: options.type,
    message: options.message,
  });
  if (!options.settings.securityAlerts) return;
  const said = describeActivity(options.message);
  // Not awaited: a slow mail server must not hold up a sign-in. deliverNotice never rejects.
  void deliverNotice({
    notifier: options.notifier,
    holder: options.user,
    settings: options.settings,
    notice: {
      subject: `Pehchaan security notice: ${said}`,
      text: `Pehchaan: ${said}. Not you? Open Settings › Security and sign out other sessions.`,
    },
  });
}
