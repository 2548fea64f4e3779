/**
 * Turns a wallet link's parameters into one validated authorization request the consent screen
 * can show (OpenID4VP 1.0 sections 5 and 6; RFC 9101 JAR; docs/oid4vp.md "The wallet: what
 * requests it accepts").
 *
 * Client identifier prefixes (OpenID4VP 1.0 section 5.9.3):
 * - `redirect_uri:<response_uri>`: unsigned, by value in the link or by reference as an
 *   `alg: none` request object; the identifier must equal `response_uri`. Never `verified`: the
 *   holder is told the verifier's identity is not confirmed.
 * - `decentralized_identifier:did:key:…`: a request object (by reference or `request=`) signed by
 *   the did:key (Ed25519 or P-256), `typ: oauth-authz-req+jwt`, `kid` = that DID's verification
 *   method. `verified` when the signature holds AND the DID is a registered verifier.
 *
 * Why not @openid4vc/openid4vp's resolveOpenid4vpAuthorizationRequest: in 0.4.6 its
 * request_uri_method=post body sends the wallet metadata's fields flattened instead of
 * `wallet_metadata` + `wallet_nonce`; its URL checks read a process-wide `allowInsecureUrls`
 * (loopback http for development would open every other caller too); it refuses `alg: none`
 * request objects for redirect_uri; it leaves DCQL unvalidated; and its errors carry only OAuth
 * codes, so telling "expired" from "wrong kid" would mean matching message text (STYLE 6). So
 * this is zod + jose, reusing the library's client metadata schema.
 */

import { compactVerify, decodeJwt, decodeProtectedHeader, importJWK, type JWTPayload } from 'jose';
import type { z } from 'zod';
import { zClientMetadata } from '../openid4vc';
import { isLoopbackAddress } from './address-policy';
import { type DcqlQuery, zDcqlQuery } from './dcql';
import { didKeyToJwk } from './did-key-jwk';
import { isOid4vpError, Oid4vpError, REQUEST_UNAVAILABLE_MESSAGE } from './errors';
import { type FetchedRequestObject, fetchRequestObject } from './request-object';
import type { SafeFetchOptions } from './safe-fetch';
import type { ByReferenceRequestParams, WalletLinkParams } from './wallet-link';

/** The `aud` a request object may carry (OpenID4VP 1.0 5.8, static discovery). */
export const SELF_ISSUED_AUDIENCE = 'https://self-issued.me/v2';
/** The `typ` of a signed request object (OpenID4VP 1.0 5.10, RFC 9101 10.8). */
export const REQUEST_OBJECT_TYP = 'oauth-authz-req+jwt';

export type ClientIdPrefix = 'redirect_uri' | 'decentralized_identifier';
export type ClientMetadata = z.infer<typeof zClientMetadata>;

/** One validated authorization request. */
export interface AuthorizationRequest {
  /** The whole client_id, prefix included ('decentralized_identifier:did:key:z6Mk…'). */
  clientId: string;
  clientIdPrefix: ClientIdPrefix;
  /** The verifier's DID (decentralized_identifier only). */
  verifierDid?: string;
  /** The registered verifier's name, when `verified`. */
  verifierName?: string;
  /** The request came in a signed request object. */
  signed: boolean;
  /** Signature checked AND the DID is one of the product's registered verifiers. */
  verified: boolean;
  /** Where the answer is posted (direct_post). */
  responseUri: string;
  responseMode: 'direct_post';
  nonce: string;
  state?: string;
  dcqlQuery: DcqlQuery;
  clientMetadata?: ClientMetadata;
  /** The request object's `exp`, when it has one. */
  expiresAt?: Date;
}

/**
 * This server's own verifier, reached in process instead of over the network (its addresses are
 * on PUBLIC_ORIGIN, which may be plain http on loopback while loopback fetching is off).
 */
export interface InProcessVerifier {
  /**
   * A `fetch` standing in for the network for a `request_uri` this server serves itself (it gets
   * the very GET or POST the network would carry and answers as the route would); undefined for
   * any other URI, which is fetched through the SSRF-safe client.
   */
  requestObjectTransport(requestUri: string): typeof fetch | undefined;
  /** True for a `response_uri` this server receives in process (the answer never leaves it). */
  receivesResponseAt(responseUri: string): boolean;
}

