/**
 * POST /user/{userId}/consent-requests/{id}/approve and .../reject for every consent request:
 * a SPEC 3 request is decided exactly as before (decideConsentRequest); a request that came as
 * an OpenID4VP 1.0 authorization request (issue 16, docs/oid4vp.md "The answer") is answered
 * to its verifier first.
 *
 * Approve (OpenID4VP 1.0 section 8.1, 8.2):
 * - refused when the request expired (presentation_request_expired, 410), when the decision was
 *   made offline more than LIVE_DECISION_MS ago (presentation_needs_live_session, 409: signing a
 *   presentation needs the holder's live session and the network), when `claims` leaves out a
 *   required claim (claim_required, 422), names a claim not asked for (invalid_input, 400), or a
 *   required credential is not held (credential_not_found, 404);
 * - builds the vp_token: for each DCQL credential query id the holder can answer, one SD-JWT VC
 *   presentation (presentCredential) disclosing the required claims and the ticked optional
 *   ones (all of them when `claims` is absent), KB-JWT nonce = the request's nonce, aud = the
 *   whole client_id; an optional credential with nothing ticked or not held is left out;
 * - posts it to the response_uri (sendAuthorizationResponse). If the verifier cannot be reached
 *   (verifier_unreachable, 502) or refuses (verifier_refused, 502), the request stays pending;
 * - then marks it approved and logs consent_approved (decideConsentRequest), and returns the
 *   verifier's redirect_uri when it gave a safe one.
 * Reject: posts error=access_denied (best effort: an unreachable verifier, or an expired request,
 * does not stop the rejection), then marks it rejected and logs consent_rejected.
 *
 * A seeded request (presentation.seeded, link-seeded-consent-requests.ts; docs/oid4vp.md
 * "Seeded requests") is answered the same way but delivered in-process to the product's own
 * response endpoint service (receiveVerifierResponse) with the exact form the network would
 * carry. SPEC 4 says Approve works for these, so: the holder's Basic Identity is ensured, an
 * expired link is renewed first, the live-session limit does not apply (nothing leaves the
 * server), and the vp_token answers each credential set with its first option the holder holds
 * (chosenCredentials). If a concurrent decision answered the verifier first, this one answers
 * consent_already_decided (409); a verifier request deleted by hand leaves the plain SPEC 3
 * decision.
 *
 * Approve is refused first while the holder has Data sharing off (data_sharing_off, 403;
 * accounts/require-data-sharing.ts).
 *
 * Every decision issues its consent receipt (issue 17, decideConsentRequest): an approval's
 * records the claims disclosed and the SHA-256 of the vp_token sent.
 *
 * Input: { ...deps, userId, consentRequestId, decision, decidedAt?, claims?, noticeLanguage? }.
 * Output: { consentRequest (with `presentation` when it has one), activityLog, consentReceipt,
 * redirectUri? }.
 * Errors: those above and decideConsentRequest's (consent_request_not_found: also for another
 * holder's request; consent_already_decided).
 */
import {
  type ConsentDecision,
  type ConsentPresentation,
  consentPresentationSchema,
  type DocumentTypeKey,
  disclosableClaimsOf,
  isDocumentTypeKey,
  MESSAGES,
} from '@pehchaan/core';
import { and, eq } from 'drizzle-orm';
import { requireDataSharing } from '../accounts/require-data-sharing';
import { consentRequests, credentials, presentationRequests, verifierRequests } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { AppError, isAppError, problemOf } from '../lib/errors';
import { type AuthorizationRequest, sendAuthorizationResponse } from '../lib/oid4vp';
import { problemOfOid4vpError } from '../lib/oid4vp-problems';
import { authorizationRequestOf, withHeld } from '../lib/presentation-records';
import { receiveVerifierResponse } from '../verifier/receive-verifier-response';
import { ensureBasicIdentity } from '../wallet/ensure-basic-identity';
import { presentCredential } from '../wallet/present-credential';
import { type ConsentDecisionResult, decideConsentRequest } from './decide-consent-request';
import type { DisclosedCredential } from './issue-consent-receipt';
import { linkSeededConsentRequests } from './link-seeded-consent-requests';

/** An approval made offline longer ago than this cannot send a presentation (5 minutes). */
export const LIVE_DECISION_MS = 5 * 60_000;

export interface AnswerConsentRequestOptions extends ServiceDeps {
  userId: string;
  consentRequestId: string;
  decision: ConsentDecision;
  /** When the holder decided, by their device's clock (outbox); see decideConsentRequest. */
  decidedAt?: Date;
  /** Approve of a presentation request: the claim names the holder left ticked. */
  claims?: readonly string[];
  /** The language the holder read the request in: the receipt's notice language. */
  noticeLanguage?: string;
}

/** The receipt options every decision passes on (issue 17). */
const receiptOptions = (options: AnswerConsentRequestOptions) =>
  options.noticeLanguage ? { noticeLanguage: options.noticeLanguage } : {};

