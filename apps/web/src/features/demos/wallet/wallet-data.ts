/**
 * Sample data of the digital wallet demo (SPEC 3 demo entities, SPEC 9 sample validity), built
 * relative to `now` so the dates always look current. The holder is sample user user-001 of
 * @pehchaan/core; every number is shown masked (SPEC 5). Texts are translation keys of the
 * `walletDemo` namespace. Nothing here is fetched or stored.
 */
import { maskAadhaar, maskField, maskMiddle, SAMPLE_USERS } from '@pehchaan/core';
import {
  APPROVAL_VALIDITY_MONTHS,
  addMonths,
  type DocumentItem,
  REQUEST_VALIDITY_MONTHS,
  type VerificationStatus,
  type WalletConsent,
  type WalletDocumentId,
  type WalletSources,
} from './wallet-state';

const DAY_MS = 24 * 60 * 60 * 1000;

const HOLDER = SAMPLE_USERS[0] as (typeof SAMPLE_USERS)[number];

/** The sample ABHA (health) number: 14 digits, grouped 2-4-4-4 as ABHA shows it. */
const SAMPLE_ABHA_NUMBER = '91-5012-3456-7890';

/** SPEC 3 "Wallet profile". `name` is a translation key (the name is transliterated in Hindi). */
export interface WalletProfile {
  nameKey: 'holder.name';
  verificationStatus: VerificationStatus;
  /** 0-100 (SPEC 9 bands). */
  dataScore: number;
  /** Masked CKYC number. */
  ckycNumber: string;
  /** ISO 8601 instant of the last KYC update. */
  kycUpdated: string;
}

export function sampleProfile(now: Date): WalletProfile {
  return {
    nameKey: 'holder.name',
    verificationStatus: 'Verified',
    dataScore: 92,
    ckycNumber: maskField('ckycNumber', HOLDER.ckycNumber),
    kycUpdated: new Date(now.getTime() - 120 * DAY_MS).toISOString(),
  };
}

/** The masked number a source gets when it is linked (the demo's stand-in for the issuer's answer). */
export const SOURCE_NUMBERS: Record<WalletDocumentId, string> = {
  aadhaar: maskAadhaar(HOLDER.aadhaarId),
  pan: maskField('panNumber', HOLDER.panNumber),
  passport: maskField('passportNumber', HOLDER.passportNumber),
  drivingLicense: maskField('drivingLicense', HOLDER.drivingLicense),
  healthId: maskMiddle(SAMPLE_ABHA_NUMBER, 2, 4),
};

/** Issuer of each identity source (SPEC 3 issuers; ABHA: National Health Authority). */
export const SOURCE_ISSUER_KEYS: Record<
  WalletDocumentId,
  'uidai' | 'incomeTax' | 'passportSeva' | 'rto' | 'nha'
> = {
  aadhaar: 'uidai',
  pan: 'incomeTax',
  passport: 'passportSeva',
  drivingLicense: 'rto',
  healthId: 'nha',
};

/** Aadhaar, PAN and the driving licence are linked; the passport and ABHA are not. */
export function sampleDocuments(now: Date): WalletSources {
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
  return {
    documents: [
      { id: 'aadhaar', status: 'linked', number: SOURCE_NUMBERS.aadhaar, lastUpdated: ago(30) },
      { id: 'pan', status: 'linked', number: SOURCE_NUMBERS.pan, lastUpdated: ago(62) },
      { id: 'passport', status: 'not_linked', number: null, lastUpdated: null },
      {
        id: 'drivingLicense',
        status: 'linked',
        number: SOURCE_NUMBERS.drivingLicense,
        lastUpdated: ago(14),
      },
      { id: 'healthId', status: 'not_linked', number: null, lastUpdated: null },
    ],
    sharing: { aadhaar: true, pan: false, drivingLicense: true },
  };
}

/** The six sample document items of SPEC 3; four uploaded, two not. */
export function sampleDocumentItems(now: Date): readonly DocumentItem[] {
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
  return [
    {
      id: 'aadhaarXml',
      name: { key: 'aadhaarXml' },
      status: 'uploaded',
      date: ago(30),
      size: 48_640,
    },
    { id: 'panPdf', name: { key: 'panPdf' }, status: 'uploaded', date: ago(62), size: 319_488 },
    {
      id: 'utilityBill',
      name: { key: 'utilityBill' },
      status: 'uploaded',
      date: ago(9),
      size: 1_258_291,
    },
    {
      id: 'bankStatement',
      name: { key: 'bankStatement' },
      status: 'not_uploaded',
      date: null,
      size: null,
    },
    {
      id: 'incomeCertificate',
      name: { key: 'incomeCertificate' },
      status: 'not_uploaded',
      date: null,
      size: null,
    },
    {
      id: 'addressProof',
      name: { key: 'addressProof' },
      status: 'uploaded',
      date: ago(21),
      size: 870_400,
    },
  ];
}

/**
 * Six requests: three pending (a bank, a telecom operator, an insurer, as SPEC 3's seeds), two
 * approved and one declined. Pending requests are valid 1 month from their request date, approved
 * ones expire 6 months after approval (SPEC 9).
 */
export function sampleConsents(now: Date): WalletConsent[] {
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const request = (daysAgo: number) => ({
    requestDate: ago(daysAgo).toISOString(),
    validUntil: addMonths(ago(daysAgo), REQUEST_VALIDITY_MONTHS).toISOString(),
  });
  const approval = (daysAgo: number) => ({
    approvedDate: ago(daysAgo).toISOString(),
    expiresOn: addMonths(ago(daysAgo), APPROVAL_VALIDITY_MONTHS).toISOString(),
  });
  return [
    {
      id: 'wc-bank',
      status: 'pending',
      requester: 'bank',
      purpose: 'savingsAccount',
      fieldsRequested: ['name', 'aadhaar', 'phone', 'address'],
      ...request(1),
    },
    {
      id: 'wc-telecom',
      status: 'pending',
      requester: 'telecom',
      purpose: 'simKyc',
      fieldsRequested: ['name', 'aadhaar', 'address'],
      ...request(2),
    },
    {
      id: 'wc-insurer',
      status: 'pending',
      requester: 'insurer',
      purpose: 'policyVerification',
      fieldsRequested: ['name', 'dateOfBirth', 'pan'],
      ...request(4),
    },
    {
      id: 'wc-lender',
      status: 'approved',
      requester: 'lender',
      purpose: 'loanApplication',
      fieldsRequested: ['name', 'pan', 'ckyc', 'income'],
      ...request(21),
      ...approval(20),
    },
    {
      id: 'wc-employer',
      status: 'approved',
      requester: 'employer',
      purpose: 'employmentVerification',
      fieldsRequested: ['name', 'dateOfBirth', 'address'],
      ...request(47),
      ...approval(45),
    },
    {
      id: 'wc-marketer',
      status: 'declined',
      requester: 'marketer',
      purpose: 'marketing',
      fieldsRequested: ['name', 'phone', 'income', 'address'],
      ...request(11),
      declinedDate: ago(10).toISOString(),
      reason: 'tooManyFields',
    },
  ];
}
