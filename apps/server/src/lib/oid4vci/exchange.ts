/**
 * The wallet's half of the OpenID4VCI 1.0 pre-authorized code flow, one request each, all over
 * the SSRF-safe client (issuer-http.ts):
 * - `requestAccessToken`: the Token Request (section 6.1: grant_type pre-authorized_code, the
 *   code and the holder's `tx_code`), form-encoded; an `invalid_grant` answer (6.3) is read by
 *   `invalidGrantError`: for an offer that came by reference the wallet asks the issuer for it
 *   again, and an offer no longer there (404, 410, no answer) is over (offer_expired); else a
 *   wrong transaction code when one was sent (tx_code_invalid), else an offer the issuer no
 *   longer honours (offer_used, or issuer_refused when it still serves the offer). Any other
 *   error answer is issuer_refused.
 * - `requestNonce`: the Nonce Endpoint (section 7: POST, answers `c_nonce`).
 * - `makeProofJwt`: the `jwt` proof of possession (Appendix F.1: header typ
 *   'openid4vci-proof+jwt', alg, the public `jwk`; payload aud = the Credential Issuer
 *   Identifier, iat, nonce = c_nonce), signed by the holder's key.
 * - `requestCredential`: the Credential Request (section 8.2: `credential_configuration_id`, or
 *   the `credential_identifier` the Token Response gave (authorization code flow),
 *   `proofs: { jwt: [...] }`, Bearer access token) and its answer: issued credentials (8.3, also
 *   the draft-13 single `credential`), deferred (`transaction_id`, 202), or an error code
 *   (`invalid_nonce`, `invalid_proof`, ... 8.3.1.2).
 * - `requestDeferredCredential`: the Deferred Credential Request (section 9: `transaction_id`).
 * - `notifyIssuer`: the Notification Endpoint (section 11: `credential_accepted`,
 *   `credential_deleted`, `credential_failure`); best effort, never throws.
 */
import { AppError } from '../errors';
import type { HolderSigningKey } from '../holder-keys';
import { callIssuer, type IssuerHttpOptions } from './issuer-http';
import { PRE_AUTHORIZED_GRANT } from './offer';
import { MAX_ISSUED_CREDENTIAL_BYTES } from './verify-issued-sd-jwt';

/** The `typ` of an OpenID4VCI key proof JWT (Appendix F.1). */
export const PROOF_JWT_TYP = 'openid4vci-proof+jwt';

function oauthError(body: unknown): string | undefined {
  const error = (body as { error?: unknown } | undefined)?.error;
  return typeof error === 'string' ? error : undefined;
}

function refused(what: string, error: string | undefined): AppError {
  return new AppError(
    'issuer_refused',
    `The issuer refused ${what}${error ? ` (${error.slice(0, 60)})` : ''}. Try again later or ask the issuer for a new offer.`,
  );
}

/**
 * The Token Request of the pre-authorized code flow.
 * @returns the access token and, from older issuers, a c_nonce.
 * @throws AppError tx_code_invalid, offer_expired, offer_used, issuer_refused (invalidGrantError),
 *   issuer_refused, issuer_unreachable, issuer_address_refused.
 */
export async function requestAccessToken(options: {
  tokenEndpoint: string;
  preAuthorizedCode: string;
  txCode: string | undefined;
  /** The offer's `credential_offer_uri` when it came by reference (asked again on invalid_grant). */
  offerUri?: string | undefined;
  http: IssuerHttpOptions;
}): Promise<{ accessToken: string; cNonce: string | undefined }> {
  const form: Record<string, string> = {
    grant_type: PRE_AUTHORIZED_GRANT,
    'pre-authorized_code': options.preAuthorizedCode,
  };
  if (options.txCode !== undefined) form.tx_code = options.txCode;
  const answer = await callIssuer(options.tokenEndpoint, { body: { form } }, options.http);
  if (answer.status !== 200) {
    const error = oauthError(answer.body);
    if (error === 'invalid_grant') throw await invalidGrantError(options);
    throw refused('to give Pehchaan access', error);
  }
  const body = answer.body as { access_token?: unknown; c_nonce?: unknown } | undefined;
  if (typeof body?.access_token !== 'string' || body.access_token === '') {
    throw new AppError('issuer_unreachable', 'The issuer answered without an access token.');
  }
  return {
    accessToken: body.access_token,
    cNonce: typeof body.c_nonce === 'string' ? body.c_nonce : undefined,
  };
}

