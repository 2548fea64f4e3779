/**
 * POST /oid4vci/issuers/{slug}/credential: the credential endpoint (OpenID4VCI 1.0 section 8)
 * of one of the product's issuers.
 *
 * Input: { ...deps, issuer (from the path), authorization (the Bearer access token of the token
 * endpoint), request: { credential_configuration_id, proofs: { jwt: [one key proof] } } }.
 * The key proof (appendix F.1) is a JWT with header { typ: 'openid4vci-proof+jwt', alg: ES256
 * or EdDSA (EdDSA only for an ldp_vc configuration: its binding is an Ed25519 did:key), jwk: the
 * public key to bind }, signed by that `jwk`, with payload { aud: the Credential Issuer
 * Identifier, iat: at most PROOF_MAX_AGE_SECONDS old (PROOF_CLOCK_TOLERANCE_SECONDS ahead), nonce:
 * a live c_nonce of this issuer's nonce endpoint, consumed here }.
 * Output: 200 { credentials: [{ credential }], notification_id } (sign-offered-credential.ts has
 * the credential's shape), or, for an offer made deferred, 202 { transaction_id, interval } (the
 * deferred credential endpoint answers it later).
 * Each configuration of an offer is issued once; the issuance is kept (oid4vci_issuances: the
 * bound key, when it was delivered, the notification id and event) but not the credential: it is
 * signed here and answered at once, so once delivered the issuer has no use for a copy and keeps
 * none (a deferred one is signed when the deferred endpoint delivers it).
 *
 * Errors (Oid4vciError): invalid_token (401); invalid_credential_request (no
 * credential_configuration_id); unknown_credential_configuration (not one the offer names);
 * invalid_proof (no proof, more than one, a wrong typ or alg, no jwk or a private one, a bad
 * signature, another aud, a stale iat, no nonce); invalid_nonce (an unknown, used or expired
 * c_nonce); credential_request_denied (that configuration was already issued for the offer).
 * Nothing is issued on any error.
 */
import { hash, randomBytes } from 'node:crypto';
import { credentialIssuerIdentifier, type IssuerName } from '@pehchaan/core';
import { lte, sql } from 'drizzle-orm';
import { decodeProtectedHeader, importJWK, type JWK, jwtVerify } from 'jose';
import { type Oid4vciOfferRow, oid4vciIssuances, oid4vciNonces } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { prepared } from '../lib/prepared';
import { authenticateOffer } from './authenticate-access-token';
import {
  hashNonce,
  liveNonceExpiry,
  NONCE_SWEEP_INTERVAL_MS,
  USED_NONCE_GRACE_MS,
} from './create-credential-nonce';
import { offerClaimsAad } from './create-credential-offer';
import {
  Oid4vciError,
  PROOF_CLOCK_TOLERANCE_SECONDS,
  PROOF_JWT_TYP,
  PROOF_MAX_AGE_SECONDS,
  PROOF_SIGNING_ALGS,
  parseConfigurationId,
} from './oid4vci';
import { signOfferedCredential } from './sign-offered-credential';

export interface CredentialRequest {
  credential_configuration_id?: string | undefined;
  credential_identifier?: string | undefined;
  proofs?: { jwt?: string[] | undefined } | undefined;
}

/** The 200 answer (OpenID4VCI 1.0 section 8.3). */
export interface IssuedCredentialResponse {
  credentials: { credential: string | Record<string, unknown> }[];
  notification_id: string;
}

/** The 202 answer of a deferred issuance (section 8.3). */
export interface DeferredCredentialResponse {
  transaction_id: string;
  /** Seconds the wallet should wait before polling the deferred credential endpoint. */
  interval: number;
}

/** SHA-256 (hex) of a transaction id: the only form it is stored in. */
export const hashTransactionId = (id: string) => hash('sha256', id, 'hex');

/** The public members of a JWK by key type: what is bound and stored (no `d`, no extras). */
function publicMembers(jwk: Record<string, unknown>): Record<string, string> | undefined {
  const pick = (names: string[]) => {
    const out: Record<string, string> = {};
    for (const name of names) {
      if (typeof jwk[name] !== 'string') return undefined;
      out[name] = jwk[name] as string;
    }
    return out;
  };
  if (jwk.kty === 'OKP' && jwk.crv === 'Ed25519') return pick(['kty', 'crv', 'x']);
  if (jwk.kty === 'EC' && jwk.crv === 'P-256') return pick(['kty', 'crv', 'x', 'y']);
  return undefined;
}

