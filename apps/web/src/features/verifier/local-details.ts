/**
 * The details of a credential's copy in this browser, for a /verify page when the server cannot
 * be reached (SPEC 4 'failed on error'): shown as a bare link shows it, masked, with nothing to
 * reveal, whoever holds the browser (the page is public). Apart from verdicts.ts: it needs core's
 * masking and share rules (with zod), which the /verify island loads only on that path.
 */
import { bareLinkSubject, type CredentialRecord, maskRecord } from '@pehchaan/core';
import type { Details } from './verdicts';

/** The details of the copy in this browser, shown as a bare link shows it (masked). */
export function detailsFromLocal(record: CredentialRecord): Details {
  return {
    issuer: record.issuer,
    type: record.credential_subject.document_type,
    issued: record.issuance_date,
    expires: record.expiration_date,
    // Shown as a bare link shows it: this page is public, whoever holds the browser.
    masked: maskRecord(bareLinkSubject(record.credential_subject)),
    revealed: null,
    checks: null,
    errors: [],
  };
}