/** The holder's words when the issuer has ended the offer: ask for a new one. */
export const OFFER_ENDED_DETAIL =
  'The issuer has ended this offer (it expired, was already used, or too many wrong codes were typed). Ask the issuer for a new one.';

/**
 * Whether the issuer still serves an offer at its `credential_offer_uri` (OpenID4VCI 1.0
 * section 4.1.3): false when it answers 404 or 410 (the product's issuers answer 410 for an
 * offer expired, redeemed or ended by wrong codes), another error status, or not at all.
 * Never throws.
 */
export async function offerStillServed(uri: string, http: IssuerHttpOptions): Promise<boolean> {
  try {
    const answer = await callIssuer(uri, { method: 'GET' }, http);
    return answer.status === 200 && typeof answer.body === 'object' && answer.body !== null;
  } catch {
    return false;
  }
}

/**
 * The error of an `invalid_grant` Token Error Response (RFC 6749 5.2; OpenID4VCI 1.0 6.3) for a
 * pre-authorized code. The answer alone cannot tell a wrong transaction code from an offer the
 * issuer ended (expired, used, too many wrong codes), so an offer that came by reference is asked
 * for again: not served any more -> offer_expired (410; retrying cannot succeed). Otherwise
 * tx_code_invalid when the holder sent a code (they may type it again), else offer_used (by
 * value: nothing to ask) or issuer_refused (the offer is still served yet its code refused).
 */
export async function invalidGrantError(options: {
  txCode: string | undefined;
  offerUri?: string | undefined;
  http: IssuerHttpOptions;
}): Promise<AppError> {
  if (options.offerUri !== undefined && !(await offerStillServed(options.offerUri, options.http))) {
    return new AppError('offer_expired', OFFER_ENDED_DETAIL);
  }
  if (options.txCode !== undefined) {
    return new AppError(
      'tx_code_invalid',
      'The issuer did not accept this code. Check the code the issuer sent you and type it again.',
    );
  }
  if (options.offerUri !== undefined) return refused('this offer', 'invalid_grant');
  return new AppError(
    'offer_used',
    'The issuer no longer accepts this offer: it was already used or has ended. Ask the issuer for a new one.',
  );
}

/**
 * A fresh c_nonce from the Nonce Endpoint.
 * @throws AppError issuer_refused, issuer_unreachable, issuer_address_refused.
 */
