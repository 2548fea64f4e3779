/**
 * POST /user/{userId}/presentation-requests (issue 16, OpenID4VP 1.0; docs/oid4vp.md): a
 * verifier's link the holder opened, scanned or pasted becomes a pending consent request of
 * that holder (SPEC 3/4), with its OpenID4VP details (presentation_requests).
 *
 * Steps: parseWalletLink -> resolveAuthorizationRequest (fetches request_uri through the
 * SSRF-safe client, allowLoopback = deps.oid4vpAllowLoopback (OID4VP_ALLOW_LOOPBACK); a
 * request_uri or response_uri of this server's own verifier is reached in process through the
 * verifier's port (localRequestObject, localTransport), never over the network; registered
 * verifiers from deps.verifierRegistry, none when absent) -> presentationOf (what the consent screen
 * shows; a query the holder's own document does not answer may be answered by a credential
 * received over OpenID4VCI whose vct and claims match it, shown by its own name and labels) ->
 * one transaction inserting the consent request (requester = the verifier's name, purpose,
 * fields = SPEC 3 field labels of the requested claims, status pending) and its
 * presentation_requests row. Expiry: the request object's `exp`, else 10 minutes after now.
 *
 * Input: { ...deps, userId, link } (link: an openid4vp:// URL, a /present?... link or its query).
 * Output: the new ConsentRequest, with `presentation`.
 * Errors (AppError, detail in plain language from lib/oid4vp): invalid_presentation_link (400),
 * presentation_request_refused (422: unsigned, bad signature, unsupported prefix or DID, unsafe
 * response_uri, bad DCQL...), presentation_request_expired (410), request_unavailable (502: the
 * request object could not be obtained from request_uri, whatever the reason: one code and one
 * text, the reason in the server log only), presentation_request_replayed (409: this holder already
 * received a request with this client_id and nonce), request_already_answered (409: another
 * holder already answered this verifier request; its link is used).
 */
import type { ConsentPresentation, ConsentRequest } from '@pehchaan/core';
import { and, eq } from 'drizzle-orm';
import { credentials, presentationRequests } from '../db/schema';
import type { RegisteredVerifier, ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { newId } from '../lib/ids';
import {
  type AuthorizationRequest,
  parseWalletLink,
  resolveAuthorizationRequest,
  storedRequestOf,
  type WalletLinkParams,
} from '../lib/oid4vp';
import { problemOfOid4vpError } from '../lib/oid4vp-problems';
import {
  DEFAULT_PRESENTATION_LIFETIME_MS,
  fieldLabelsOf,
  presentationOf,
  verifierNameOf,
} from '../lib/presentation-records';
import { listPresentableReceivedCredentials } from '../lib/received-records';
import { toConsentRequest } from '../lib/records';
import { PresentationRequestReplayed, transition } from './ledger';

export interface ReceivePresentationRequestOptions extends ServiceDeps {
  userId: string;
  link: string;
}

const REPLAYED =
  'You already received this request. Ask the verifier for a new link if you want to share again.';

/** A resolved request, ready to store: what lib/oid4vp answered and what the holder sees. */
export interface ResolvedPresentationRequest {
  request: AuthorizationRequest;
  registered: RegisteredVerifier | undefined;
  presentation: ConsentPresentation;
  expiresAt: Date;
}

/**
 * Resolves a wallet link's parameters with lib/oid4vp's resolveAuthorizationRequest (fetching a
 * request_uri, in process when it is this server's own; a request object passed by value in
 * `params.request` is checked the same way without fetching), looks the verifier up in
 * deps.verifierRegistry and builds the consent screen's presentation for `userId`'s
 * credentials. Shared by this service and link-seeded-consent-requests (which passes the
 * product's own signed request object by value).
 * @throws {AppError} the codes of problemOfOid4vpError (see the module comment).
 */
export async function resolvePresentationRequest(
  options: ServiceDeps & { userId: string; params: WalletLinkParams },
): Promise<ResolvedPresentationRequest> {
  const registry = options.verifierRegistry;
  const lookups = new Map<string, RegisteredVerifier | undefined>();
  const findVerifier = async (did: string) => {
    if (!lookups.has(did)) lookups.set(did, await registry?.find(did));
    return lookups.get(did);
  };

  let request: AuthorizationRequest;
  try {
    const verifier = options.roles.verifier;
    request = await resolveAuthorizationRequest(options.params, {
      allowLoopback: options.oid4vpAllowLoopback,
      isRegisteredVerifier: findVerifier,
      now: options.now,
      inProcess: {
        requestObjectTransport: (requestUri) => verifier.localRequestObject(requestUri),
        receivesResponseAt: (responseUri) => verifier.localTransport(responseUri) !== undefined,
      },
    });
  } catch (error) {
    throw problemOfOid4vpError(error);
  }
  const registered = request.verifierDid ? await findVerifier(request.verifierDid) : undefined;

  const now = options.now();
  const expiresAt = request.expiresAt ?? new Date(now.getTime() + DEFAULT_PRESENTATION_LIFETIME_MS);
  const held = await options.db
    .select({ documentType: credentials.documentType })
    .from(credentials)
    .where(eq(credentials.userId, options.userId));
  const presentation = presentationOf({
    request,
    registered,
    publicOrigin: options.publicOrigin,
    heldTypes: new Set(held.map((row) => row.documentType)),
    received: await listPresentableReceivedCredentials(options.db, options.vault, options.userId),
    expiresAt,
  });
  return { request, registered, presentation, expiresAt };
}

export async function receivePresentationRequest(
  options: ReceivePresentationRequestOptions,
): Promise<ConsentRequest> {
  const { db, userId } = options;
  let params: WalletLinkParams;
  try {
    params = parseWalletLink(options.link);
  } catch (error) {
    throw problemOfOid4vpError(error);
  }
  const { request, registered, presentation, expiresAt } = await resolvePresentationRequest({
    ...options,
    params,
  });
  const now = options.now();

  return db.transaction(async (tx) => {
    const [seen] = await tx
      .select({ id: presentationRequests.consentRequestId })
      .from(presentationRequests)
      .where(
        and(
          eq(presentationRequests.userId, userId),
          eq(presentationRequests.clientId, request.clientId),
          eq(presentationRequests.nonce, request.nonce),
        ),
      );
    if (seen) throw new AppError('presentation_request_replayed', REPLAYED);
    try {
      const { row } = await transition({
        ...options,
        db: tx,
        move: 'receive',
        request: {
          id: newId('consent'),
          requester: verifierNameOf(request, registered),
          purpose: presentation.purpose,
          fields: fieldLabelsOf(presentation),
          requestedAt: now,
        },
        presentationRequest: {
          clientId: request.clientId,
          nonce: request.nonce,
          request: storedRequestOf(request),
          presentation,
          expiresAt,
        },
      });
      return toConsentRequest(row, presentation);
    } catch (error) {
      // A concurrent twin lost on the unique index (user_id, client_id, nonce): same answer.
      if (error instanceof PresentationRequestReplayed) {
        throw new AppError('presentation_request_replayed', REPLAYED);
      }
      throw error;
    }
  });
}
