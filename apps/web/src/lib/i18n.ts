/**
 * i18next set-up (DECISIONS 6: every user-facing string goes through i18next; docs/requirements.md
 * D9.7: SPEC 9's languages and every language of the Eighth Schedule, each complete; the offered
 * list is core's language registry). English is the source and the fallback.
 *
 * Namespaces: common (header, footer, shared UI), auth (login), dashboard, messages (SPEC 5 and 8 texts, identical to @pehchaan/core's MESSAGES in English),
 * credentials (the Credentials screen), verifier (the public /verify page), consent (Consent
 * Management), activity (Activity Logs) and notifications (the bell, Recent Updates, search) are
 * bundled here in English and Hindi, so initialisation is synchronous and tests need no waiting;
 * the other namespaces come with their route's chunk (`registerNamespace`, English and Hindi).
 *
 * The other languages (es, fr, de, ja, ta, bn) are never in the first download: `loadLanguage`
 * fetches all of a language's namespaces (one small chunk per file, `import.meta.glob`) before
 * the language is switched to, so no screen shows a mix. Which language opens: the holder's
 * stored choice (`language` key), else the browser's `navigator.languages` in order, each
 * reduced to the offered language it names (hi-IN is hi, mni-Beng-IN is mni-Beng), else English
 * (i18next-browser-languagedetector).
 * A detected language is not stored; only a choice made in the app is (`setLanguage`).
 */

import {
  directionOf,
  languageEntry,
  OFFERED_LANGUAGES,
  type OfferedLanguage,
  offeredLanguageOf,
  type UserSettings,
} from '@pehchaan/core';
import i18next, { type FormatFunction } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
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
import { isolateLatinRuns } from './bidi';
import { formatNumber } from './format';
import { STORAGE_KEYS, writeString } from './storage';

/**
 * Every UI language, in the order Settings and the language menu list them: the languages the
 * product offers, from core's registry (languages/registry.ts OFFERED_LANGUAGES, the same list as
 * core's UI_LANGUAGES: SPEC 9's en, hi, es, fr, de, ja, then the languages of India whose
 * translations are complete). A language is offered by its `offered` flag there, once its files
 * are in locales/<code>/ (docs/i18n.md).
 */
export const LANGUAGES = OFFERED_LANGUAGES;
export type Language = OfferedLanguage;
/** The languages bundled with the code (the landing page's English/Hindi toggle, SPEC 1). */
export const BUNDLED_LANGUAGES = ['en', 'hi'] as const;
export type BundledLanguage = (typeof BUNDLED_LANGUAGES)[number];
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

type Bundle = Record<string, unknown>;

/**
 * The translation files of the languages loaded on demand, one lazy chunk each; English and
 * Hindi are imported above and by the route chunks instead.
 */
const lazyFiles = import.meta.glob<Bundle>(
  ['../locales/*/*.json', '!../locales/en/*.json', '!../locales/hi/*.json'],
  { import: 'default' },
);

