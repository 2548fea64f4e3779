/**
 * The wallet's OpenID4VP 1.0 transport layer (DECISIONS 7; docs/oid4vp.md "The wallet: what
 * requests it accepts"): read a verifier's link, fetch and check its request without being
 * turned against the server's network, and post the holder's answer. No routes, no storage:
 * services call these.
 *
 * parseWalletLink → resolveAuthorizationRequest (→ fetchRequestObject → safeFetch) →
 * describeRequest (consent screen) → sendAuthorizationResponse (→ safeFetch).
 */
export { isAllowedAddress, isLoopbackAddress } from './address-policy';
export * from './dcql';
export {
  type DcqlCandidate,
  findMatchingCredential,
  matchesCredentialQuery,
  SD_JWT_VC_FORMATS,
  valuesAtPath,
} from './dcql-match';
export {
  type DescribedClaim,
  type DescribedCredential,
  describeRequest,
} from './describe-request';
export { type DidKeyJwk, didKeyToJwk } from './did-key-jwk';
export {
  isOid4vpError,
  OID4VP_ERROR_CODES,
  Oid4vpError,
  type Oid4vpErrorCode,
  REQUEST_UNAVAILABLE_MESSAGE,
} from './errors';
export {
  type FetchedRequestObject,
  type FetchRequestObjectOptions,
  fetchRequestObject,
  REQUEST_OBJECT_CONTENT_TYPE,
} from './request-object';
export {
  type AuthorizationRequest,
  type ClientIdPrefix,
  type ClientMetadata,
  type InProcessVerifier,
  REQUEST_OBJECT_TYP,
  type ResolveAuthorizationRequestOptions,
  resolveAuthorizationRequest,
  SELF_ISSUED_AUDIENCE,
} from './resolve-request';
export {
  createSafeFetch,
  DEFAULT_MAX_BYTES,
  DEFAULT_TIMEOUT_MS,
  type HostLookup,
  type ResolvedAddress,
  type SafeFetchOptions,
  type SafeRequestInit,
  safeFetch,
} from './safe-fetch';
export {
  type PresentationAnswer,
  type SendResponseOptions,
  sendAuthorizationResponse,
  type VerifierAnswer,
} from './send-response';
export { authorizationRequestOf, storedRequestOf } from './stored-request';
export {
  type ByReferenceRequestParams,
  type ByValueRequestParams,
  MAX_WALLET_LINK_LENGTH,
  parseWalletLink,
  type WalletLinkParams,
} from './wallet-link';
export { REQUEST_OBJECT_SIGNING_ALGS, WALLET_METADATA } from './wallet-metadata';
