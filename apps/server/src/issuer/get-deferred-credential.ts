/**
 * POST /oid4vci/issuers/{slug}/deferred_credential: the deferred credential endpoint
 * (OpenID4VCI 1.0 section 9) for offers made with `deferred: true` (POST /issuer/offers).
 *
 * Input: { ...deps, issuer, authorization (the same access token), transactionId }.
 * Output: 202 { transaction_id, interval } while the credential is not ready (before the
 * offer's `ready_after_seconds` have passed since the credential request); then 200
 * { credentials: [{ credential }], notification_id }, signed then (sign-offered-credential.ts)
 * and bound to the key of the original request's proof. A transaction id answers one
 * credential: after it, it is unknown. The issuer keeps no copy of the delivered credential
 * (only that and when it was delivered).
 *
 * Errors (Oid4vciError): invalid_token (401); invalid_transaction_id (400) for an unknown, used
 * or another offer's transaction id.
 */
import type { IssuerName } from '@pehchaan/core';
import { and, eq, isNull } from 'drizzle-orm';
import { oid4vciIssuances } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { credentialStatusEntryOf } from './allocate-credential-status';
import { authenticateAccessToken } from './authenticate-access-token';
import {
  type DeferredCredentialResponse,
  hashTransactionId,
  type IssuedCredentialResponse,
  offerClaimsOf,
} from './issue-offered-credential';
import { Oid4vciError, parseConfigurationId } from './oid4vci';
import { signOfferedCredential } from './sign-offered-credential';

export async function getDeferredCredential(
  options: ServiceDeps & {
    issuer: IssuerName;
    authorization: string | undefined;
    transactionId: string;
  },
): Promise<
  | { status: 200; body: IssuedCredentialResponse }
  | { status: 202; body: DeferredCredentialResponse }
> {
  const offer = await authenticateAccessToken(options);
  const unknown = new Oid4vciError(
    'invalid_transaction_id',
    'The transaction id is unknown or its credential was already delivered.',
  );
  const [row] = await options.db
    .select()
    .from(oid4vciIssuances)
    .where(
      and(
        eq(oid4vciIssuances.transactionIdHash, hashTransactionId(options.transactionId)),
        eq(oid4vciIssuances.offerId, offer.id),
      ),
    );
  if (!row || row.deliveredAt) throw unknown;
  const now = options.now();
  if (row.readyAt && row.readyAt.getTime() > now.getTime()) {
    const wait = Math.ceil((row.readyAt.getTime() - now.getTime()) / 1000);
    return { status: 202, body: { transaction_id: options.transactionId, interval: wait } };
  }
  const configuration = parseConfigurationId(row.configurationId);
  if (!configuration) throw new Error(`Stored configuration ${row.configurationId} is unknown`);
  const credential = await signOfferedCredential({
    ...options,
    type: configuration.type,
    format: configuration.format,
    claims: offerClaimsOf(options, offer),
    holderJwk: row.holderJwk,
    now,
    status: await credentialStatusEntryOf(options.db, offer.credentialId),
  });
  const [delivered] = await options.db
    .update(oid4vciIssuances)
    // Delivered in this answer: no copy is kept.
    .set({ credentialCiphertext: null, deliveredAt: now })
    .where(and(eq(oid4vciIssuances.id, row.id), isNull(oid4vciIssuances.deliveredAt)))
    .returning({ id: oid4vciIssuances.id });
  if (!delivered) throw unknown;
  return {
    status: 200,
    body: {
      credentials: [{ credential: credential as string }],
      notification_id: row.notificationId,
    },
  };
}
