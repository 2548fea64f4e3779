/**
 * GET /user/{userId}/credentials (SPEC 7): the holder's credentials as screen records. The
 * Basic Identity is issued first when missing (SPEC 4) and always listed first; then the order
 * the holder chose (position), then issuance order (oldest first).
 * DECISIONS 9.6: every identity number of a subject is answered masked exactly as the screens show
 * it (core's maskCredentialSubject: Aadhaar last 4 digits, phone two and two, the others partly
 * hidden as SPEC 5 says), so no copy of the list (the read cache, the browser's offline store)
 * holds one whole; the holder reveals one with wallet/reveal-credential-field.ts. The signed
 * document (GET .../{id}/document) and the holder's export keep them as issued.
 *
 * Credentials received from issuers over OpenID4VCI (lib/received-records.ts) follow the
 * product's own, by the holder's order then by receipt: `received` set, `credential_subject` the
 * disclosed claims (masked the same way), `document_type` the credential's display name.
 *
 * Input: { ...deps, userId }. Output: CredentialRecord[] (at least the Basic Identity).
 * Errors: AppError 'user_not_found' (404) for an unknown holder; a stored document that no
 * longer decrypts (wrong master key) throws (500).
 */
import { type CredentialRecord, maskCredentialSubject } from '@pehchaan/core';
import { eq } from 'drizzle-orm';
import { receivedCredentials } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { selectOrderedCredentials } from '../lib/holder-reads';
import { trustedIssuerName } from '../lib/oid4vci/issuer-trust';
import { toReceivedCredentialRecord } from '../lib/received-records';
import { toCredentialRecord } from '../lib/records';
import { loadTrustList } from '../lib/trust-list';
import { ensureBasicIdentity } from './ensure-basic-identity';

export interface ListCredentialsOptions extends ServiceDeps {
  userId: string;
}

export async function listCredentials(
  options: ListCredentialsOptions,
): Promise<CredentialRecord[]> {
  let rows = await selectOrderedCredentials(options.db, options.userId);
  // One query when the Basic Identity is there (nearly always); issue it and read again if not.
  if (!rows.some((row) => row.documentType === 'basic_identity')) {
    await ensureBasicIdentity(options);
    rows = await selectOrderedCredentials(options.db, options.userId);
  }
  const received = await options.db
    .select()
    .from(receivedCredentials)
    .where(eq(receivedCredentials.userId, options.userId));
  received.sort(
    (a, b) =>
      (a.position ?? Number.POSITIVE_INFINITY) - (b.position ?? Number.POSITIVE_INFINITY) ||
      a.receivedAt.getTime() - b.receivedAt.getTime() ||
      (a.id < b.id ? -1 : 1),
  );
  const trustList = received.length > 0 ? await loadTrustList(options) : undefined;
  const records = [
    ...rows.map((row) => toCredentialRecord(row, options.vault)),
    ...(await Promise.all(
      received.map((row) =>
        toReceivedCredentialRecord(
          row,
          options.vault,
          trustList !== undefined &&
            trustedIssuerName(trustList, row.credentialIssuer) !== undefined,
        ),
      ),
    )),
  ];
  // One order over both (PUT .../credentials/order sets positions across them): the Basic
  // Identity first, then by position; unplaced ones keep issuance, then receipt, order.
  const basicIdentityId = rows.find((row) => row.documentType === 'basic_identity')?.id;
  const placed = (record: CredentialRecord) =>
    record.id === basicIdentityId
      ? Number.NEGATIVE_INFINITY
      : (record.position ?? Number.POSITIVE_INFINITY);
  if (received.length > 0) records.sort((a, b) => placed(a) - placed(b));
  return records.map((record) => ({
    ...record,
    credential_subject: maskCredentialSubject(record.credential_subject),
  }));
}
