/**
 * File names of a downloaded credential (issue 19: readable, not `cred-<hash>.json`):
 * `pehchaan-<document type>-<issue date>.<json|pdf|sd-jwt>`, e.g. `pehchaan-pan-card-2025-06-01.pdf`
 * (`.sd-jwt`: a credential received from an issuer as an SD-JWT VC, as issued).
 * The type is the catalogue's English name made file-safe (the same name in every UI language,
 * so files sort together); the date is the issuance's calendar date (UTC) as ISO 8601 writes it,
 * so names sort by date whatever the holder's date format. Pure.
 */
import { type CredentialRecord, findDocumentTypeByName } from '@pehchaan/core';

/** Lower-case letters and digits joined by single hyphens: 'PAN Card' -> 'pan-card'. */
function fileSafe(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The file name of `credential` downloaded as `extension`. */
export function credentialFileName(
  credential: CredentialRecord,
  extension: 'json' | 'pdf' | 'sd-jwt',
): string {
  const name = credential.credential_subject.document_type;
  const type = fileSafe(findDocumentTypeByName(name)?.name ?? name) || 'credential';
  const issued = Date.parse(credential.issuance_date);
  const date = Number.isNaN(issued) ? '' : `-${new Date(issued).toISOString().slice(0, 10)}`;
  return `pehchaan-${type}${date}.${extension}`;
}
