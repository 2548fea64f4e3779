/**
 * The signed withdrawal notice (issue 17; docs/oid4vp.md "Withdrawal notices"): when the holder
 * withdraws a consent given to a verifier over OpenID4VP, the wallet tells the verifier with a
 * Security Event Token (RFC 8417) pushed to the verifier's registered notification URL
 * (RFC 8935). No OpenID4VP message exists for this; SET push is the IETF's standard way for one
 * party to tell another that something about a subject changed (the OpenID Shared Signals
 * Framework uses it the same way).
 *
 * The token is a compact JWS:
 * - header: `alg` EdDSA, `typ` 'secevent+jwt' (RFC 8417 section 2.3), `kid` the wallet's
 *   DID URL (lib/wallet-keys.ts, purpose 'withdrawal-notice');
 * - payload: `iss` the wallet's did:key, `aud` the verifier's whole client_id (as the KB-JWT's
 *   aud was), `iat`, `jti` (unique; a repeat with the same jti is the same notice), and
 *   `events` with one member, WITHDRAWAL_EVENT (DPV's ConsentWithdrawn status, the W3C Data
 *   Privacy Vocabulary), whose value names the consent by what the verifier already knows:
 *   `nonce` (the authorization request's nonce, which the presentation's KB-JWT carried),
 *   `state` when the request had one, `purpose`, `withdrawn_at` (NumericDate) and
 *   `consent_id` (the wallet's consent request id, which the consent receipt names too).
 * There is no `exp` (RFC 8417 section 2.2: a SET states a fact; it does not expire).
 *
 * The verifier checks the signature against the did:key in `iss`/`kid`, that `aud` is its own
 * client_id, and that `nonce` is one of its requests; then it stops processing and erases what
 * it received under that consent (DPDP Act s.6(4), s.8(7)(a)) and answers 202 Accepted. A 400
 * with `{ err, description }` (RFC 8935 section 2.4) refuses the notice for good.
 */
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { WalletSigningKey } from './wallet-keys';

/** The event type URI: the W3C Data Privacy Vocabulary's ConsentWithdrawn consent status. */
export const WITHDRAWAL_EVENT = 'https://w3id.org/dpv#ConsentWithdrawn';

/** The JWS `typ` of a Security Event Token (RFC 8417 section 2.3). */
export const SECEVENT_TYP = 'secevent+jwt';

/** The request media type of a pushed SET (RFC 8935 section 2). */
export const SECEVENT_CONTENT_TYPE = 'application/secevent+jwt';

/** What the withdrawal event says. */
export interface WithdrawalEvent {
  consentId: string;
  /** The OpenID4VP authorization request's nonce. */
  nonce: string;
  /** Its `state`, when it had one. */
  state?: string | undefined;
  purpose: string;
  withdrawnAt: Date;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * Signs a withdrawal notice for the verifier whose client_id is `audience`.
 * @returns the compact JWS.
 */
export function signWithdrawalNotice(options: {
  key: WalletSigningKey;
  audience: string;
  event: WithdrawalEvent;
  now: Date;
}): Promise<string> {
  const { key, event } = options;
  return new SignJWT({
    events: {
      [WITHDRAWAL_EVENT]: {
        consent_id: event.consentId,
        nonce: event.nonce,
        ...(event.state !== undefined ? { state: event.state } : {}),
        purpose: event.purpose,
        withdrawn_at: seconds(event.withdrawnAt),
      },
    },
  })
    .setProtectedHeader({ alg: 'EdDSA', typ: SECEVENT_TYP, kid: key.kid })
    .setIssuer(key.did)
    .setAudience(options.audience)
    .setIssuedAt(seconds(options.now))
    .setJti(randomUUID())
    .sign(key.privateKey);
}
