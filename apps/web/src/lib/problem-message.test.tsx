/**
 * A server problem is said in the holder's language (STYLE 15: codes cross the wire, texts are
 * for people): every code of core's PROBLEM_CODES has a message in every offered language; a
 * code this client does not know reads as the generic message (or the caller's fallback); the
 * screens that once showed the server's English `detail` show the message, with `detail` only
 * under a closed "Technical details" disclosure.
 */
import { type ConsentRequest, PROBLEM_CODES } from '@pehchaan/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type Handler, json, mockFetch, problem } from '@/testing/mock-fetch';
import { renderApp, signIn } from '@/testing/render-app';
import { ApiError } from './api-client';
import { i18n, LANGUAGES, setLanguage } from './i18n';
import { GENERIC_PROBLEM_KEY, PROBLEM_MESSAGE_KEYS, problemMessage } from './problem-message';

type Json = Record<string, unknown>;
const files = import.meta.glob<Json>('../locales/*/messages.json', {
  eager: true,
  import: 'default',
});

/** The text at dotted `key` of `language`'s messages.json, or undefined. */
function messageOf(language: string, key: string): unknown {
  let value: unknown = files[`../locales/${language}/messages.json`];
  for (const part of key.split('.')) value = (value as Json | undefined)?.[part];
  return value;
}

/** An HTTP_ERROR as api-client builds it from a problem+json answer. */
function problemError(code: string, detail = 'English words from the server'): ApiError {
  return new ApiError('HTTP_ERROR', detail, {
    status: 400,
    problem: { type: `/problems/${code}`, title: code, status: 400, detail, code },
  });
}

/** Latin letters left once the Latin tokens every language keeps (OTP, QR) are taken out. */
function latinWords(text: string): string[] {
  return text.replace(/\b(OTP|QR)\b/g, '').match(/[A-Za-z]{2,}/g) ?? [];
}

describe('problem messages', () => {
  it('every PROBLEM_CODE has a message in every offered language', () => {
    for (const language of LANGUAGES) {
      for (const code of PROBLEM_CODES) {
        const text = messageOf(language, PROBLEM_MESSAGE_KEYS[code]);
        expect(typeof text === 'string' && text.length > 0, `${language} ${code}`).toBe(true);
      }
      expect(messageOf(language, GENERIC_PROBLEM_KEY), language).toEqual(expect.any(String));
      expect(messageOf(language, 'problems.technicalDetails'), language).toEqual(
        expect.any(String),
      );
    }
  });

  it('says every code in Tamil with no English left, whatever the server wrote', async () => {
    await setLanguage('ta');
    for (const code of PROBLEM_CODES) {
      const text = problemMessage(problemError(code));
      expect(text, code).toMatch(/\p{Script=Tamil}/u);
      expect(latinWords(text), code).toEqual([]);
    }
  });

  it("keeps SPEC 5's exact English sentences for the codes SPEC words", () => {
    expect(problemMessage(problemError('wrong_demo_otp'))).toBe(
      'Wrong OTP for demo user. Use: 123456',
    );
    expect(problemMessage(problemError('login_unavailable'))).toBe(
      'Please use demo credentials. Backend authentication is not available in this setup.',
    );
    expect(problemMessage(problemError('credential_not_found'))).toBe('Credential not found');
    expect(problemMessage(problemError('duplicate_document'), { documentName: 'PAN Card' })).toBe(
      'You already have a PAN Card. Only one document of each type is allowed.',
    );
  });

  it("an unknown code reads as the generic message, or the caller's fallback; so does a non-problem", async () => {
    await setLanguage('hi');
    expect(problemMessage(problemError('a_code_of_a_newer_server'))).toBe(
      'कुछ गड़बड़ हो गई। कृपया फिर से कोशिश करें।',
    );
    expect(problemMessage(problemError('a_code_of_a_newer_server'), { fallback: 'X' })).toBe('X');
    expect(problemMessage(new Error('boom'), { fallback: 'Y' })).toBe('Y');
    expect(problemMessage(new ApiError('ERR_NETWORK', 'Failed to fetch'))).toBe(
      'कुछ गड़बड़ हो गई। कृपया फिर से कोशिश करें।',
    );
  });
});