/** How to resolve: the fetcher's SSRF options, the registered-verifier lookup and the clock. */
export interface ResolveAuthorizationRequestOptions extends SafeFetchOptions {
  /** The registered verifier organisation owning `did` (DECISIONS 7), or undefined. */
  isRegisteredVerifier: (did: string) => Promise<{ name: string } | undefined>;
  /** The clock for `exp` (default: the system clock). */
  now?: () => Date;
  /** This server's own verifier, when it hosts one (default: none; everything is fetched). */
  inProcess?: InProcessVerifier;
}

function fail(code: ConstructorParameters<typeof Oid4vpError>[0], message: string): never {
  throw new Oid4vpError(code, message);
}

const NOT_READABLE = 'The verifier sent a request Pehchaan cannot read.';

/** Splits the client_id into its prefix and identifier; only the two supported prefixes pass. */
function parseClientId(clientId: string): { prefix: ClientIdPrefix; identifier: string } {
  const colon = clientId.indexOf(':');
  const prefix = colon === -1 ? '' : clientId.slice(0, colon);
  const identifier = clientId.slice(colon + 1);
  if ((prefix === 'redirect_uri' || prefix === 'decentralized_identifier') && identifier !== '') {
    return { prefix, identifier };
  }
  return fail(
    'unsupported_client_id_prefix',
    'Pehchaan does not know how to check who this verifier is, so it cannot answer the request.',
  );
}

interface ReadRequestObject {
  payload: JWTPayload;
  signed: boolean;
}

/** Decodes and (for decentralized_identifier) verifies a request object. */
async function readRequestObject(
  jwt: string,
  client: { prefix: ClientIdPrefix; identifier: string },
): Promise<ReadRequestObject> {
  let header: ReturnType<typeof decodeProtectedHeader>;
  let payload: JWTPayload;
  try {
    header = decodeProtectedHeader(jwt);
    payload = decodeJwt(jwt);
  } catch {
    return fail('invalid_request_object', NOT_READABLE);
  }
  if (client.prefix === 'redirect_uri') {
    // OpenID4VP 1.0 5.9.3: with redirect_uri the request MUST NOT be signed.
    if (header.alg !== 'none' || !jwt.endsWith('.')) {
      fail('invalid_request_object', NOT_READABLE);
    }
    return { payload, signed: false };
  }
  if (header.alg === 'none' || jwt.endsWith('.')) {
    fail(
      'signature_required',
      "This verifier's request is not signed, so Pehchaan cannot trust it.",
    );
  }
  if (header.typ !== REQUEST_OBJECT_TYP) fail('invalid_request_object', NOT_READABLE);
  const key = didKeyToJwk(client.identifier);
  if (header.kid !== `${key.did}#${key.fragment}`) {
    fail('invalid_kid', "The verifier's request was signed with a key that is not its own.");
  }
  const algorithms = key.alg === 'EdDSA' ? ['EdDSA', 'Ed25519'] : ['ES256'];
  try {
    const publicKey = await importJWK(key.jwk, key.alg);
    await compactVerify(jwt, publicKey, { algorithms });
  } catch {
    fail('invalid_signature', "The verifier's signature on this request is not valid.");
  }
  return { payload, signed: true };
}

/**
 * Fetches a by-reference request object and checks that its header and payload decode. Every
 * failure becomes request_unavailable with one text for the holder, the real one kept as its
 * `cause` for the server log (an address refused, a closed port and a bad body answer alike);
 * only a verifier's word that the link was used (request_already_answered) passes through.
 */
