/**
 * An activity log entry's text in the UI language (issue 19). An entry with a message code
 * (core's activity-messages.ts) is worded from `activity`'s `messages.{code}` with its
 * parameters made readable in that language: the document type's name, the consent purpose,
 * the profile fields, the second factors (a list in that language, Intl.ListFormat), the day (in
 * the holder's date format, lib/format.ts), a share link's disclosed claims (their labels, a list
 * in that language) and its end (date and time in the holder's formats), a revealed identity
 * number's label, a device (its browser and system codes, or, for an entry stored before them, its
 * English name read back: core devices/index.ts deviceFamilies; product names such as Chrome and
 * Android stay as they are, "a browser" and "an unknown system" are said in that language); an
 * entry without one
 * shows its stored `description` (English, SPEC 3).
 */
import {
  type ActivityLog,
  BROWSER_BRANDS,
  claimsParam,
  deviceFamilies,
  OS_BRANDS,
  profileFieldsParam,
  secondFactorsParam,
} from '@pehchaan/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useConsentTexts } from './consent-texts';
import { documentTypeName } from './document-labels';
import { fieldLabel } from './format-claim';
import { useFormat } from './preferences';

/**
 * A device of an entry's parameters in the UI language ('Chrome on Linux', 'Linux पर Chrome'); the
 * stored `device` text as it is when neither its codes nor its name can be read.
 */
export function deviceText(params: Record<string, unknown>, t: TFunction<'activity'>): string {
  const families = deviceFamilies(params);
  if (!families) return String(params.device ?? '');
  const { browser, os } = families;
  return t('device.name', {
    browser: browser === 'other' ? t('device.anyBrowser') : BROWSER_BRANDS[browser],
    os: os === 'other' ? t('device.unknownSystem') : os === 'ios' ? t('device.ios') : OS_BRANDS[os],
  });
}

/** The `activity` key of a new-device sign-in by what is known of the device. */
const SIGN_IN_KEYS = {
  both: 'device.signIn',
  anyBrowser: 'device.signInAnyBrowser',
  unknownSystem: 'device.signInUnknownSystem',
  neither: 'device.signInUnknown',
} as const;

/**
 * A new-device sign-in in the UI language, worded as one sentence per language with the
 * browser and the system in that language's own word order and case forms (Tamil 'Linux-இல்
 * உள்ள Chrome வழியாகப் புதிய உள்நுழைவு', not a device phrase inside another postposition); a
 * generic browser or system is written into the sentence, so it takes the forms the sentence
 * needs. Null when the entry's device cannot be read (its stored text is shown in
 * `messages.new_device_login` then).
 */
export function signInText(
  params: Record<string, unknown>,
  t: TFunction<'activity'>,
): string | null {
  const families = deviceFamilies(params);
  if (!families) return null;
  const { browser, os } = families;
  const knownBrowser = browser !== 'other';
  const knownOs = os !== 'other';
  const key = knownBrowser
    ? knownOs
      ? SIGN_IN_KEYS.both
      : SIGN_IN_KEYS.unknownSystem
    : knownOs
      ? SIGN_IN_KEYS.anyBrowser
      : SIGN_IN_KEYS.neither;
  return t(key, {
    browser: knownBrowser ? BROWSER_BRANDS[browser] : '',
    os: os === 'ios' ? t('device.ios') : knownOs ? OS_BRANDS[os] : '',
  });
}

/** The function that words an entry in the current UI language. */
export function useActivityText(): (log: ActivityLog) => string {
  const { t, i18n } = useTranslation('activity');
  const consent = useConsentTexts();
  const format = useFormat();
  return (log) => {
    const code = log.message_code;
    if (!code) return log.description;
    const params = log.message_params ?? {};
    if (code === 'new_device_login') {
      const signIn = signInText(params, t);
      if (signIn) return signIn;
    }
    const text = (key: string) => String(params[key] ?? '');
    const fields = profileFieldsParam(params.fields).map((field) => t(`profileFields.${field}`));
    return t(`messages.${code}`, {
      document: documentTypeName(text('document_type'), i18n.language),
      requester: consent.organisation(text('requester')),
      purpose: consent.purpose(text('requester'), text('purpose')),
      fields: fields.join(', '),
      count: typeof params.count === 'number' ? params.count : 0,
      // A day (a consent's last day, an account's erasure day) in the holder's date format.
      date: format.date(text('date')),
      // The settings that act (issue 19): a device's and a passkey's names, the factors.
      device: deviceText(params, t),
      name: text('name'),
      factors: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
        secondFactorsParam(params.factors).map((factor) => t(`secondFactors.${factor}`)),
      ),
      // A share link: what it shows, and until when.
      claims: new Intl.ListFormat(i18n.language, { type: 'unit', style: 'short' }).format(
        claimsParam(params.claims).map((claim) => fieldLabel(claim, i18n.language)),
      ),
      until: format.dateTime(text('until')),
      // A revealed identity number (DECISIONS 9.6): its label.
      claim: fieldLabel(text('claim'), i18n.language),
      // A credential offer or a received credential: the issuer's display name.
      issuer: text('issuer'),
      // A status change (SPEC 8): its wording by the new status ('revoked', 'suspended',
      // 'valid'); any other value reads as the base text (could not be checked).
      context:
        code === 'profile_updated' && fields.length === 0
          ? 'none'
          : code === 'credential_status_changed' &&
              ['revoked', 'suspended', 'valid'].includes(text('status'))
            ? text('status')
            : undefined,
      defaultValue: log.description,
    });
  };
}
