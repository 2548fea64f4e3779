/**
 * Settings › Preferences › Digits (docs/i18n.md "Digits"): Latin digits by default; native digits
 * write counts, dates, times and amounts in the language's own digits (the registry's `digits`
 * numbering system through Intl), while identifiers (Aadhaar, phone and document numbers) stay
 * Latin; the choice is offered only in a language whose digits differ from 0-9.
 */
import { DEFAULT_SETTINGS } from '@pehchaan/core';
import { act, render, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { Footer } from '@/components/layouts/footer';
import {
  type CredentialActions,
  CredentialCard,
} from '@/features/credentials/components/credential-card';
import { DataCompleteness } from '@/features/demos/wallet/components/data-completeness';
import { formatFileSize } from '@/features/demos/wallet/components/my-documents';
import { AccountSection } from '@/features/settings/components/account-section';
import { shownFields } from '@/features/settings/settings-records';
import { credential } from '@/testing/fixtures';
import { DEMO_USER } from '@/testing/render-app';
import {
  DEFAULT_FORMAT_PREFERENCES,
  type FormatPreferences,
  formatAmount,
  formatDate,
  formatNumber,
  formatTime,
  hasNativeDigits,
  numberingSystemOf,
} from './format';
import { i18n, setLanguage } from './i18n';
import { DEFAULT_HOLDER_FACTS, HolderFactsProvider } from './preferences';

const marathi = (digits: FormatPreferences['digits']): FormatPreferences => ({
  ...DEFAULT_FORMAT_PREFERENCES,
  language: 'mr',
  digits,
});

describe('digits (Settings › Preferences)', () => {
  afterAll(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('are Latin by default, also in Marathi', () => {
    expect(DEFAULT_SETTINGS.digits).toBe('latin');
    expect(formatNumber(1234567, marathi('latin'))).toBe('12,34,567');
    expect(formatNumber(1234567, { language: 'mr' })).toBe('12,34,567');
    expect(formatDate('2025-03-15', marathi('latin'))).toBe('15/03/2025');
    expect(formatTime('2025-03-15T09:35:00.000Z', { ...marathi('latin'), timeFormat: '24h' })).toBe(
      '15:05',
    );
  });

  it('native: a Marathi count, date, time and amount are written ०-९, in Indian grouping', () => {
    expect(formatNumber(1234567, marathi('native'))).toBe('१२,३४,५६७');
    expect(formatDate('2025-03-15', marathi('native'))).toBe('१५/०३/२०२५');
    expect(formatDate('2025-03-14T20:30:00.000Z', marathi('native'))).toBe('१५/०३/२०२५');
    expect(
      formatTime('2025-03-15T09:35:00.000Z', { ...marathi('native'), timeFormat: '24h' }),
    ).toBe('१५:०५');
    const amount = formatAmount(450000, marathi('native')).text;
    expect(amount).toBe('₹४,५०,०००.००');
    expect(amount).not.toMatch(/[0-9]/);
    // Tamil's and Bengali's own digits, from the registry.
    expect(formatNumber(2025, { language: 'ta', digits: 'native' })).toBe('௨,௦௨௫');
    expect(formatNumber(2025, { language: 'bn', digits: 'native' })).toBe('২,০২৫');
  });

  it('a language whose digits are 0-9 writes them either way, and Settings does not offer the choice', () => {
    expect(numberingSystemOf({ language: 'ja', digits: 'native' })).toBe('latn');
    expect(formatNumber(1234567, { language: 'en', digits: 'native' })).toBe('12,34,567');
    for (const language of ['en', 'es', 'fr', 'de', 'ja']) {
      expect(hasNativeDigits(language)).toBe(false);
      expect(shownFields('preferences', language)).not.toContain('digits');
    }
    for (const language of ['hi', 'mr', 'ta', 'bn', 'gu', 'kn', 'ml', 'pa', 'te']) {
      expect(hasNativeDigits(language)).toBe(true);
      expect(shownFields('preferences', language)).toContain('digits');
    }
  });

  it('Aadhaar, phone and document numbers stay Latin when native digits are chosen', async () => {
    await act(() => setLanguage('mr'));
    const facts = {
      ...DEFAULT_HOLDER_FACTS,
      preferences: { ...DEFAULT_HOLDER_FACTS.preferences, digits: 'native' as const },
    };
    const actions = {
      linksOf: () => ({ shares: [], qrLink: null, withdrawingId: null, publicLink: null }),
      revealOf: () => null,
      checkStatusOf: () => ({ check: vi.fn(), busy: false }),
    } as unknown as CredentialActions;
    render(
      <MemoryRouter>
        <HolderFactsProvider value={facts}>
          <AccountSection user={DEMO_USER} userId="user-001" onSignOut={async () => {}} />
          <CredentialCard
            credential={credential('pan-1', {
              credential_subject: {
                id: 'did:key:z6MkHolder',
                name: 'Rajesh',
                document_type: 'PAN Card',
                pan_number: 'ABCPS1234K',
              },
            })}
            actions={actions}
            now={Date.parse('2025-06-01T06:00:00.000Z')}
          />
        </HolderFactsProvider>
      </MemoryRouter>,
    );
    expect(screen.getByText('XXXX XXXX 0125')).toBeInTheDocument();
    expect(screen.getByText('98XXXXXX10')).toBeInTheDocument();
    expect(screen.getByText('ABXXXXXX4K')).toBeInTheDocument();
  });
});

const withDigits = (digits: FormatPreferences['digits']) => ({
  ...DEFAULT_HOLDER_FACTS,
  preferences: { ...DEFAULT_HOLDER_FACTS.preferences, digits },
});

/** Counts inside translated sentences, as screens write them ('{{count}} hours ago'). */
function Sentence() {
  const { t } = useTranslation('common');
  return (
    <>
      <p data-testid="hours">{t('time.hours', { count: 12 })}</p>
      <p data-testid="many">{t('time.days', { count: 1234567 })}</p>
    </>
  );
}

/** The sentences, the footer (its year) and a demo's percentages, with the holder's digits. */
function Screen({ digits }: { digits: FormatPreferences['digits'] }) {
  return (
    <MemoryRouter>
      <HolderFactsProvider value={withDigits(digits)}>
        <Sentence />
        <Footer />
        <DataCompleteness />
      </HolderFactsProvider>
    </MemoryRouter>
  );
}

describe('numbers inside translated sentences (i18next interpolation)', () => {
  afterAll(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  const year = String(new Date().getFullYear());

  it('Marathi with native digits: counts, the footer year and percentages in ०-९; Latin chosen: 0-9', async () => {
    await act(() => setLanguage('mr'));
    const { rerender } = render(<Screen digits="native" />);
    expect(screen.getByTestId('hours')).toHaveTextContent('१२ तासांपूर्वी');
    // Indian grouping, in Marathi's digits.
    expect(screen.getByTestId('many')).toHaveTextContent('१२,३४,५६७');
    // The year is one run of digits, not grouped as an amount.
    const marathiYear = formatNumber(Number(year), marathi('native'), { useGrouping: false });
    expect(marathiYear).not.toMatch(/[0-9,]/);
    expect(screen.getByText(new RegExp(`© ${marathiYear}`))).toBeInTheDocument();
    expect(screen.getByText('९५%')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain(year);

    // Settings › Digits back to Latin: the same screen follows at once.
    rerender(<Screen digits="latin" />);
    expect(screen.getByTestId('hours')).toHaveTextContent('12 तासांपूर्वी');
    expect(screen.getByTestId('many')).toHaveTextContent('12,34,567');
    expect(screen.getByText(new RegExp(`© ${year}`))).toBeInTheDocument();
    expect(screen.getByText('95%')).toBeInTheDocument();
  });

  it('Urdu with native digits: Extended Arabic-Indic digits (۰-۹), not the Arabic ones (٠-٩)', async () => {
    await act(() => setLanguage('ur'));
    render(<Screen digits="native" />);
    expect(screen.getByTestId('hours')).toHaveTextContent('۱۲ گھنٹے پہلے');
    // Grouped as CLDR groups Urdu (۱٬۲۳۴٬۵۶۷), every digit Urdu's own.
    expect(screen.getByTestId('many').textContent).toMatch(/^۱[۰-۹٬,]+۵۶۷ دن پہلے$/);
    expect(document.body.textContent).not.toMatch(/[٠-٩]/);
    expect(screen.getByText(/©\s*[۰-۹]{4}/)).toBeInTheDocument();
    expect(formatFileSize(48 * 1024, 'ur', 'native')).toMatch(/۴۸/);
    expect(formatFileSize(48 * 1024, 'ur')).toMatch(/48/);
  });

  it('with no holder (signed out) numbers in sentences are Latin, also in Marathi', async () => {
    await act(() => setLanguage('mr'));
    render(
      <MemoryRouter>
        <Sentence />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('hours')).toHaveTextContent('12 तासांपूर्वी');
  });
});
