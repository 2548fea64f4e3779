/**
 * The text to show for a login failure (SPEC 8): our own AuthError codes in the current
 * language, else the server problem's message in the current language (lib/problem-message.ts;
 * never its English `detail`), else `fallback`.
 */
import { DEMO_OTP, formatAadhaarInput, PRIMARY_DEMO_ACCOUNT } from '@pehchaan/core';
import type { TFunction } from 'i18next';
import { problemMessage } from '@/lib/problem-message';
import { isAuthError } from '../api/auth-error';

export function authErrorMessage(
  error: unknown,
  t: TFunction<['auth', 'messages']>,
  fallback: string,
): string {
  if (isAuthError(error)) {
    switch (error.code) {
      case 'BACKEND_UNAVAILABLE':
        return t('messages:backendUnavailable', {
          aadhaar: formatAadhaarInput(PRIMARY_DEMO_ACCOUNT.aadhaarNumber),
          phone: PRIMARY_DEMO_ACCOUNT.phoneNumber,
        });
      case 'WRONG_DEMO_OTP':
        return t('messages:wrongDemoOtp', { otp: DEMO_OTP });
      case 'DEMO_ONLY_LOGIN':
        return t('messages:demoOnlyLogin');
    }
  }
  return problemMessage(error, { fallback });
}
