/**
 * An icon per document type (issue 19: not the same icon on every card), in the app's 24x24
 * stroke style, each on its own tint: a person for Basic Identity, a fingerprint for Aadhaar, a
 * card for PAN, a ballot box for the Voter ID, a car for the driving licence, a globe for the
 * passport, a mortarboard for the marksheets, a ribbon for the birth certificate, a bank for the
 * CKYC record. Decorative: the card's heading names the type.
 */
import { type DocumentTypeKey, findDocumentTypeByName } from '@pehchaan/core';
import type { ReactNode } from 'react';
import { FileIcon, Icon } from '@/components/ui/icons';

const PATHS: Record<DocumentTypeKey, ReactNode> = {
  basic_identity: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </>
  ),
  aadhaar: (
    <path d="M12 10a2 2 0 0 0-2 2c0 1.6-.3 3.2-1 4.6M14 13.1c0 2.5 0 5-1 7.9M17.3 21c.1-.7.5-2.9.6-4M2 12a10 10 0 0 1 18-6M2 16h.01M21.8 16c.2-2 .1-5.3 0-6M5 19.5c.5-1.5 1-3 1-7.5a6 6 0 0 1 .3-2M8.6 22c.2-.7.4-1.3.5-2M9 6.8a6 6 0 0 1 9 5.2v2" />
  ),
  pan: (
    <>
      <rect x="2" y="5" width="20" height="14" rx="2" />
      <path d="M2 10h20M6 15h4" />
    </>
  ),
  voter_id: (
    <>
      <path d="m9 12 2 2 4-4" />
      <path d="M5 7V5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v2M3 7h18v12a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />
    </>
  ),
  driving_license: (
    <>
      <path d="M19 17h2v-4l-2.5-5A2 2 0 0 0 16.7 7H7.3a2 2 0 0 0-1.8 1L3 13v4h2" />
      <circle cx="7.5" cy="17" r="2" />
      <circle cx="16.5" cy="17" r="2" />
      <path d="M9.5 17h5M3 13h18" />
    </>
  ),
  passport: (
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="M2 12h20M12 2a15 15 0 0 1 4 10 15 15 0 0 1-4 10 15 15 0 0 1-4-10 15 15 0 0 1 4-10z" />
    </>
  ),
  marksheet_10th: (
    <>
      <path d="M22 10 12 5 2 10l10 5 10-5z" />
      <path d="M6 12v5c3 2 9 2 12 0v-5" />
    </>
  ),
  marksheet_12th: (
    <>
      <path d="M22 10 12 5 2 10l10 5 10-5z" />
      <path d="M6 12v5c3 2 9 2 12 0v-5M22 10v6" />
    </>
  ),
  birth_certificate: (
    <>
      <circle cx="12" cy="8" r="6" />
      <path d="M15.5 13.5 17 22l-5-3-5 3 1.5-8.5" />
    </>
  ),
  ckyc: <path d="M3 22h18M6 18v-7M10 18v-7M14 18v-7M18 18v-7M12 2l8 5H4l8-5z" />,
};

/** Tint of each type's icon tile. */
const TINTS: Record<DocumentTypeKey, string> = {
  basic_identity: 'bg-indigo-100 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300',
  aadhaar: 'bg-orange-100 text-orange-700 dark:bg-orange-950 dark:text-orange-300',
  pan: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-300',
  voter_id: 'bg-violet-100 text-violet-700 dark:bg-violet-950 dark:text-violet-300',
  driving_license: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  passport: 'bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-300',
  marksheet_10th: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
  marksheet_12th: 'bg-yellow-100 text-yellow-800 dark:bg-yellow-950 dark:text-yellow-300',
  birth_certificate: 'bg-pink-100 text-pink-700 dark:bg-pink-950 dark:text-pink-300',
  ckyc: 'bg-teal-100 text-teal-800 dark:bg-teal-950 dark:text-teal-300',
};

/** The icon tile of the document type named `documentType` (SPEC 3's display name). */
export function DocumentTypeIcon({ documentType }: { documentType: string }) {
  const key = findDocumentTypeByName(documentType)?.key;
  return (
    <div
      data-document-type={key ?? 'unknown'}
      className={`flex size-10 shrink-0 items-center justify-center rounded-xl ${key ? TINTS[key] : TINTS.aadhaar}`}
    >
      {key ? <Icon>{PATHS[key]}</Icon> : <FileIcon />}
    </div>
  );
}