async function obtainRequestObject(
  params: ByReferenceRequestParams,
  options: ResolveAuthorizationRequestOptions,
): Promise<FetchedRequestObject> {
  try {
    const transport = options.inProcess?.requestObjectTransport(params.request_uri);
    const fetched = await fetchRequestObject(params.request_uri, {
      ...options,
      method: params.request_uri_method,
      ...(transport ? { fetch: transport } : {}),
    });
    try {
      decodeProtectedHeader(fetched.requestObject);
      decodeJwt(fetched.requestObject);
    } catch (error) {
      throw new Oid4vpError('invalid_request_object', NOT_READABLE, { cause: error });
    }
    return fetched;
  } catch (error) {
    if (isOid4vpError(error, 'request_already_answered')) throw error;
    throw new Oid4vpError('request_unavailable', REQUEST_UNAVAILABLE_MESSAGE, { cause: error });
  }
}

/**
 * response_uri rules: https, http to a loopback host when allowLoopback, or an address this
 * server's own verifier receives in process.
 */
function checkResponseUri(
  value: unknown,
  allowLoopback: boolean,
  inProcess: InProcessVerifier | undefined,
): string {
  const message = 'The verifier did not give a safe address for the answer.';
  if (typeof value !== 'string') return fail('invalid_response_uri', message);
  if (inProcess?.receivesResponseAt(value)) return value;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return fail('invalid_response_uri', message);
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const loopback = host === 'localhost' || isLoopbackAddress(host);
  if (url.protocol === 'https:' || (url.protocol === 'http:' && allowLoopback && loopback)) {
    return value;
  }
  return fail('invalid_response_uri', message);
}

/**
 * Resolves the link's parameters (parseWalletLink) into one validated AuthorizationRequest:
 * fetches a by-reference request object (request-object.ts, with the same SSRF options, or in
 * process through `inProcess` when this server serves it), checks its signature and claims, then
 * the OpenID4VP rules and the DCQL query.
 * @throws {Oid4vpError} with one of: unsupported_client_id_prefix (no or unknown prefix),
 *   unsupported_did_method (a DID other than did:key, or an unsupported key type),
 *   signature_required (decentralized_identifier without a signed request object),
 *   invalid_request_object (unreadable, wrong typ, a signed redirect_uri object, nested request),
 *   invalid_kid, invalid_signature, request_expired (exp at or before now), invalid_audience
 *   (aud other than https://self-issued.me/v2), client_id_mismatch (object vs link),
 *   wallet_nonce_mismatch, missing_nonce, unsupported_response_type (not vp_token),
 *   unsupported_response_mode (not direct_post), invalid_response_uri (not https, loopback http
 *   without allowLoopback and not this server's own, or redirect_uri identifier differing from
 *   it), invalid_dcql_query (missing or not OpenID4VP 1.0 section 6 for dc+sd-jwt),
 *   invalid_authorization_request (other parameters: state, client_metadata,
 *   presentation_definition, transaction_data); for a request_uri, request_unavailable (any
 *   failure to obtain a readable request object; the fetcher's code is its `cause`) or
 *   request_already_answered.
 */
