/**
 * The product-hosted verifier's request_uri in process (OpenID4VP 1.0 sections 5.7 and 5.10;
 * RFC 9101 JAR; docs/oid4vp.md "request_uri rules and SSRF limits"): when a holder of this
 * server opens a link whose request_uri is this server's own
 * `{PUBLIC_ORIGIN}/oid4vp/requests/{id}`, the request object need not cross the network, and
 * the wallet never has to be allowed to fetch from loopback (OID4VP_ALLOW_LOOPBACK) to answer
 * this server's own verifier portal.
 *
 * `localRequestObject(deps, requestUri)` is a `fetch` that takes the very request the wallet
 * would send (a GET, or a POST of the form `wallet_metadata` and `wallet_nonce` for
 * request_uri_method=post) and answers as the route `GET|POST /oid4vp/requests/{id}` would: 200
 * `application/oauth-authz-req+jwt` with the signed request object (getRequestObject, the
 * route's use case, wallet_nonce echoed), or the problem's status and RFC 9457 body (404
 * verifier_request_not_found, 409 request_already_answered, 400 verifier_request_expired; 400
 * invalid_request for a form the route's schema refuses). The wallet then runs on those bytes
 * every check it runs on a fetched object. The twin of deliver-in-process.ts (the answer).
 * Reached by the consent ledger through the verifier's port (lib/roles.ts).
 *
 * Input: deps and the request_uri. Output: the transport, or undefined for any other URI (also
 * one with a query or a fragment, which the network path then refuses or fetches as usual).
 */
import { PROBLEM_CONTENT_TYPE } from '@pehchaan/core';
import type { ServiceDeps } from '../lib/deps';
import { type ErrorCode, isAppError, problemOf } from '../lib/errors';
import { getRequestObject, REQUEST_OBJECT_CONTENT_TYPE } from './get-request-object';

const REQUEST_PATH = /^\/oid4vp\/requests\/([A-Za-z0-9_-]{1,128})$/;

/** The route's form limits (routes/oid4vp walletRequestBodySchema). */
const MAX_WALLET_NONCE = 256;
const MAX_WALLET_METADATA = 10_000;

function problemResponse(code: ErrorCode, detail: string, status?: number): Response {
  const problem = problemOf(code, detail, status === undefined ? {} : { status });
  return new Response(JSON.stringify(problem), {
    status: problem.status,
    headers: { 'content-type': `${PROBLEM_CONTENT_TYPE}; charset=utf-8` },
  });
}

export function localRequestObject(
  deps: Pick<ServiceDeps, 'db' | 'vault' | 'now' | 'publicOrigin'>,
  requestUri: string,
): typeof fetch | undefined {
  let url: URL;
  let origin: URL;
  try {
    url = new URL(requestUri);
    origin = new URL(deps.publicOrigin);
  } catch {
    return undefined;
  }
  const match =
    url.origin === origin.origin &&
    url.search === '' &&
    url.hash === '' &&
    REQUEST_PATH.exec(url.pathname);
  const requestId = match ? match[1] : undefined;
  if (!requestId) return undefined;

  const serve = async (
    _input: unknown,
    init?: { method?: string; body?: unknown },
  ): Promise<Response> => {
    const method = (init?.method ?? 'GET').toUpperCase();
    let walletNonce: string | undefined;
    if (method === 'POST') {
      const form = new URLSearchParams(typeof init?.body === 'string' ? init.body : '');
      const nonces = form.getAll('wallet_nonce');
      const metadata = form.getAll('wallet_metadata');
      if (
        nonces.length > 1 ||
        metadata.length > 1 ||
        (nonces[0] !== undefined && (nonces[0] === '' || nonces[0].length > MAX_WALLET_NONCE)) ||
        (metadata[0]?.length ?? 0) > MAX_WALLET_METADATA
      ) {
        return problemResponse('invalid_request', 'The form does not fit the request_uri rules.');
      }
      walletNonce = nonces[0];
    } else if (method !== 'GET') {
      return problemResponse('client_error', 'Method Not Allowed', 405);
    }
    try {
      const jwt = await getRequestObject({ ...deps, requestId, walletNonce });
      return new Response(jwt, {
        status: 200,
        headers: { 'content-type': REQUEST_OBJECT_CONTENT_TYPE },
      });
    } catch (error) {
      if (!isAppError(error)) throw error;
      return problemResponse(error.code, error.detail);
    }
  };
  return serve as typeof fetch;
}
