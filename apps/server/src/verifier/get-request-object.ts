/**
 * The signed request object a wallet fetches at request_uri (OpenID4VP 1.0 section 5.7 and
 * 5.10; RFC 9101 JAR): a JWS with header `alg: EdDSA`, `typ: oauth-authz-req+jwt`, `kid` = the
 * verifier's did:key DID URL, and the authorization request as its payload: client_id
 * ('decentralized_identifier:' + the verifier's DID), response_type vp_token, response_mode
 * direct_post, response_uri, nonce, state, dcql_query, client_metadata, aud
 * 'https://self-issued.me/v2', iat, exp (the request's expires_at) and, when the wallet sent
 * one by POST (request_uri_method=post), its wallet_nonce.
 */
import { SignJWT } from 'jose';
import type { ServiceDeps } from '../lib/deps';
import { loadVerifierSigningKey, verifierClientId } from '../lib/verifier-keys';
import { HOLDER_ALGS, ISSUER_ALGS } from '../lib/verify-sd-jwt-presentation';
import { responseUri } from './create-verifier-request';
import { findOpenVerifierRequest } from './find-open-verifier-request';

/** The request object's media type (RFC 9101 section 10.2). */
export const REQUEST_OBJECT_CONTENT_TYPE = 'application/oauth-authz-req+jwt';

/** OpenID4VP 1.0 section 5.8: the audience of a request object for any wallet. */
export const SELF_ISSUED_AUDIENCE = 'https://self-issued.me/v2';

/**
 * The verifier's metadata (OpenID4VP 1.0 section 5.1 client_metadata, section B.3.7): the
 * issuer and KB-JWT algorithms lib/verify-sd-jwt-presentation.ts accepts (EdDSA and ES256).
 */
export const CLIENT_METADATA = {
  vp_formats_supported: {
    'dc+sd-jwt': { 'sd-jwt_alg_values': [...ISSUER_ALGS], 'kb-jwt_alg_values': [...HOLDER_ALGS] },
  },
};

/**
 * The compact JWS of request `requestId`.
 * @param options.walletNonce the wallet's wallet_nonce (POST request_uri), echoed in the payload.
 * @throws {AppError} as findOpenVerifierRequest: unknown (404), answered by a holder already
 *   (409 request_already_answered: a second wallet that opens a used link learns so), expired
 *   (400).
 */
export async function getRequestObject(
  options: Pick<ServiceDeps, 'db' | 'vault' | 'now' | 'publicOrigin'> & {
    requestId: string;
    walletNonce?: string | undefined;
  },
): Promise<string> {
  const { request, verifier } = await findOpenVerifierRequest(options);
  const key = loadVerifierSigningKey(options.vault, verifier);
  return new SignJWT({
    client_id: verifierClientId(verifier.did),
    response_type: 'vp_token',
    response_mode: 'direct_post',
    response_uri: responseUri(options.publicOrigin, request.id),
    nonce: request.nonce,
    state: request.state,
    dcql_query: request.dcqlQuery,
    // purpose_code: which registered purpose this request is for, signed with the request, so
    // the wallet shows that purpose's text and retention (lib/verifier-registry.ts).
    client_metadata: { ...CLIENT_METADATA, purpose_code: request.purposeCode },
    ...(options.walletNonce ? { wallet_nonce: options.walletNonce } : {}),
  })
    .setProtectedHeader({ alg: 'EdDSA', typ: 'oauth-authz-req+jwt', kid: key.kid })
    .setIssuer(verifierClientId(verifier.did))
    .setAudience(SELF_ISSUED_AUDIENCE)
    .setIssuedAt(Math.floor(options.now().getTime() / 1000))
    .setExpirationTime(Math.floor(request.expiresAt.getTime() / 1000))
    .sign(key.privateKey);
}
