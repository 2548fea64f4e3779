/**
 * POST /oid4vci/issuers/{slug}/token: the token endpoint of one of the product's issuers for the
 * pre-authorized code grant (OpenID4VCI 1.0 section 6; RFC 6749 section 5), anonymous (no client
 * authentication: `pre-authorized_grant_anonymous_access_supported`).
 *
 * Input: { ...deps, issuer (from the path), form: { grant_type, 'pre-authorized_code', tx_code? } }.
 * Output: { access_token (256 random bits, stored as its SHA-256), token_type: 'Bearer',
 * expires_in: ACCESS_TOKEN_TTL_SECONDS }.
 * Rules: the code is single use (redeemed atomically, so two racing requests get one token); a
 * wrong transaction code counts against MAX_TX_CODE_FAILURES, after which the offer is dead; a
 * missing code where one is asked, or one sent where none is, counts nothing.
 *
 * Errors (Oid4vciError, status 400): unsupported_grant_type; invalid_request (no code, a
 * transaction code missing or not expected); invalid_grant (an unknown, used, expired or dead
 * code, or a wrong transaction code).
 */
import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IssuerName } from '@pehchaan/core';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { oid4vciOffers } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { prepared } from '../lib/prepared';
import { preAuthorizedCodeLookup, txCodeLookup } from './create-credential-offer';
import { offerState } from './get-credential-offer';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  MAX_TX_CODE_FAILURES,
  Oid4vciError,
  PRE_AUTHORIZED_CODE_GRANT,
} from './oid4vci';

export interface TokenForm {
  grant_type?: string | undefined;
  'pre-authorized_code'?: string | undefined;
  tx_code?: string | undefined;
}

export interface AccessTokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

/** SHA-256 (hex) of an access token: the only form it is stored in. */
export const hashAccessToken = (token: string) => hash('sha256', token, 'hex');

const sameHmac = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export async function redeemPreAuthorizedCode(
  options: Pick<ServiceDeps, 'db' | 'vault' | 'now'> & { issuer: IssuerName; form: TokenForm },
): Promise<AccessTokenResponse> {
  const { form, db, vault } = options;
  if (form.grant_type !== PRE_AUTHORIZED_CODE_GRANT) {
    throw new Oid4vciError(
      'unsupported_grant_type',
      'This token endpoint accepts only the pre-authorized code grant.',
    );
  }
  const code = form['pre-authorized_code'];
  if (!code) throw new Oid4vciError('invalid_request', 'The pre-authorized code is missing.');
  const [row] = await prepared(db, 'offer_by_pre_authorized_code', (handle) =>
    handle
      .select()
      .from(oid4vciOffers)
      .where(
        and(
          eq(oid4vciOffers.preAuthorizedCodeHash, sql.placeholder('codeHash')),
          eq(oid4vciOffers.issuer, sql.placeholder('issuer')),
        ),
      )
      .prepare('offer_by_pre_authorized_code'),
  ).execute({
    codeHash: vault.lookupHmac(preAuthorizedCodeLookup(code)),
    issuer: options.issuer,
  });
  if (!row) throw new Oid4vciError('invalid_grant', 'The pre-authorized code is not valid.');
  const now = options.now();
  const state = offerState(row, now);
  if (state === 'redeemed') {
    throw new Oid4vciError('invalid_grant', 'The pre-authorized code was already used.');
  }
  if (state === 'dead') {
    throw new Oid4vciError(
      'invalid_grant',
      'Too many wrong transaction codes: the offer is no longer valid.',
    );
  }
  if (state === 'expired') {
    throw new Oid4vciError('invalid_grant', 'The pre-authorized code has expired.');
  }
  if (row.txCodeHash === null && form.tx_code !== undefined) {
    throw new Oid4vciError('invalid_request', 'This offer asks for no transaction code.');
  }
  if (row.txCodeHash !== null) {
    if (!form.tx_code) {
      throw new Oid4vciError('invalid_request', 'This offer needs the transaction code.');
    }
    if (!sameHmac(vault.lookupHmac(txCodeLookup(row.id, form.tx_code)), row.txCodeHash)) {
      const [counted] = await db
        .update(oid4vciOffers)
        .set({ txCodeFailures: sql`${oid4vciOffers.txCodeFailures} + 1` })
        .where(eq(oid4vciOffers.id, row.id))
        .returning({ failures: oid4vciOffers.txCodeFailures });
      const left = MAX_TX_CODE_FAILURES - (counted?.failures ?? MAX_TX_CODE_FAILURES);
      throw new Oid4vciError(
        'invalid_grant',
        left > 0
          ? `The transaction code is wrong. ${left} ${left === 1 ? 'try' : 'tries'} left.`
          : 'The transaction code is wrong. The offer is no longer valid.',
      );
    }
  }
  const accessToken = randomBytes(32).toString('base64url');
  const [redeemed] = await db
    .update(oid4vciOffers)
    .set({
      redeemedAt: now,
      accessTokenHash: hashAccessToken(accessToken),
      accessTokenExpiresAt: new Date(now.getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000),
    })
    .where(
      and(
        eq(oid4vciOffers.id, row.id),
        isNull(oid4vciOffers.redeemedAt),
        lt(oid4vciOffers.txCodeFailures, MAX_TX_CODE_FAILURES),
      ),
    )
    .returning({ id: oid4vciOffers.id });
  if (!redeemed)
    throw new Oid4vciError('invalid_grant', 'The pre-authorized code was already used.');
  return { access_token: accessToken, token_type: 'Bearer', expires_in: ACCESS_TOKEN_TTL_SECONDS };
}