/** `kyc-demo.json` -> `kycDemo`: the namespace a file holds (the names registerNamespace uses). */
function namespaceOfFile(file: string): string {
  const name = file.slice(file.lastIndexOf('/') + 1, -'.json'.length);
  return name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/**
 * The @font-face of each script font of core's registry (FONTS), one CSS chunk each, written by
 * scripts/language-fonts.ts: the package's script subset only.
 */
const scriptFontFiles = import.meta.glob('../fonts/generated/script-*.css');

/**
 * Declares the font `language` is written in (core's registry `font`), with its texts and only
 * then, so no other language's page carries it: the script's Noto face (one file, fetched by the
 * browser only when its script is on screen and the system has no font for it; unicode-range),
 * or for Japanese the package's slices of kana, ideographs and CJK punctuation (its Latin ones
 * left out), split by unicode-range so only the characters on screen are fetched. The language lists need none of these: the names have their own faces
 * (fonts/generated/endonyms.css).
 */
function loadFont(language: Language): Promise<unknown> {
  const key = languageEntry(language)?.font;
  if (!key) return Promise.resolve();
  return scriptFontFiles[`../fonts/generated/script-${key}.css`]?.() ?? Promise.resolve();
}

const loading = new Map<Language, Promise<void>>();

/**
 * Adds every namespace of `language` to i18next, fetching the files of a lazily loaded
 * language once (later calls share the first). Resolves at once for English and Hindi.
 * Rejects when a file cannot be fetched (offline and not cached); a later call tries again.
 */
export function loadLanguage(language: Language): Promise<void> {
  if ((BUNDLED_LANGUAGES as readonly string[]).includes(language)) {
    // Hindi's texts are bundled; its font is not awaited (the text shows in a fallback and is
    // redrawn when the face arrives: font-display swap).
    void loadFont(language).catch(() => undefined);
    return Promise.resolve();
  }
  let pending = loading.get(language);
  if (!pending) {
    const prefix = `../locales/${language}/`;
    const files = Object.keys(lazyFiles).filter((file) => file.startsWith(prefix));
    pending = Promise.all([
      loadFont(language),
      ...files.map(async (file) => {
        const bundle = await lazyFiles[file]?.();
        if (bundle) i18next.addResourceBundle(language, namespaceOfFile(file), bundle, true, true);
      }),
    ]).then(
      () => undefined,
      (error: unknown) => {
        loading.delete(language);
        throw error;
      },
    );
    loading.set(language, pending);
  }
  return pending;
}

/**
 * Which language the app opens in (i18next-browser-languagedetector): the holder's stored choice,
 * else the browser's languages in order.
 */
export const DETECTION_OPTIONS = {
  order: ['localStorage', 'navigator'],
  lookupLocalStorage: STORAGE_KEYS.language,
  // Only a choice made in the app is remembered (setLanguage), never a detected language.
  caches: [],
  // hi-IN is Hindi: each browser language reduced to the offered language it names (core's
  // offeredLanguageOf: its language part, or language and script: mni-Beng-IN is mni-Beng), so
  // the first of the holder's languages that the app has wins (not a later exact 'en').
  convertDetectedLanguage: (lng: string) =>
    offeredLanguageOf(lng) ?? lng.split('-')[0]?.toLowerCase() ?? lng,
};

/**
 * The digits a number interpolated into a translated sentence is written in (Settings ›
 * Preferences › Digits, docs/i18n.md "Digits"): Latin until the signed-in holder's preferences
 * say otherwise (lib/preferences.tsx HolderFactsProvider calls `setInterpolationDigits`).
 */
let interpolationDigits: UserSettings['digits'] = 'latin';

/** The event that re-renders every `useTranslation` user when the digits change. */
const DIGITS_CHANGED = 'digitsChanged';

/**
 * Writes every number interpolated into a translated sentence ('{{count}} requests', '© {{year}}')
 * through lib/format.ts `formatNumber`: the language's grouping (12,34,567) and the holder's
 * digits (१२ in Marathi, ۱۲ in Urdu with native digits chosen). Strings pass unchanged, so an
 * identifier (Aadhaar, phone, OTP, ids: always interpolated as text) stays Latin.
 * `formatParams: { year: { useGrouping: false } }` writes that value without grouping.
 * Called by i18next for each interpolation (`alwaysFormat`); never throws: a number it cannot
 * format is written as JavaScript writes it.
 */
const formatInterpolated: FormatFunction = (value, _format, lng, options) => {
  if (typeof value !== 'number' || !Number.isFinite(value)) return value;
  const key: unknown = options?.interpolationkey;
  const params: unknown =
    typeof key === 'string' ? (options?.formatParams as Record<string, unknown>)?.[key] : undefined;
  const ungrouped = (params as { useGrouping?: unknown } | undefined)?.useGrouping === false;
  try {
    return formatNumber(
      value,
      { language: lng ?? 'en', digits: interpolationDigits },
      ungrouped ? { useGrouping: false } : {},
    );
  } catch {
    return String(value);
  }
};

/** The i18next options of every instance (tests make their own with the detector). */
export const I18N_OPTIONS = {
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  // Each language's own texts, then English: not 'languageOnly', which would read mni-Beng's
  // texts from mni (Meetei Mayek). Detected languages are reduced already (above).
  load: 'currentOnly',
  interpolation: { escapeValue: false, alwaysFormat: true, format: formatInterpolated },
  // A change of digits re-renders translated texts as a change of language does.
  react: { bindI18n: `languageChanged ${DIGITS_CHANGED}` },
  returnNull: false,
} as const;

/**
 * Sets the digits of interpolated numbers (Latin or the UI language's own) and re-renders the
 * translated texts when they change. Identifiers are never numbers in interpolation, so they
 * stay Latin whatever is chosen.
 */
export function setInterpolationDigits(digits: UserSettings['digits']): void {
  if (digits === interpolationDigits) return;
  interpolationDigits = digits;
  i18next.emit(DIGITS_CHANGED);
}

/**
 * Keeps each Latin run of a right-to-left text in order (lib/bidi.ts `isolateLatinRuns`:
 * 'openid4vp://' inside an Urdu label, e-mail addresses, product names; docs/i18n.md "Left to
 * right inside right to left"). Runs after interpolation, so a Latin name interpolated into an
 * Urdu sentence is kept whole too; texts of left-to-right languages pass unchanged.
 */
const latinRuns = {
  type: 'postProcessor' as const,
  name: 'latinRuns',
  process(value: unknown, _key: unknown, options: { lng?: unknown }): unknown {
    if (typeof value !== 'string') return value;
    const language = typeof options?.lng === 'string' ? options.lng : i18next.language;
    return language ? isolateLatinRuns(value, language) : value;
  },
};

void i18next
  .use(new LanguageDetector(null, DETECTION_OPTIONS))
  .use(initReactI18next)
  .use(latinRuns)
  .init({
    ...I18N_OPTIONS,
    postProcess: [latinRuns.name],
    resources,
    ns: Object.keys(resources.en),
    defaultNS: DEFAULT_NAMESPACE,
    initAsync: false,
  });

/**
 * Resolves once the texts of the language the app opened in are present (at once for English
 * and Hindi). The entry (main.tsx) awaits it before the first render; if the files cannot be
 * fetched, the app opens in English.
 */
export const languageReady: Promise<void> = isLanguage(i18next.language)
  ? loadLanguage(i18next.language).catch(() => i18next.changeLanguage('en').then(() => undefined))
  : Promise.resolve();

/**
 * <html lang> and <html dir> follow the UI language: `dir="rtl"` for a right-to-left language
 * (core's registry: Urdu, Kashmiri, Sindhi), so the logical CSS (ms-, pe-, text-start...) and
 * the `rtl:` variants lay the page out from the right.
 */
function markDocument(lng: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = lng;
  document.documentElement.dir = directionOf(lng);
}
i18next.on('languageChanged', markDocument);
markDocument(i18next.language);

/**
 * Adds a namespace that only some routes need (English and Hindi; the other languages come with
 * `loadLanguage`), so its texts travel in that
 * route's code-split chunk instead of the first download (ADR 0005: the landing page loads no
 * code of the signed-in app). Call it at the top level of the feature module that uses the
 * namespace; adding the same namespace twice is a no-op. Its type comes from `LazyResources`.
 */
export function registerNamespace<N extends keyof LazyResources>(
  namespace: N,
  bundles: Record<BundledLanguage, LazyResources[N]>,
): void {
  for (const language of BUNDLED_LANGUAGES) {
    if (!i18next.hasResourceBundle(language, namespace)) {
      i18next.addResourceBundle(language, namespace, bundles[language]);
    }
  }
}

/**
 * Switches the UI language and remembers it under `language`: the language's texts are fetched
 * first (loadLanguage), so the switch is one step. Rejects, changing nothing, when they cannot
 * be fetched.
 */
export async function setLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
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
  dataSharing: typeof import('@/locales/en/data-sharing.json');
}

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: typeof DEFAULT_NAMESPACE;
    resources: (typeof resources)['en'] & LazyResources;
  }
}
