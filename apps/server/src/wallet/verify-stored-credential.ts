/**
 * GET /api/verify/{credentialId} (SPEC 2's bare link, DECISIONS 4 and 8, api-contract): the
 * public verdict on a stored credential with what a bare id discloses: issuer, type, validity
 * dates as days (no time of day: an issuance instant to the second would tie the holder's links
 * to one credential together), the holder's name and the identifiers masked (core's
 * bareLinkSubject: Aadhaar last 4 digits, phone two and two). No date of birth, address,
 * parents' names, other claims, unmasked number or signed document: to disclose more, the holder
 * makes a share link (wallet/view-share.ts). Whether the link is on, and the log of its views,
 * are wallet/view-credential-link.ts's, which the route calls first.
 *
 * Status (docs/status-lists.md "Checking status"): the stored document's credentialStatus
 * entries (the W3C Bitstring Status Lists its issuer named) are read (lib/status-list; the
 * product's own lists in process, never cached); revoked, suspended or unknown fail the verdict
 * ('Credential revoked', 'Credential suspended', 'Status unknown'; status 'revoked',
 * 'suspended', 'status_unknown'). Such an answer is kept at most STATUS_ANSWER_MS, so a
 * revocation shows within seconds. A credential its holder deleted has no row: 404.
 *
 * Input: { ...deps, credentialId }. Output: { answer: the answer body (see api-contract,
 * "Credentials, signing and verification"), holderId: whose credential it is, changesAt: epoch ms
 * at which the verdict may next change with time (validFrom reached or validUntil passed;
 * undefined: never) }: the route keeps the answer in the read cache until then or until the
 * holder's credentials change.
 * Errors: AppError 'credential_not_found' (404, 'Credential not found').
 *
 * Also exports `checkCredentialRow`, the verdict and public summary both kinds of link share.
 */
import {
  bareLinkSubject,
  type CredentialVerdict,
  credentialIssuerId,
  dayOf,
  isJsonObject,
  MESSAGES,
  type StoredCredentialVerdict,
  type VerifiedCredentialSummary,
  validityChangesAt,
  verifyCredential,
} from '@pehchaan/core';
import { eq } from 'drizzle-orm';
import { type CredentialRow, credentials } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { readCredentialDocument } from '../lib/records';
import { checkCredentialStatus, statusEntriesOfCredential } from '../lib/status-list';
import { withStatus } from '../lib/status-list/verdict';
import { loadTrustList, type TrustList } from '../lib/trust-list';

/** The longest a bare link's answer on a credential with status entries is kept (5 s). */
export const STATUS_ANSWER_MS = 5_000;

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
  const check = await checkCredentialRow(row, options);
  const document = readCredentialDocument(row, options.vault);
  const entries = isJsonObject(document) ? statusEntriesOfCredential(document) : [];
  let verdict = check.verdict;
  let changesAt = check.changesAt;
  if (entries.length > 0 && verdict.status !== 'malformed') {
    const status = await checkCredentialStatus(
      { issuer: check.summary.issuer_id, entries },
      options,
    );
    verdict = withStatus(verdict, status, true);
    const recheckAt = options.now().getTime() + STATUS_ANSWER_MS;
    changesAt = Math.min(changesAt ?? recheckAt, recheckAt);
  }
  return {
    answer: {
      credential_id: row.id,
      ...verdict,
      credential: {
        ...check.summary,
        id: row.id,
        credential_subject_masked: bareLinkSubject(check.subject),
      },
    },
    holderId: row.userId,
    changesAt,
  };
}

/**
 * The verdict on a credential row and its public summary (subject not included): the summary's
 * dates are days (core's dayOf), for a bare link and a share link alike.
 */
export interface CredentialRowCheck {
  verdict: CredentialVerdict;
  summary: Omit<VerifiedCredentialSummary, 'id' | 'credential_subject_masked'>;
  /** The document's credentialSubject, unmasked: callers choose what of it to disclose. */
  subject: Record<string, unknown>;
  changesAt: number | undefined;
}

/**
 * Decrypts and verifies `row`'s document at the app clock's now (trusted issuers: the trust list,
 * lib/trust-list.ts: the issuer's DID, for the document's type).
 * @param trustList the list, when the caller loaded it already: a caller inside a transaction
 *   must (read through `deps.db`, the list would wait for the connection the transaction holds).
 * @throws when the ciphertext does not decrypt under the vault's key.
 */
export async function checkCredentialRow(
  row: CredentialRow,
  deps: ServiceDeps,
  trustList?: TrustList,
): Promise<CredentialRowCheck> {
  const document = readCredentialDocument(row, deps.vault);
  const now = deps.now();
  trustList ??= await loadTrustList(deps);
  const verdict = await verifyCredential(document, {
    trustedIssuers: trustList.trustsCredential,
    now,
    crypto: deps.proofCrypto,
  });
  const doc = isJsonObject(document) ? document : {};
  const subject = isJsonObject(doc.credentialSubject) ? doc.credentialSubject : {};
  const issuerId = credentialIssuerId(doc) ?? '';
  const issuerName =
    isJsonObject(doc.issuer) && typeof doc.issuer.name === 'string'
      ? doc.issuer.name
      : (trustList.nameOfDid(issuerId) ?? deps.issuers.nameByDid.get(issuerId) ?? issuerId);
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    verdict,
    summary: {
      type: Array.isArray(doc.type) ? doc.type.filter((t) => typeof t === 'string') : [],
      issuer: issuerName,
      issuer_id: issuerId,
      issuance_date: dayOf(text(doc.validFrom)),
      expiration_date: dayOf(text(doc.validUntil)),
      document_type: text(subject.document_type),
    },
    subject,
    changesAt: validityChangesAt(document, now),
  };
}
