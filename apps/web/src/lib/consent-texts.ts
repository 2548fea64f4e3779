/**
 * A consent request's purpose and requested fields in the UI language (issue 19).
 *
 * The server keeps what the data fiduciary asked, in English: SPEC 3's `purpose` and `fields`
 * (field labels such as 'Date of Birth'). Both are shown translated when the app knows them:
 * - a purpose registered by one of the product's own verifiers (core's VERIFIER_SEEDS: the bank,
 *   the telecom operator and the insurer of SPEC 3) by its purpose code, from `common`'s
 *   `consentPurposes`; any other purpose is the verifier's own text and is shown as sent;
 * - a field label of SPEC 3's list ('Name', 'Aadhaar', ... `common`'s `consentFields`) or a
 *   claim label (core's CLAIM_LABELS, as OpenID4VP requests name them);
 * - why a purpose needs a claim (the reason the verifier registered, in English and Hindi): a
 *   reason of one of the product's own verifiers' purposes from `common`'s `consentReasons`
 *   (every UI language), any other in Hindi when the UI is Hindi, else in English; null when
 *   the verifier gave none (the screen says "No reason given").
 * - the organisation asking (`requester`, a receipt's data fiduciary): a registered organisation
 *   by its name in the UI language where it has one (core's organisation-names.ts), any other as
 *   it names itself.
 * This is a display lookup only; nothing decides anything on these texts (STYLE 15).
 */
import {
  CLAIM_LABELS,
  organisationDisplayName,
  type PresentationClaim,
  VERIFIER_SEEDS,
} from '@pehchaan/core';
import { useTranslation } from 'react-i18next';
import { claimName } from './document-labels';

/** The registered purpose code of `purpose` as `requester` states it, if it is a known one. */
export function purposeCode(requester: string, purpose: string): string | undefined {
  const verifier = VERIFIER_SEEDS.find((seed) => seed.name === requester);
  return verifier?.purposes.find((p) => p.textEn === purpose)?.code;
}

/** The claim whose English label is `label`, if any ('Date of Birth' -> 'date_of_birth'). */
function claimOfLabel(label: string): string | undefined {
  return Object.entries(CLAIM_LABELS).find(([, text]) => text.en === label)?.[0];
}

export interface ConsentTexts {
  /** The organisation named `requester` (or a verifier id), in the UI language where it can be. */
  organisation: (requester: string) => string;
  /** The purpose in the UI language, or as stated. */
  purpose: (requester: string, purpose: string) => string;
  /** A requested field's label in the UI language, or as stated. */
  field: (label: string) => string;
  /** Why `requester`'s `purpose` needs `claim`, in the UI language; null when none was given. */
  reason: (
    requester: string,
    purpose: string,
    claim: Pick<PresentationClaim, 'name' | 'reason' | 'reason_hi'>,
  ) => string | null;
}

/** The translators of consent purposes and field labels for the current UI language. */
export function useConsentTexts(): ConsentTexts {
  const { t, i18n } = useTranslation();
  return {
    organisation: (requester) => organisationDisplayName(requester, i18n.language),
    purpose: (requester, purpose) => {
      const code = purposeCode(requester, purpose);
      return code ? t(`consentPurposes.${code}`, { defaultValue: purpose }) : purpose;
    },
    field: (label) => {
      const known = t(`consentFields.${label}`, { defaultValue: '' });
      if (known) return known;
      const claim = claimOfLabel(label);
      return claim ? claimName(claim, i18n.language) : label;
    },
    reason: (requester, purpose, claim) => {
      if (!claim.reason) return null;
      const stated = i18n.language === 'hi' && claim.reason_hi ? claim.reason_hi : claim.reason;
      const code = purposeCode(requester, purpose);
      return code ? t(`consentReasons.${code}.${claim.name}`, { defaultValue: stated }) : stated;
    },
  };
}