export async function resolveAuthorizationRequest(
  params: WalletLinkParams,
  options: ResolveAuthorizationRequestOptions,
): Promise<AuthorizationRequest> {
  const client = parseClientId(params.client_id);
  if (client.prefix === 'decentralized_identifier') {
    try {
      didKeyToJwk(client.identifier);
    } catch {
      fail(
        'unsupported_did_method',
        'This verifier uses a kind of identity Pehchaan cannot check yet, so it cannot answer the request.',
      );
    }
  }
  const now = (options.now ?? (() => new Date()))();

  let fields: Record<string, unknown>;
  let signed = false;
  let expiresAt: Date | undefined;
  const requestObject =
    params.kind === 'by_reference'
      ? await obtainRequestObject(params, options)
      : params.request === undefined
        ? undefined
        : { requestObject: params.request };

  if (requestObject) {
    const read = await readRequestObject(requestObject.requestObject, client);
    const { payload } = read;
    signed = read.signed;
    if (payload.client_id !== params.client_id) {
      fail('client_id_mismatch', 'The request does not come from the verifier the link names.');
    }
    if (payload.exp !== undefined) {
      if (typeof payload.exp !== 'number') fail('invalid_request_object', NOT_READABLE);
      expiresAt = new Date(payload.exp * 1000);
      if (expiresAt.getTime() <= now.getTime()) {
        fail('request_expired', 'This request has expired. Ask the verifier for a new one.');
      }
    }
    if (payload.aud !== undefined) {
      const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
      if (audiences.length !== 1 || audiences[0] !== SELF_ISSUED_AUDIENCE) {
        fail('invalid_audience', 'This request is addressed to another wallet.');
      }
    }
    const walletNonce = 'walletNonce' in requestObject ? requestObject.walletNonce : undefined;
    if (walletNonce !== undefined && payload.wallet_nonce !== walletNonce) {
      fail(
        'wallet_nonce_mismatch',
        "The verifier's request does not answer Pehchaan's own check. Ask the verifier for a new link.",
      );
    }
    if ('request' in payload || 'request_uri' in payload)
      fail('invalid_request_object', NOT_READABLE);
    fields = payload;
  } else {
    if (client.prefix === 'decentralized_identifier') {
      fail(
        'signature_required',
        "This verifier's request is not signed, so Pehchaan cannot trust it.",
      );
    }
    const { kind: _kind, ...byValue } = params;
    fields = byValue;
  }

  if (fields.response_type !== 'vp_token') {
    fail(
      'unsupported_response_type',
      'This verifier asks for something other than credentials, which Pehchaan does not answer.',
    );
  }
  if (fields.response_mode !== 'direct_post') {
    fail(
      'unsupported_response_mode',
      'This verifier wants the answer in a way Pehchaan does not support.',
    );
  }
  if (typeof fields.nonce !== 'string' || fields.nonce === '') {
    fail(
      'missing_nonce',
      'This request lacks the one-time code that protects your answer from being replayed.',
    );
  }
  const responseUri = checkResponseUri(
    fields.response_uri,
    options.allowLoopback,
    options.inProcess,
  );
  if (client.prefix === 'redirect_uri' && client.identifier !== responseUri) {
    fail('invalid_response_uri', 'The verifier did not give a safe address for the answer.');
  }
  if (fields.state !== undefined && typeof fields.state !== 'string') {
    fail('invalid_authorization_request', NOT_READABLE);
  }
  if (
    fields.presentation_definition !== undefined ||
    fields.presentation_definition_uri !== undefined
  ) {
    fail(
      'invalid_authorization_request',
      'This verifier uses an older kind of request Pehchaan does not answer.',
    );
  }
  if (fields.transaction_data !== undefined) {
    // OpenID4VP 1.0 8.4: a wallet that cannot show and bind the transaction data must refuse.
    fail(
      'invalid_authorization_request',
      'This request asks you to confirm a transaction, which Pehchaan cannot do yet.',
    );
  }
  let rawQuery = fields.dcql_query;
  if (typeof rawQuery === 'string') {
    try {
      rawQuery = JSON.parse(rawQuery);
    } catch {
      rawQuery = undefined;
    }
  }
  const dcql = zDcqlQuery.safeParse(rawQuery);
  if (!dcql.success) {
    fail(
      'invalid_dcql_query',
      'Pehchaan cannot tell which credentials this verifier is asking for.',
    );
  }
  let clientMetadata: ClientMetadata | undefined;
  if (fields.client_metadata !== undefined) {
    const parsed = zClientMetadata.safeParse(fields.client_metadata);
    if (!parsed.success) fail('invalid_authorization_request', NOT_READABLE);
    clientMetadata = parsed.data;
  }

  const verifierDid = client.prefix === 'decentralized_identifier' ? client.identifier : undefined;
  const registered =
    signed && verifierDid ? await options.isRegisteredVerifier(verifierDid) : undefined;
  return {
    clientId: params.client_id,
    clientIdPrefix: client.prefix,
    ...(verifierDid ? { verifierDid } : {}),
    ...(registered ? { verifierName: registered.name } : {}),
    signed,
    verified: registered !== undefined,
    responseUri,
    responseMode: 'direct_post',
    nonce: fields.nonce as string,
    ...(typeof fields.state === 'string' ? { state: fields.state } : {}),
    dcqlQuery: dcql.data,
    ...(clientMetadata ? { clientMetadata } : {}),
    ...(expiresAt ? { expiresAt } : {}),
  };
}
