/**
 * The access token of the credential, deferred credential and notification endpoints
 * (OpenID4VCI 1.0 sections 8, 9, 11; RFC 6750 section 2.1): `Authorization: Bearer <token>` as
 * the issuer's token endpoint minted it, for the issuer the path names, not past its life.
 */
import type { IssuerName } from '@pehchaan/core';
import { and, eq } from 'drizzle-orm';
import { type Oid4vciOfferRow, oid4vciOffers } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { Oid4vciError } from './oid4vci';
import { hashAccessToken } from './redeem-pre-authorized-code';

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
  const token = options.authorization ? BEARER.exec(options.authorization)?.[1] : undefined;
  if (!token)
    throw new Oid4vciError(
      'invalid_token',
      'Send the access token as Authorization: Bearer <token>.',
    );
  const [row] = await options.db
    .select()
    .from(oid4vciOffers)
    .where(
      and(
        eq(oid4vciOffers.accessTokenHash, hashAccessToken(token)),
        eq(oid4vciOffers.issuer, options.issuer),
      ),
    );
  if (!row?.accessTokenExpiresAt || row.accessTokenExpiresAt.getTime() <= options.now().getTime()) {
    throw new Oid4vciError('invalid_token', 'The access token is not valid or has expired.');
  }
  return row;
}
