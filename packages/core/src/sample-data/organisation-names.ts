/**
 * The registered organisations' names per UI language (DECISIONS 9: every language of the
 * Eighth Schedule, docs/i18n.md "No screen left half-translated"; DECISIONS 7: the bank, telecom
 * operator and insurer of SPEC 3 are registered verifiers), keyed by the verifier's stable id
 * (verifier-seeds.ts `id`), the way documents/issuer-names.ts names the issuers.
 *
 * A name is given only where the organisation has one of its own in that language; every other
 * language shows the organisation's own name (VerifierSeed `name`, what a consent request's
 * `requester` says), as it writes it:
 * - State Bank of India and LIC are public sector bodies: their Hindi names are official (Official
 *   Languages Act 1963, s.3(3); both logos carry them), and their branches' signboards carry their
 *   names in the state's language (the three-language rule for Union offices). The Devanagari
 *   languages without a name of their own (Nepali, Maithili, Dogri, Bodo, Sanskrit) read the Hindi
 *   name; Japanese uses the names the bank's Tokyo branch and the Japanese press use. Spanish,
 *   French, German, Kashmiri, Sindhi, Santali and Manipuri keep the own name (none known); LIC
 *   also in Malayalam and Urdu.
 * - Bharti Airtel is a private company registered under its English name only: its own name in
 *   every language (a spelling in another script would be ours, not its).
 * Not reviewed by native speakers or by the organisations (docs/i18n.md).
 */
import type { UiLanguage } from '../api/settings';

/** The organisation's own name (VerifierSeed `name`) and its names in other languages. */
interface OrganisationNames {
  own: string;
  names: Readonly<Partial<Record<UiLanguage, string>>>;
}

const SBI_HI = 'भारतीय स्टेट बैंक';
const LIC_HI = 'भारतीय जीवन बीमा निगम';

/**
 * Verifier id -> its own name and its names in the languages where it has one (English: the own
 * name). Self-contained (no import of the seeds' texts), so a page may name organisations cheaply.
 */
export const ORGANISATION_NAMES: Readonly<Record<string, OrganisationNames>> = {
  'verifier-sbi': {
    own: 'State Bank of India',
    names: {
      hi: SBI_HI,
      ne: SBI_HI,
      mai: SBI_HI,
      doi: SBI_HI,
      brx: SBI_HI,
      sa: SBI_HI,
      mr: 'भारतीय स्टेट बँक',
      kok: 'भारतीय स्टेट बँक',
      gu: 'ભારતીય સ્ટેટ બેંક',
      pa: 'ਭਾਰਤੀ ਸਟੇਟ ਬੈਂਕ',
      bn: 'ভারতীয় স্টেট ব্যাংক',
      as: 'ভাৰতীয় ষ্টেট বেংক',
      or: 'ଭାରତୀୟ ଷ୍ଟେଟ ବ୍ୟାଙ୍କ',
      ta: 'பாரத ஸ்டேட் வங்கி',
      te: 'భారతీయ స్టేట్ బ్యాంక్',
      kn: 'ಭಾರತೀಯ ಸ್ಟೇಟ್ ಬ್ಯಾಂಕ್',
      ml: 'സ്റ്റേറ്റ് ബാങ്ക് ഓഫ് ഇന്ത്യ',
      ur: 'اسٹیٹ بینک آف انڈیا',
      ja: 'インドステイト銀行',
    },
  },
  'verifier-airtel': { own: 'Bharti Airtel', names: {} },
  'verifier-lic': {
    own: 'LIC of India',
    names: {
      hi: LIC_HI,
      ne: LIC_HI,
      mai: LIC_HI,
      doi: LIC_HI,
      brx: LIC_HI,
      sa: LIC_HI,
      kok: LIC_HI,
      mr: 'भारतीय आयुर्विमा महामंडळ',
      gu: 'ભારતીય જીવન વીમા નિગમ',
      pa: 'ਭਾਰਤੀ ਜੀਵਨ ਬੀਮਾ ਨਿਗਮ',
      bn: 'ভারতীয় জীবন বীমা নিগম',
      as: 'ভাৰতীয় জীৱন বীমা নিগম',
      or: 'ଭାରତୀୟ ଜୀବନ ବୀମା ନିଗମ',
      ta: 'இந்திய ஆயுள் காப்பீட்டுக் கழகம்',
      te: 'భారతీయ జీవిత బీమా సంస్థ',
      kn: 'ಭಾರತೀಯ ಜೀವ ವಿಮಾ ನಿಗಮ',
      ja: 'インド生命保険公社',
    },
  },
};

/** The registered organisation's id for its id or its own name ('State Bank of India'). */
export function organisationIdOf(idOrName: string): string | undefined {
  if (Object.hasOwn(ORGANISATION_NAMES, idOrName)) return idOrName;
  return Object.entries(ORGANISATION_NAMES).find(([, entry]) => entry.own === idOrName)?.[0];
}

/**
 * The name of an organisation in `language`: a registered organisation (by its verifier id or
 * its own name, as a consent request's `requester` states it) by its name in that language where
 * it has one, else its own name; any other organisation's name as it is (it names itself).
 */
export function organisationDisplayName(idOrName: string, language: string): string {
  const id = organisationIdOf(idOrName);
  const entry = id ? ORGANISATION_NAMES[id] : undefined;
  if (!entry) return idOrName;
  return entry.names[language as UiLanguage] ?? entry.own;
}