export async function requestNonce(
  nonceEndpoint: string,
  http: IssuerHttpOptions,
): Promise<string> {
  const answer = await callIssuer(nonceEndpoint, { method: 'POST' }, http);
  const nonce = (answer.body as { c_nonce?: unknown } | undefined)?.c_nonce;
  if (answer.status !== 200) throw refused('a nonce', oauthError(answer.body));
  if (typeof nonce !== 'string' || nonce === '') {
    throw new AppError('issuer_unreachable', 'The issuer answered without a nonce.');
  }
  return nonce;
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

/** A compact JWS `jwt` key proof (see the module docs). `nonce` omitted when the issuer has none. */
export function makeProofJwt(options: {
  key: HolderSigningKey;
  audience: string;
  nonce: string | undefined;
  now: Date;
}): string {
  const header = { alg: options.key.alg, typ: PROOF_JWT_TYP, jwk: { ...options.key.publicJwk } };
  const payload = {
    aud: options.audience,
    iat: Math.floor(options.now.getTime() / 1000),
    ...(options.nonce === undefined ? {} : { nonce: options.nonce }),
  };
  const signingInput = `${b64(header)}.${b64(payload)}`;
  return `${signingInput}.${options.key.sign(signingInput)}`;
}

/** The Credential Response as the wallet reads it. */
export type CredentialAnswer =
  | { kind: 'issued'; credentials: string[]; notificationId: string | undefined }
  | { kind: 'deferred'; transactionId: string; interval: number | undefined }
  | { kind: 'error'; error: string | undefined };

/**
 * The Credential Request of one configuration with one proof.
 * @throws AppError credential_too_large (a body over 4 credentials' worth), issuer_unreachable,
 *   issuer_address_refused, credential_rejected (a credential that is neither a string nor a
 *   JSON object; an object, ldp_vc, is answered as its JSON text).
 */
export async function requestCredential(options: {
  credentialEndpoint: string;
  accessToken: string;
  configurationId: string;
  /** The Token Response's credential identifier (6.2), named instead of the configuration (8.2). */
  credentialIdentifier?: string | undefined;
  proof: string;
  http: IssuerHttpOptions;
}): Promise<CredentialAnswer> {
  const answer = await callIssuer(
    options.credentialEndpoint,
    {
      body: {
        json: {
          ...(options.credentialIdentifier === undefined
            ? { credential_configuration_id: options.configurationId }
            : { credential_identifier: options.credentialIdentifier }),
          proofs: { jwt: [options.proof] },
        },
      },
      headers: { authorization: `Bearer ${options.accessToken}` },
      maxBytes: 4 * MAX_ISSUED_CREDENTIAL_BYTES + 4096,
      tooLarge: new AppError(
        'credential_too_large',
        'The issuer sent a credential larger than 64 KiB, which Pehchaan does not store.',
      ),
    },
    options.http,
  );
  return readCredentialAnswer(answer);
}

/**
 * One credential of a Credential Response as text: an SD-JWT as sent, a W3C Data Integrity
 * credential (ldp_vc: a JSON object) as its JSON text, members in the order the issuer sent them.
 * @throws AppError credential_rejected (anything else).
 */
function issuedCredentialText(credential: unknown): string {
  if (typeof credential === 'string') return credential;
  if (typeof credential === 'object' && credential !== null && !Array.isArray(credential)) {
    return JSON.stringify(credential);
  }
  throw new AppError(
    'credential_rejected',
    "The issuer's credential was not accepted: it is not in a format Pehchaan stores.",
  );
}

/**
 * Reads a Credential Response (8.3) or Deferred Credential Response (9.2): issued credentials,
 * still deferred (202 or a `transaction_id`), or an error code.
 * @throws AppError issuer_unreachable (no credential), credential_rejected (neither an SD-JWT
 *   string nor a JSON object).
 */
function readCredentialAnswer(answer: { status: number; body: unknown }): CredentialAnswer {
  const body = answer.body as
    | {
        credentials?: unknown;
        credential?: unknown;
        transaction_id?: unknown;
        interval?: unknown;
        notification_id?: unknown;
      }
    | undefined;
  if (answer.status !== 200 && answer.status !== 202) {
    return { kind: 'error', error: oauthError(answer.body) };
  }
  if (typeof body?.transaction_id === 'string' && body.transaction_id !== '') {
    return {
      kind: 'deferred',
      transactionId: body.transaction_id,
      interval: typeof body.interval === 'number' ? body.interval : undefined,
    };
  }
  const list = Array.isArray(body?.credentials)
    ? body.credentials.map((entry) => (entry as { credential?: unknown } | null)?.credential)
    : body?.credential !== undefined
      ? [body.credential]
      : [];
  if (list.length === 0) {
    throw new AppError('issuer_unreachable', 'The issuer answered without a credential.');
  }
  return {
    kind: 'issued',
    credentials: list.map(issuedCredentialText),
    notificationId: typeof body?.notification_id === 'string' ? body.notification_id : undefined,
  };
}

/**
 * The Deferred Credential Request (OpenID4VCI 1.0 section 9: `transaction_id`, the access token
 * of the original exchange) and its answer, read as requestCredential's.
 * @throws as requestCredential.
 */
export async function requestDeferredCredential(options: {
  deferredCredentialEndpoint: string;
  accessToken: string;
  transactionId: string;
  http: IssuerHttpOptions;
}): Promise<CredentialAnswer> {
  const answer = await callIssuer(
    options.deferredCredentialEndpoint,
    {
      body: { json: { transaction_id: options.transactionId } },
      headers: { authorization: `Bearer ${options.accessToken}` },
      maxBytes: 4 * MAX_ISSUED_CREDENTIAL_BYTES + 4096,
      tooLarge: new AppError(
        'credential_too_large',
        'The issuer sent a credential larger than 64 KiB, which Pehchaan does not store.',
      ),
    },
    options.http,
  );
  return readCredentialAnswer(answer);
}

/** The events a wallet tells an issuer (OpenID4VCI 1.0 section 11.1). */
export type NotificationEvent = 'credential_accepted' | 'credential_deleted' | 'credential_failure';

/**
 * Tells the issuer's Notification Endpoint what became of a credential. Best effort: a failure
 * (unreachable, an error answer, an expired access token) is ignored, as section 11 allows.
 */
export async function notifyIssuer(options: {
  notificationEndpoint: string;
  accessToken: string;
  notificationId: string;
  event: NotificationEvent;
  http: IssuerHttpOptions;
}): Promise<void> {
  try {
    await callIssuer(
      options.notificationEndpoint,
      {
        body: { json: { notification_id: options.notificationId, event: options.event } },
        headers: { authorization: `Bearer ${options.accessToken}` },
      },
      options.http,
    );
  } catch {
    // Section 11: the issuer cannot depend on notifications; nothing to undo.
  }
}