describe('screens that show a server problem, in Hindi and Tamil', () => {
  it('/present: the refusal in Hindi; the server\'s English only under "Technical details"', async () => {
    await setLanguage('hi');
    signIn();
    const detail = 'The verifier request behind this link has expired.';
    mockFetch({
      'POST /user/user-001/presentation-requests': () =>
        problem('presentation_request_expired', 410, detail),
    });
    renderApp('/present?client_id=x&request_uri=y');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'इस अनुरोध की समय-सीमा समाप्त हो गई है। सत्यापनकर्ता से नया अनुरोध माँगें।',
    );
    expect(latinWords(alert.textContent ?? '')).toEqual([]);
    const technical = screen.getByText(`presentation_request_expired: ${detail}`);
    expect(technical).not.toBeVisible();
    expect(technical).toHaveAttribute('lang', 'en');
    await userEvent.click(screen.getByText('तकनीकी विवरण'));
    expect(technical).toBeVisible();
  });

  it('/consent: a decision made on another device is said in Tamil, not in English', async () => {
    await setLanguage('ta');
    signIn();
    const bank: ConsentRequest = {
      id: 'consent-user-001-bank',
      userId: 'user-001',
      requester: 'State Bank of India',
      purpose: 'Open savings account',
      requested_at: '2025-03-01T08:00:00.000Z',
      status: 'pending',
      fields: ['Name', 'PAN'],
      status_updated_at: null,
      status_updated_by: null,
      last_viewed: null,
    };
    const english = 'This consent request was already rejected. Decisions are final.';
    const list: Handler = () => json({ consent_requests: [bank], count: 1, user_id: 'user-001' });
    mockFetch({
      'GET /user/user-001/consent-requests': list,
      'POST /user/user-001/consent-requests/consent-user-001-bank/approve': () =>
        problem('consent_already_decided', 409, english),
    });
    renderApp('/consent');
    // The bank by its Tamil name (core's organisation names).
    const approve = i18n.getFixedT('ta', 'consent')('card.approveLabel', {
      requester: 'பாரத ஸ்டேட் வங்கி',
    });
    await userEvent.click(await screen.findByRole('button', { name: approve }));
    const toast = await screen.findByText(
      'இந்த ஒப்புதல் கோரிக்கை குறித்து ஏற்கனவே முடிவு எடுக்கப்பட்டது. முடிவுகள் இறுதியானவை.',
    );
    expect(latinWords(toast.textContent ?? '')).toEqual([]);
    expect(screen.queryByText(english)).toBeNull();
  });

  it("/credentials: SPEC 5's one-per-type sentence in Tamil, with the document's Tamil name", async () => {
    await setLanguage('ta');
    signIn();
    mockFetch({
      'GET /user/user-001/credentials': () =>
        json({ credentials: [], count: 0, user_id: 'user-001' }),
      'POST /identity/generate-credential': () =>
        problem(
          'duplicate_document',
          409,
          'You already have a Passport. Only one document of each type is allowed.',
        ),
    });
    renderApp('/credentials');
    const t = i18n.getFixedT('ta', 'credentials');
    await userEvent.click(await screen.findByRole('button', { name: t('add') }));
    const menu = await screen.findByRole('menu');
    const passport = within(menu)
      .getAllByRole('menuitem')
      .find((item) => item.textContent?.includes('கடவுச்சீட்டு'));
    if (!passport) throw new Error('no Passport entry in the Tamil menu');
    await userEvent.click(passport);
    const toast = await screen.findByText(
      'உங்களிடம் ஏற்கெனவே கடவுச்சீட்டு உள்ளது. ஒவ்வொரு வகையிலும் ஒரு ஆவணம் மட்டுமே அனுமதிக்கப்படும்.',
    );
    expect(latinWords(toast.textContent ?? '')).toEqual([]);
  });
});