export interface ConsentAnswerResult extends ConsentDecisionResult {
  /** The verifier's safe redirect_uri, for the holder to follow if they choose. */
  redirectUri?: string;
}

const EXPIRED = 'This request has expired. Ask the verifier for a new one.';

/**
 * The vp_token of an approval (DCQL credential query id -> [presentation]) and what it
 * discloses, per credential (for the consent receipt).
 */
async function buildVpToken(
  options: AnswerConsentRequestOptions,
  presentation: ConsentPresentation,
  audience: string,
  nonce: string,
  /** The credential query ids to answer (chosen options, seeded requests); default every one held. */
  only?: ReadonlySet<string>,
): Promise<{ vpToken: Record<string, string[]>; disclosed: DisclosedCredential[] }> {
  const asked = new Set(
    presentation.credentials.flatMap((c) => c.claims.map((claim) => claim.name)),
  );
  const ticked = options.claims ? new Set(options.claims) : undefined;
  const stray = options.claims?.find((name) => !asked.has(name));
  if (stray !== undefined) {
    throw new AppError(
      'invalid_input',
      'The approval names a detail this request does not ask for.',
    );
  }
  const verifier = presentation.verifier.name;
  for (const credential of presentation.credentials) {
    const left = credential.claims.find(
      (claim) => claim.required && ticked && !ticked.has(claim.name),
    );
    if (left && (credential.required || credential.held)) {
      throw new AppError(
        'claim_required',
        `${verifier} needs your ${left.label} from your ${credential.document_name}; it cannot be left out.`,
      );
    }
  }
  const vpToken: Record<string, string[]> = {};
  const disclosed: DisclosedCredential[] = [];
  for (const credential of presentation.credentials) {
    const type = credential.document_type;
    if (only && !only.has(credential.query_id)) continue;
    if (type === null || !isDocumentTypeKey(type) || !credential.held) {
      if (credential.required) {
        throw new AppError(
          'credential_not_found',
          `You do not have a ${credential.document_name}, which ${verifier} needs. Add it on the Credentials page first.`,
        );
      }
      continue;
    }
    const disclosable = new Set(disclosableClaimsOf(type as DocumentTypeKey));
    const disclose = [
      ...new Set(
        credential.claims
          .filter((claim) => claim.required || !ticked || ticked.has(claim.name))
          // An optional claim this kind of credential does not have is simply not sent.
          .filter((claim) => claim.required || disclosable.has(claim.name))
          .map((claim) => claim.name),
      ),
    ];
    if (!credential.required && disclose.length === 0) continue;
    vpToken[credential.query_id] = [
      await presentCredential({ ...options, documentType: type, disclose, nonce, audience }),
    ];
    disclosed.push({
      documentName: credential.document_name,
      claims: disclose.map((name) => ({
        name,
        label: credential.claims.find((claim) => claim.name === name)?.label ?? name,
      })),
    });
  }
  if (Object.keys(vpToken).length === 0) {
    throw new AppError(
      'credential_not_found',
      `You have none of the credentials ${verifier} asks for. Add one on the Credentials page first.`,
    );
  }
  return { vpToken, disclosed };
}

/**
 * The credential query ids a seeded request is answered with (OpenID4VP 1.0 section 6.4.1): per
 * credential set, its first option whose credentials the holder all holds (the verifier's
 * preference first: Aadhaar before the Basic Identity fallback); a set no option of which is
 * held is left out. Without credential_sets: every credential held.
 */
export function chosenCredentials(
  request: Pick<AuthorizationRequest, 'dcqlQuery'>,
  presentation: ConsentPresentation,
): Set<string> {
  const held = new Set(presentation.credentials.filter((c) => c.held).map((c) => c.query_id));
  const sets = request.dcqlQuery.credential_sets;
  if (!sets) return held;
  const chosen = new Set<string>();
  for (const set of sets) {
    const option = set.options.find((ids) => ids.every((id) => held.has(id)));
    for (const id of option ?? []) chosen.add(id);
  }
  return chosen;
}

/**
 * The in-process transport of a seeded request's answer (docs/oid4vp.md "Seeded requests"): a
 * `fetch` that hands the form sendAuthorizationResponse posts (the very bytes the network would
 * carry) to receiveVerifierResponse, the response endpoint's service, and answers as that route
 * would: 200 `{}` or the problem's status. `refusal()` is the AppError it answered with, if any.
 */
function inProcessDelivery(options: ServiceDeps, verifierRequestId: string) {
  let refusal: AppError | undefined;
  const deliver = async (_input: unknown, init?: { body?: unknown }): Promise<Response> => {
    const body = init?.body;
    const form: Record<string, string> = {};
    for (const [key, value] of new URLSearchParams(typeof body === 'string' ? body : '')) {
      form[key] = value;
    }
    try {
      return Response.json(
        await receiveVerifierResponse({ ...options, requestId: verifierRequestId, form }),
      );
    } catch (error) {
      if (!isAppError(error)) throw error;
      refusal = error;
      return Response.json(problemOf(error.code, error.detail), { status: error.statusCode });
    }
  };
  return { fetch: deliver as typeof fetch, refusal: () => refusal };
}