/**
 * Verifies one key proof for `audience`; answers the bound public JWK and the proof's nonce.
 * @throws {Oid4vciError} invalid_proof (see the module comment).
 */
export async function verifyKeyProof(options: {
  jwt: string;
  audience: string;
  algorithms: readonly string[];
  now: Date;
}): Promise<{ jwk: Record<string, string>; nonce: string }> {
  const invalid = (why: string) => new Oid4vciError('invalid_proof', why);
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(options.jwt);
  } catch {
    throw invalid('The key proof is not a JWT.');
  }
  if (header.typ !== PROOF_JWT_TYP) throw invalid(`The key proof's typ must be ${PROOF_JWT_TYP}.`);
  if (typeof header.alg !== 'string' || !options.algorithms.includes(header.alg)) {
    throw invalid(`The key proof must be signed with ${options.algorithms.join(' or ')}.`);
  }
  if (header.kid !== undefined || header.x5c !== undefined) {
    throw invalid('The key proof names its key by jwk only (no kid or x5c).');
  }
  const jwk = header.jwk ? publicMembers(header.jwk as Record<string, unknown>) : undefined;
  if (!jwk || (header.jwk as Record<string, unknown>).d !== undefined) {
    throw invalid('The key proof needs the public jwk (Ed25519 or P-256) of the key to bind.');
  }
  const keyMatchesAlg = header.alg === 'EdDSA' ? jwk.kty === 'OKP' : jwk.kty === 'EC';
  if (!keyMatchesAlg) throw invalid('The key proof’s alg does not fit its jwk.');
  let payload: Record<string, unknown>;
  try {
    const key = await importJWK(jwk as JWK, header.alg);
    ({ payload } = await jwtVerify(options.jwt, key, {
      typ: PROOF_JWT_TYP,
      algorithms: [...options.algorithms],
      audience: options.audience,
      currentDate: options.now,
      maxTokenAge: PROOF_MAX_AGE_SECONDS,
      clockTolerance: PROOF_CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ['iat', 'aud'],
    }));
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'ERR_JWT_CLAIM_VALIDATION_FAILED') {
      const claim = (error as { claim?: unknown }).claim;
      if (claim === 'aud') throw invalid('The key proof is for another credential issuer (aud).');
      throw invalid('The key proof is too old, from the future or misses iat.');
    }
    if (code === 'ERR_JWT_EXPIRED') throw invalid('The key proof has expired.');
    throw invalid('The key proof’s signature does not verify with its jwk.');
  }
  if (
    typeof payload.iat === 'number' &&
    payload.iat > options.now.getTime() / 1000 + PROOF_CLOCK_TOLERANCE_SECONDS
  ) {
    throw invalid('The key proof is from the future (iat).');
  }
  if (typeof payload.nonce !== 'string' || payload.nonce === '') {
    throw invalid('The key proof has no nonce: get a c_nonce from the nonce endpoint.');
  }
  return { jwk, nonce: payload.nonce };
}

/** When used nonces were last swept, per database (the app clock's epoch ms). */
const lastSweep = new WeakMap<object, number>();

/**
 * Consumes a c_nonce of `issuer` (create-credential-nonce.ts): checks it is one this server made
 * for the issuer and still live, then records it as used (one INSERT; a used one is refused).
 * @throws {Oid4vciError} invalid_nonce when it is unknown, altered, used or expired.
 */
export async function consumeNonce(
  options: Pick<ServiceDeps, 'db' | 'vault'> & { issuer: IssuerName; nonce: string; now: Date },
): Promise<void> {
  const refused = () =>
    new Oid4vciError(
      'invalid_nonce',
      'The c_nonce is unknown, used or expired: get a new one from the nonce endpoint.',
    );
  const expiresAt = liveNonceExpiry(options.vault, options.issuer, options.nonce, options.now);
  if (!expiresAt) throw refused();
  const nowMs = options.now.getTime();
  const last = lastSweep.get(options.db);
  if (last === undefined || nowMs - last >= NONCE_SWEEP_INTERVAL_MS || nowMs < last) {
    lastSweep.set(options.db, nowMs);
    await options.db
      .delete(oid4vciNonces)
      .where(lte(oid4vciNonces.expiresAt, new Date(nowMs - USED_NONCE_GRACE_MS)));
  }
  const [used] = await prepared(options.db, 'consume_credential_nonce', (handle) =>
    handle
      .insert(oid4vciNonces)
      .values({
        nonceHash: sql.placeholder('nonceHash'),
        issuer: sql.placeholder('issuer'),
        expiresAt: sql.placeholder('expiresAt'),
      })
      .onConflictDoNothing()
      .returning({ nonceHash: oid4vciNonces.nonceHash })
      .prepare('consume_credential_nonce'),
  ).execute({ nonceHash: hashNonce(options.nonce), issuer: options.issuer, expiresAt });
  if (!used) throw refused();
}

