/**
 * The product-hosted verifier's response endpoint in process (OpenID4VP 1.0 section 8.2
 * direct_post; docs/oid4vp.md "Seeded requests"): when a holder of this server answers a
 * request whose response_uri is this server's own `{PUBLIC_ORIGIN}/oid4vp/responses/{id}`, the
 * answer need not cross the network. `localTransport(deps, responseUri)` is a `fetch` that hands
 * the form the wallet would post (the very bytes the network would carry) to
 * receiveVerifierResponse, the response route's use case, and answers as that route would: 200
 * `{}` or the problem's status and body. `refusal()` is the problem code it answered with, if
 * any; `accepted()` the presentation it accepted (the request's verifier, the request's id and
 * purpose code, the vp_token's SHA-256), so the approval's consent receipt names them without
 * looking them up again. Reached by the consent ledger through the verifier's port
 * (lib/roles.ts).
 *
 * Input: deps and the response_uri. Output: the transport, or undefined for any other URI.
 */
import type { ServiceDeps } from '../lib/deps';
import { isAppError, problemOf } from '../lib/errors';
import type { LocalDelivery } from '../lib/roles';
import type { StatusListDeps } from '../lib/status-list';
import { type AcceptedPresentation, acceptVerifierResponse } from './receive-verifier-response';

const RESPONSE_PATH = /^\/oid4vp\/responses\/([A-Za-z0-9_-]+)$/;

export function localTransport(
  deps: Pick<ServiceDeps, 'db' | 'vault' | 'now' | 'issuers' | 'publicOrigin'> & StatusListDeps,
  responseUri: string,
): LocalDelivery | undefined {
  let url: URL;
  let origin: URL;
  try {
    url = new URL(responseUri);
    origin = new URL(deps.publicOrigin);
  } catch {
    return undefined;
  }
  const match =
    url.origin === origin.origin && url.search === '' && RESPONSE_PATH.exec(url.pathname);
  const requestId = match ? match[1] : undefined;
  if (!requestId) return undefined;
  let refusal: string | undefined;
  let accepted: AcceptedPresentation | undefined;
  const deliver = async (_input: unknown, init?: { body?: unknown }): Promise<Response> => {
    const body = init?.body;
    const form: Record<string, string> = {};
    for (const [key, value] of new URLSearchParams(typeof body === 'string' ? body : '')) {
      form[key] = value;
    }
    try {
      accepted = await acceptVerifierResponse({ ...deps, requestId, form });
      return Response.json({});
    } catch (error) {
      if (!isAppError(error)) throw error;
      refusal = error.code;
      return Response.json(problemOf(error.code, error.detail), { status: error.statusCode });
    }
  };
  return { fetch: deliver as typeof fetch, refusal: () => refusal, accepted: () => accepted };
}