/** A concurrent decision answered the verifier first: this one is too late (409). */
async function answeredConcurrently(
  options: AnswerConsentRequestOptions,
  verifierRequestId: string,
): Promise<never> {
  const [answered] = await options.db
    .select({ status: verifierRequests.status })
    .from(verifierRequests)
    .where(eq(verifierRequests.id, verifierRequestId));
  throw new AppError(
    'consent_already_decided',
    MESSAGES.consentAlreadyDecided(answered?.status === 'declined' ? 'rejected' : 'approved'),
  );
}

/** The pending presentation request of the holder's consent request, with its status. */
async function findPresentationRequest(options: AnswerConsentRequestOptions) {
  const [row] = await options.db
    .select({ details: presentationRequests, status: consentRequests.status })
    .from(presentationRequests)
    .innerJoin(consentRequests, eq(consentRequests.id, presentationRequests.consentRequestId))
    .where(
      and(
        eq(presentationRequests.consentRequestId, options.consentRequestId),
        eq(presentationRequests.userId, options.userId),
      ),
    );
  return row;
}

export async function answerConsentRequest(
  options: AnswerConsentRequestOptions,
): Promise<ConsentAnswerResult> {
  const { db, userId, decision } = options;
  if (decision === 'approve') await requireDataSharing(options);
  let row = await findPresentationRequest(options);
  // A SPEC 3 request, or one already decided (decideConsentRequest answers 409), or not this
  // holder's (404).
  if (row?.status !== 'pending')
    return decideConsentRequest({ ...options, receipt: receiptOptions(options) });

  const seeded = consentPresentationSchema.parse(row.details.presentation).seeded === true;
  let delivery: ReturnType<typeof inProcessDelivery> | undefined;
  if (seeded) {
    // SPEC 4: Approve works for the seeded requests. The product answers its own verifier, so
    // neither the network nor a live session is needed; every holder has a Basic Identity.
    if (decision === 'approve') {
      await ensureBasicIdentity(options);
      if (options.now().getTime() >= row.details.expiresAt.getTime()) {
        await linkSeededConsentRequests({ ...options, only: options.consentRequestId });
        row = await findPresentationRequest(options);
      }
    }
    const verifierRequestId = row?.details.verifierRequestId;
    // The verifier request is gone (deleted by hand): the plain SPEC 3 decision.
    if (!row || !verifierRequestId)
      return decideConsentRequest({ ...options, receipt: receiptOptions(options) });
    delivery = inProcessDelivery(options, verifierRequestId);
  }
  const details = row.details;

  const request = authorizationRequestOf(details);
  const held = await db
    .select({ documentType: credentials.documentType })
    .from(credentials)
    .where(eq(credentials.userId, userId));
  const presentation = withHeld(
    consentPresentationSchema.parse(details.presentation),
    new Set(held.map((credential) => credential.documentType)),
  );
  const now = options.now();
  const expired = now.getTime() >= details.expiresAt.getTime();
  const transport = {
    allowLoopback: options.oid4vpAllowLoopback,
    ...(delivery ? { fetch: delivery.fetch } : {}),
  };
  const concurrent = () =>
    delivery?.refusal()?.code === 'verifier_request_answered' && details.verifierRequestId
      ? answeredConcurrently(options, details.verifierRequestId)
      : undefined;

  if (decision === 'reject') {
    if (!expired) {
      try {
        await sendAuthorizationResponse(request, { error: 'access_denied' }, transport);
      } catch {
        // Best effort: the holder's refusal stands even when the verifier cannot hear it.
      }
      await concurrent();
    }
    const result = await decideConsentRequest({ ...options, receipt: receiptOptions(options) });
    return { ...result, consentRequest: { ...result.consentRequest, presentation } };
  }

  if (expired) throw new AppError('presentation_request_expired', EXPIRED);
  if (
    !delivery &&
    options.decidedAt &&
    now.getTime() - options.decidedAt.getTime() > LIVE_DECISION_MS
  ) {
    throw new AppError(
      'presentation_needs_live_session',
      'Sharing with a verifier needs a connection at the moment you approve. Open the request again and approve it now.',
    );
  }
  const { vpToken, disclosed } = await buildVpToken(
    options,
    presentation,
    request.clientId,
    request.nonce,
    delivery ? chosenCredentials(request, presentation) : undefined,
  );
  let redirectUri: string | undefined;
  try {
    ({ redirectUri } = await sendAuthorizationResponse(request, { vpToken }, transport));
  } catch (error) {
    await concurrent();
    throw problemOfOid4vpError(error);
  }
  const result = await decideConsentRequest({
    ...options,
    presented: true,
    receipt: { ...receiptOptions(options), presentation: { vpToken, disclosed } },
  });
  return {
    ...result,
    consentRequest: { ...result.consentRequest, presentation },
    ...(redirectUri ? { redirectUri } : {}),
  };
}