/** The offer's claims, decrypted. */
export function offerClaimsOf(
  options: Pick<ServiceDeps, 'vault'>,
  offer: Oid4vciOfferRow,
): Record<string, unknown> {
  return JSON.parse(options.vault.decrypt(offer.claimsCiphertext, offerClaimsAad(offer.id)));
}

export async function issueOfferedCredential(
  options: ServiceDeps & {
    issuer: IssuerName;
    authorization: string | undefined;
    request: CredentialRequest;
  },
): Promise<
  | { status: 200; body: IssuedCredentialResponse }
  | { status: 202; body: DeferredCredentialResponse }
> {
  const { db, request } = options;
  // The offer and its credential's status entry (one statement).
  const { offer, status } = await authenticateOffer(options);
  const configurationId = request.credential_configuration_id;
  if (!configurationId) {
    throw new Oid4vciError(
      'invalid_credential_request',
      'Name the credential with credential_configuration_id.',
    );
  }
  const configuration = parseConfigurationId(configurationId);
  if (!configuration || !offer.configurationIds.includes(configurationId)) {
    throw new Oid4vciError(
      'unknown_credential_configuration',
      'This offer does not include a credential of that configuration.',
    );
  }
  const proofs = request.proofs?.jwt ?? [];
  const [proof] = proofs;
  if (proof === undefined || proofs.length !== 1) {
    throw new Oid4vciError('invalid_proof', 'Send exactly one key proof in proofs.jwt.');
  }
  const now = options.now();
  const { jwk, nonce } = await verifyKeyProof({
    jwt: proof,
    audience: credentialIssuerIdentifier(options.publicOrigin, options.issuer),
    algorithms: configuration.format === 'ldp_vc' ? ['EdDSA'] : PROOF_SIGNING_ALGS,
    now,
  });
  await consumeNonce({ db, vault: options.vault, issuer: options.issuer, nonce, now });

  const id = randomBytes(16).toString('base64url');
  const notificationId = randomBytes(16).toString('base64url');
  const deferred = offer.deferredSeconds !== null;
  const transactionId = deferred ? randomBytes(32).toString('base64url') : undefined;
  const credential = deferred
    ? undefined
    : await signOfferedCredential({
        ...options,
        type: configuration.type,
        format: configuration.format,
        claims: offerClaimsOf(options, offer),
        holderJwk: jwk,
        now,
        status,
      });
  const issuance = {
    id,
    offerId: offer.id,
    configurationId,
    holderJwk: jwk,
    notificationId,
    createdAt: now,
  };
  const [stored] =
    transactionId === undefined
      ? // Delivered in this answer: no copy is kept (see the module docs).
        await prepared(db, 'insert_delivered_issuance', (handle) =>
          handle
            .insert(oid4vciIssuances)
            .values({
              id: sql.placeholder('id'),
              offerId: sql.placeholder('offerId'),
              configurationId: sql.placeholder('configurationId'),
              holderJwk: sql.placeholder('holderJwk'),
              credentialCiphertext: null,
              transactionIdHash: null,
              readyAt: null,
              notificationId: sql.placeholder('notificationId'),
              createdAt: sql.placeholder('createdAt'),
              deliveredAt: sql.placeholder('createdAt'),
            })
            .onConflictDoNothing()
            .returning({ id: oid4vciIssuances.id })
            .prepare('insert_delivered_issuance'),
        ).execute(issuance)
      : await db
          .insert(oid4vciIssuances)
          .values({
            ...issuance,
            credentialCiphertext: null,
            transactionIdHash: hashTransactionId(transactionId),
            readyAt: new Date(now.getTime() + (offer.deferredSeconds ?? 0) * 1000),
            deliveredAt: null,
          })
          .onConflictDoNothing()
          .returning({ id: oid4vciIssuances.id });
  if (!stored) {
    throw new Oid4vciError(
      'credential_request_denied',
      'This credential was already issued for this offer.',
    );
  }
  if (transactionId !== undefined) {
    return {
      status: 202,
      body: { transaction_id: transactionId, interval: Math.max(1, offer.deferredSeconds ?? 0) },
    };
  }
  return {
    status: 200,
    body: { credentials: [{ credential: credential as string }], notification_id: notificationId },
  };
}
