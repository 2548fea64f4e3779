/**
 * i18next set-up (DECISIONS 6: every user-facing string goes through i18next, so Hindi can cover
 * the whole app). English is the source and the fallback; a missing Hindi key shows English.
 *
 * Namespaces: common (header, footer, shared UI), auth (login), dashboard, messages (SPEC 5 and 8 texts, identical to @pehchaan/core's MESSAGES in English),
 * credentials (the Credentials screen), verifier (the public /verify page), consent (Consent
 * Management), activity (Activity Logs) and notifications (the bell, Recent Updates, search).
 * Resources are bundled, so initialisation is synchronous and tests need no waiting.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import enActivity from '@/locales/en/activity.json';
import enAuth from '@/locales/en/auth.json';
import enCommon from '@/locales/en/common.json';
import enConsent from '@/locales/en/consent.json';
import enCredentials from '@/locales/en/credentials.json';
import enDashboard from '@/locales/en/dashboard.json';
import enMessages from '@/locales/en/messages.json';
import enNotifications from '@/locales/en/notifications.json';
import enVerifier from '@/locales/en/verifier.json';
import hiActivity from '@/locales/hi/activity.json';
import hiAuth from '@/locales/hi/auth.json';
import hiCommon from '@/locales/hi/common.json';
import hiConsent from '@/locales/hi/consent.json';
import hiCredentials from '@/locales/hi/credentials.json';
import hiDashboard from '@/locales/hi/dashboard.json';
import hiMessages from '@/locales/hi/messages.json';
import hiNotifications from '@/locales/hi/notifications.json';
import hiVerifier from '@/locales/hi/verifier.json';
import { readString, STORAGE_KEYS, writeString } from './storage';

export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_NAMESPACE = 'common';

export const resources = {
  en: {
    common: enCommon,
    auth: enAuth,
    dashboard: enDashboard,
    messages: enMessages,
    credentials: enCredentials,
    verifier: enVerifier,
    consent: enConsent,
    activity: enActivity,
    notifications: enNotifications,
  },
  hi: {
    common: hiCommon,
    auth: hiAuth,
    dashboard: hiDashboard,
    messages: hiMessages,
    credentials: hiCredentials,
    verifier: hiVerifier,
    consent: hiConsent,
    activity: hiActivity,
    notifications: hiNotifications,
  },
} as const;

/** True for a supported UI language. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function storedLanguage(): Language {
  const stored = readString(STORAGE_KEYS.language);
  return isLanguage(stored) ? stored : 'en';
}

void i18next.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  ns: Object.keys(resources.en),
  defaultNS: DEFAULT_NAMESPACE,
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

i18next.on('languageChanged', (lng) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
});
if (typeof document !== 'undefined') document.documentElement.lang = i18next.language;

/**
 * Adds a namespace that only some routes need (English and Hindi), so its texts travel in that
 * route's code-split chunk instead of the first download (ADR 0005: the landing page loads no
 * code of the signed-in app). Call it at the top level of the feature module that uses the
 * namespace; adding the same namespace twice is a no-op. Its type comes from `LazyResources`.
 */
export function registerNamespace<N extends keyof LazyResources>(
  namespace: N,
  bundles: Record<Language, LazyResources[N]>,
): void {
  for (const language of LANGUAGES) {
    if (!i18next.hasResourceBundle(language, namespace)) {
      i18next.addResourceBundle(language, namespace, bundles[language]);
    }
  }
}

/** Switches the UI language and remembers it under `language`. */
export async function setLanguage(language: Language): Promise<void> {
  writeString(STORAGE_KEYS.language, language);
  await i18next.changeLanguage(language);
}

export { i18next as i18n };

/**
 * Namespaces registered by their route's chunk (`registerNamespace`). Type-only imports: nothing
 * of them is bundled here.
 */
export interface LazyResources {
  landing: typeof import('@/locales/en/landing.json');
  info: typeof import('@/locales/en/info.json');
  profile: typeof import('@/locales/en/profile.json');
  settings: typeof import('@/locales/en/settings.json');
  kycDemo: typeof import('@/locales/en/kyc-demo.json');
  businessDemo: typeof import('@/locales/en/business-demo.json');
  walletDemo: typeof import('@/locales/en/wallet-demo.json');
  marketplaceDemo: typeof import('@/locales/en/marketplace-demo.json');
  sync: typeof import('@/locales/en/sync.json');
  lock: typeof import('@/locales/en/lock.json');
  verifierPortal: typeof import('@/locales/en/verifier-portal.json');
}

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: typeof DEFAULT_NAMESPACE;
    resources: (typeof resources)['en'] & LazyResources;
  }
}
