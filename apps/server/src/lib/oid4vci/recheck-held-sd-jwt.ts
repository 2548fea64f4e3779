/**
 * Checks again an SD-JWT VC the holder already held (one a backup brings back: the SPEC cards'
 * SD-JWT VCs, wallet/check-card-sd-jwts.ts, and received credentials,
 * wallet/restore-received-credentials.ts; docs/oid4vci.md "Backups and export", DECISIONS D7.2)
 * as verify-issued-sd-jwt.ts checks one on receipt (OpenID4VCI 1.0 / SD-JWT VC), with the trust
 * list's keys for the issuer looked up first, except that expiry is no reason to refuse: an
 * SD-JWT whose `exp` (NumericDate seconds) is past is checked as at the last second it was valid
 * (`exp` - 1 s), so it comes back expired as its document does.
 *
 * Output: the checked SD-JWT (VerifiedIssuedSdJwt).
 * Errors: the checks' refusals (AppError credential_rejected, credential_too_large) are thrown as
 * `refused()` (the caller's own, e.g. backup_invalid); any other error (issuer_unreachable,
 * issuer_address_refused, ...) as it is.
 */
import { AppError } from '../errors';
import type { TrustList } from '../trust-list';
import {
  type IssuedSdJwtExpectations,
  type VerifiedIssuedSdJwt,
  verifyIssuedSdJwt,
} from './verify-issued-sd-jwt';

/** See the module docs. */
export async function recheckHeldSdJwt(
  sdJwt: string,
  expected: Omit<IssuedSdJwtExpectations, 'now' | 'trustListJwks'> & {
    /** The SD-JWT's `exp` claim (seconds), when it has one. */
    exp: number | undefined;
    now: Date;
    trustList: TrustList;
    refused: () => Error;
  },
): Promise<VerifiedIssuedSdJwt> {
  const { exp, now, trustList, refused, ...rest } = expected;
  const at = exp !== undefined && exp * 1000 <= now.getTime() ? new Date((exp - 1) * 1000) : now;
  try {
    return await verifyIssuedSdJwt(sdJwt, {
      ...rest,
      trustListJwks: (issuer) => trustList.find({ identifier: issuer })?.jwks?.keys,
      now: at,
    });
  } catch (error) {
    if (
      error instanceof AppError &&
      (error.code === 'credential_rejected' || error.code === 'credential_too_large')
    ) {
      throw refused();
    }
    throw error;
  }
}
