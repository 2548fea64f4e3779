/**
 * GET /api/verify/{credentialId} (DECISIONS 4, api-contract): the public verdict on a stored
 * credential, with its subject fields masked (core's maskRecord). The credential id (128 random
 * bits) is the only access control: the link is the holder's deliberate share.
 *
 * Input: { ...deps, credentialId }. Output: { answer: the answer body (see api-contract,
 * "Credentials, signing and verification"), holderId: whose credential it is, changesAt: epoch ms
 * at which the verdict may next change with time (validFrom reached or validUntil passed;
 * undefined: never) }: the route keeps the answer in the read cache until then or until the
 * holder's credentials change.
 * Errors: AppError 'credential_not_found' (404, 'Credential not found').
 */
import {
  credentialIssuerId,
  isJsonObject,
  MESSAGES,
  maskRecord,
  type StoredCredentialVerdict,
  type VerifiedCredentialSummary,
  validityChangesAt,
  verifyCredential,
} from '@pehchaan/core';
import { eq } from 'drizzle-orm';
import { credentials } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { readCredentialDocument } from '../lib/records';

export interface VerifyStoredCredentialOptions extends ServiceDeps {
  credentialId: string;
}

/** What verifyStoredCredential resolves. */
export interface StoredCredentialCheck {
  answer: StoredCredentialVerdict;
  holderId: string;
  changesAt: number | undefined;
}

export async function verifyStoredCredential(
  options: VerifyStoredCredentialOptions,
): Promise<StoredCredentialCheck> {
  const [row] = await options.db
    .select()
    .from(credentials)
    .where(eq(credentials.id, options.credentialId));
  if (!row) throw new AppError('credential_not_found', MESSAGES.credentialNotFound);
  const document = readCredentialDocument(row, options.vault);
  const now = options.now();
  const verdict = await verifyCredential(document, {
    trustedIssuers: options.issuers.trustedIssuers,
    now,
    crypto: options.proofCrypto,
  });
  return {
    answer: {
      credential_id: row.id,
      ...verdict,
      credential: summarize(row.id, document, options.issuers.nameByDid),
      verifiable_credential: isJsonObject(document) ? document : {},
    },
    holderId: row.userId,
    changesAt: validityChangesAt(document, now),
  };
}

function summarize(
  id: string,
  document: unknown,
  nameByDid: ReadonlyMap<string, string>,
): VerifiedCredentialSummary {
  const doc = isJsonObject(document) ? document : {};
  const subject = isJsonObject(doc.credentialSubject) ? doc.credentialSubject : {};
  const issuerId = credentialIssuerId(doc) ?? '';
  const issuerName =
    isJsonObject(doc.issuer) && typeof doc.issuer.name === 'string'
      ? doc.issuer.name
      : (nameByDid.get(issuerId) ?? issuerId);
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    id,
    type: Array.isArray(doc.type) ? doc.type.filter((t) => typeof t === 'string') : [],
    issuer: issuerName,
    issuer_id: issuerId,
    issuance_date: text(doc.validFrom),
    expiration_date: text(doc.validUntil),
    document_type: text(subject.document_type),
    credential_subject_masked: maskRecord(subject),
  };
}
