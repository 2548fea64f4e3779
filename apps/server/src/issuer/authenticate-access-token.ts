/**
 * The access token of the credential, deferred credential and notification endpoints
 * (OpenID4VCI 1.0 sections 8, 9, 11; RFC 6750 section 2.1): `Authorization: Bearer <token>` as
 * the issuer's token endpoint minted it, for the issuer the path names, not past its life.
 */
import type { IssuerName } from '@pehchaan/core';
import { and, eq, sql } from 'drizzle-orm';
import { credentialStatuses, type Oid4vciOfferRow, oid4vciOffers } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { prepared } from '../lib/prepared';
import { statusEntryOfRow } from './allocate-credential-status';
import { Oid4vciError } from './oid4vci';
import { hashAccessToken } from './redeem-pre-authorized-code';
import type { CredentialStatusEntry } from './status-lists';

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{1,256})\s*$/i;

/**
 * The offer whose access token `authorization` carries.
 * @throws {Oid4vciError} invalid_token (401) when the header is missing or malformed, or the
 *   token is unknown, another issuer's or expired.
 */
export async function authenticateAccessToken(
  options: Pick<ServiceDeps, 'db' | 'now'> & {
    issuer: IssuerName;
    authorization: string | undefined;
  },
): Promise<Oid4vciOfferRow> {
  return (await authenticateOffer(options)).offer;
}

/**
 * authenticateAccessToken, with the status entry of the credential the offer issues (as
 * allocate-credential-status.ts credentialStatusEntryOf reads it: undefined when the offer names
 * no credential or it has none) read by the same statement: the credential endpoint's one read.
 * @throws as authenticateAccessToken.
 */
export async function authenticateOffer(
  options: Pick<ServiceDeps, 'db' | 'now'> & {
    issuer: IssuerName;
    authorization: string | undefined;
  },
): Promise<{ offer: Oid4vciOfferRow; status: CredentialStatusEntry | undefined }> {
  const token = options.authorization ? BEARER.exec(options.authorization)?.[1] : undefined;
  if (!token)
    throw new Oid4vciError(
      'invalid_token',
      'Send the access token as Authorization: Bearer <token>.',
    );
  const [found] = await prepared(options.db, 'offer_by_access_token', (handle) =>
    handle
      .select({
        offer: oid4vciOffers,
        listNumber: credentialStatuses.listNumber,
        idx: credentialStatuses.idx,
      })
      .from(oid4vciOffers)
      .leftJoin(credentialStatuses, eq(credentialStatuses.credentialId, oid4vciOffers.credentialId))
      .where(
        and(
          eq(oid4vciOffers.accessTokenHash, sql.placeholder('accessTokenHash')),
          eq(oid4vciOffers.issuer, sql.placeholder('issuer')),
        ),
      )
      .prepare('offer_by_access_token'),
  ).execute({ accessTokenHash: hashAccessToken(token), issuer: options.issuer });
  const row = found?.offer;
  if (
    !found ||
    !row?.accessTokenExpiresAt ||
    row.accessTokenExpiresAt.getTime() <= options.now().getTime()
  ) {
    throw new Oid4vciError('invalid_token', 'The access token is not valid or has expired.');
  }
  return { offer: row, status: statusEntryOfRow(row.credentialId, found) };
}
