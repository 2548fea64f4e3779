/**
 * POST /api/auth/send-otp (SPEC 5 and 7, DECISIONS 3).
 *
 * Input: { ...deps, otpProvider, otpSender, phoneNumber (10 digits), aadhaarNumber? (12 digits) }.
 * Output: { success: true, message }. The sends are rate-limited per IP and per phone before
 * this runs (routes/auth, plugins/rate-limit.ts RATE_LIMITS.sendOtpPerIp / sendOtpPerPhone).
 * - A demo phone (DECISIONS 2): no challenge; message 'Demo OTP sent! Use 123456'.
 * - OTP_PROVIDER=disabled and not a demo phone: AppError 'otp_disabled' (403,
 *   MESSAGES.demoOnlySend).
 * - OTP_PROVIDER=console: when a holder has this phone (and this Aadhaar, if given) a challenge is stored: 6 digits from
 *   crypto.randomInt, kept only as an HMAC, valid 5 minutes, single use, at most 5 wrong tries;
 *   the code goes to `otpSender`. The answer is 'OTP sent to {phone}' either way, so the
 *   endpoint does not reveal which phones are registered.
 */
import { randomInt } from 'node:crypto';
import { DEMO_OTP, isDemoPhone, MESSAGES } from '@pehchaan/core';
import { and, eq } from 'drizzle-orm';
import type { OtpProvider } from '../config';
import { otpChallenges, users } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { newId } from '../lib/ids';

/** DECISIONS 3: an OTP lives 5 minutes. */
export const OTP_LIFETIME_MS = 5 * 60_000;

/**
 * Delivers a code to a phone. The console provider prints it to the server log. (Security
 * notices go by lib/notifier.ts, not through the OTP provider.)
 */
export interface OtpSender {
  send(phone: string, code: string): void | Promise<void>;
}

export interface SendOtpOptions extends ServiceDeps {
  otpProvider: OtpProvider;
  otpSender: OtpSender;
  /** 10 digits (validated by the route schema). */
  phoneNumber: string;
  /** 12 digits, when the client sends it. */
  aadhaarNumber?: string | undefined;
}

export interface SendOtpResult {
  success: true;
  message: string;
}

export async function sendOtp(options: SendOtpOptions): Promise<SendOtpResult> {
  const { db, vault, phoneNumber: phone } = options;
  if (isDemoPhone(phone)) return { success: true, message: `Demo OTP sent! Use ${DEMO_OTP}` };
  if (options.otpProvider === 'disabled') throw new AppError('otp_disabled', MESSAGES.demoOnlySend);

  const aadhaarHmac = options.aadhaarNumber ? vault.lookupHmac(options.aadhaarNumber) : null;
  const [holder] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      aadhaarHmac
        ? and(eq(users.phone, phone), eq(users.aadhaarHmac, aadhaarHmac))
        : eq(users.phone, phone),
    )
    .limit(1);
  if (holder) {
    const now = options.now();
    const id = newId('otp');
    const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
    await db.insert(otpChallenges).values({
      id,
      phone,
      aadhaarHmac,
      codeHmac: vault.otpHmac(id, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + OTP_LIFETIME_MS),
    });
    await options.otpSender.send(phone, code);
  }
  return { success: true, message: `OTP sent to ${phone}` };
}
