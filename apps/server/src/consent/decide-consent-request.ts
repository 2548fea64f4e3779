/**
 * POST /user/{userId}/consent-requests/{id}/approve and .../reject (SPEC 4 "Consent request
 * status", DECISIONS 6 and 7): the data principal's decision on a data fiduciary's request. One
 * path for every request, seeded or from a verifier's link: find, check, build the
 * presentation, send, transition (consent/ledger.ts).
 *
 * 1. Find the holder's request and its OpenID4VP side (404 consent_request_not_found, also for
 *    another holder's request). Approve is refused first while the holder has Data sharing off
 *    (403 data_sharing_off, lib/holder-settings.ts).
 * 2. Check: the move must be allowed from the request's status (core's CONSENT_MOVE_RULES: 409
 *    consent_already_decided). An approval of an OpenID4VP request is refused when the request
 *    expired (410 presentation_request_expired; a seeded request's link is renewed first, since
 *    SPEC 4 says Approve works for those), when it was made offline more than LIVE_DECISION_MS
 *    ago and must cross the network (409 presentation_needs_live_session), when `claims` leaves
 *    out a required claim (422 claim_required) or names one not asked for (400 invalid_input),
 *    or when a required credential is not held (404 credential_not_found).
 * 3. Build the vp_token (OpenID4VP 1.0 sections 6.4.1 and 8.1) from core's plannedDisclosure,
 *    exactly what the consent screen's summary showed: per DCQL credential set, the first option
 *    whose credentials the holder all holds (the verifier's preference first); per chosen
 *    credential one SD-JWT VC presentation of the required claims and the ticked optional ones
 *    (every optional one when `claims` is absent), KB-JWT nonce = the request's nonce, aud = the
 *    whole client_id (the wallet's port, lib/roles.ts presentCredential). A query answered by a
 *    credential received over OpenID4VCI (the presentation's `received`) presents that credential
 *    with its own disclosures and a KB-JWT by the key it is bound to; it is held while the
 *    holder still has it.
 * 4. Send it to the response_uri: to this server's own verifier in process (the verifier port's
 *    localTransport: the very form the network would carry), else over the network
 *    (sendAuthorizationResponse). An unreachable (502 verifier_unreachable) or refusing (502
 *    verifier_refused) verifier leaves the request pending; a verifier request another answer
 *    completed first answers 409 consent_already_decided. Reject posts error=access_denied, best
 *    effort: the holder's refusal stands even when the verifier cannot hear it.
 * 5. Transition (consent/ledger.ts): approved or rejected, stamped with the decision time and
 *    the holder, its activity entry and its consent receipt (an approval's names the claims
 *    disclosed and the SHA-256 of the vp_token sent), in one transaction. An approval's validity
 *    starts: the request's validity days, else the verifier's registered retention, else the
 *    default (core's consentValidityDays).
 *
 * A reject by the same holder that wins the race while an approval's presentation travels to
 * this server's own verifier leaves the consent rejected, and that verifier erases what it
 * received (the approval answers 409 consent_already_decided).
 *
 * The decision time is `decidedAt` (the holder's own clock: a decision made offline and sent
 * later) when it is neither after now nor before the request's requested_at; else now.
 *
 * Input: { ...deps, userId, consentRequestId, decision, decidedAt?, claims?, noticeLanguage? }.
 * Output: { consentRequest (with `presentation` when it has one), activityLog, consentReceipt,
 * redirectUri? (the verifier's safe redirect_uri) }.
 */
import {
  type ActivityLog,
  type ConsentDecision,
  type ConsentPresentation,
  type ConsentReceiptRecord,
  type ConsentRequest,
  type ConsentStatus,
  canMoveConsent,
  consentPresentationSchema,
  consentValidityDays,
  isDocumentTypeKey,
  MESSAGES,
  plannedDisclosure,
  withHeld,
} from '@pehchaan/core';
import { and, eq, sql } from 'drizzle-orm';
import { consentRequests, credentials, presentationRequests, users } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { AppError, isAppError } from '../lib/errors';
import { requireDataSharingIn, storedSettingsOf } from '../lib/holder-settings';
import {
  type AuthorizationRequest,
  authorizationRequestOf,
  sendAuthorizationResponse,
} from '../lib/oid4vp';
import { problemOfOid4vpError } from '../lib/oid4vp-problems';
import { prepared } from '../lib/prepared';
import { receivedCredentialIds } from '../lib/received-records';
import { toConsentRequest } from '../lib/records';
import { type DisclosedCredential, vpTokenDigest } from './issue-consent-receipt';
import { findConsentRequest, refusalOf, transition } from './ledger';
import { linkSeededConsentRequests } from './link-seeded-consent-requests';

/** An approval made offline longer ago than this cannot send a presentation (5 minutes). */
export const LIVE_DECISION_MS = 5 * 60_000;

export interface DecideConsentRequestOptions extends ServiceDeps {
  userId: string;
  consentRequestId: string;
  decision: ConsentDecision;
  /** When the holder decided, by their device's clock (outbox); used only if plausible. */
  decidedAt?: Date;
  /** Approve: the claim names the holder left ticked (default: every one asked for). */
  claims?: readonly string[];
  /** The language the holder read the request in: the receipt's notice language. */
  noticeLanguage?: string;
}

export interface ConsentDecisionResult {
  consentRequest: ConsentRequest;
  activityLog: ActivityLog;
  consentReceipt: ConsentReceiptRecord;
  /** The verifier's safe redirect_uri, for the holder to follow if they choose. */
  redirectUri?: string;
}

const EXPIRED = 'This request has expired. Ask the verifier for a new one.';

/** A verifier request another answer completed first (the code before and after it was renamed). */
const ANSWERED_CODES: ReadonlySet<string> = new Set([
  'verifier_request_answered',
  'request_already_answered',
]);

/**
 * The vp_token of an approval (DCQL credential query id -> [presentation]) and what it
 * discloses, per credential (for the consent receipt).
 */
async function buildVpToken(
  options: DecideConsentRequestOptions,
  request: AuthorizationRequest,
  presentation: ConsentPresentation,
): Promise<{ vpToken: Record<string, string[]>; disclosed: DisclosedCredential[] }> {
  const asked = new Set(
    presentation.credentials.flatMap((c) => c.claims.map((claim) => claim.name)),
  );
  const ticked = options.claims ? new Set(options.claims) : undefined;
  if (options.claims?.some((name) => !asked.has(name))) {
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
  const missing = presentation.credentials.find(
    (credential) =>
      credential.required &&
      (!credential.held ||
        (!credential.received &&
          (credential.document_type === null || !isDocumentTypeKey(credential.document_type)))),
  );
  if (missing) {
    throw new AppError(
      'credential_not_found',
      `You do not have a ${missing.document_name}, which ${verifier} needs. Add it on the Credentials page first.`,
    );
  }
  // What leaves is exactly what the consent screen's summary showed (core's plannedDisclosure).
  const planned = plannedDisclosure(
    { ...presentation, credential_sets: presentation.credential_sets ?? setsOf(request) },
    options.claims,
  );
  const vpToken: Record<string, string[]> = {};
  const disclosed: DisclosedCredential[] = [];
  for (const credential of planned) {
    // The product's own document of the type, or the received credential that answered the query.
    const which = credential.received_credential_id
      ? { receivedCredentialId: credential.received_credential_id }
      : credential.document_type !== null && isDocumentTypeKey(credential.document_type)
        ? { documentType: credential.document_type }
        : undefined;
    if (!which) continue;
    const disclose = credential.claims.map((claim) => claim.name);
    vpToken[credential.query_id] = [
      await options.roles.wallet.presentCredential({
        userId: options.userId,
        ...which,
        disclose,
        nonce: request.nonce,
        audience: request.clientId,
      }),
    ];
    disclosed.push({
      documentName: credential.document_name,
      claims: credential.claims.map((claim) => ({ name: claim.name, label: claim.label })),
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

/** The request's DCQL credential sets, for a presentation stored before it kept them. */
function setsOf(request: AuthorizationRequest) {
  return request.dcqlQuery.credential_sets?.map((set) => ({
    options: set.options,
    required: set.required !== false,
  }));
}

/** The document types of the holder's credentials (users.id of the outer query), as an array. */
const heldDocumentTypes = sql<
  string[]
>`array(select ${credentials.documentType} from ${credentials} where ${credentials.userId} = ${users.id})`;

/**
 * The decision's one read (step 1): the holder's consent request `consentRequestId` with its
 * OpenID4VP side (as ledger.ts findConsentRequest), the holder's stored settings (for the Data
 * sharing rule, lib/holder-settings.ts) and the document types of the credentials they hold
 * (for `held`), from the holder's row. @returns undefined when the holder has no row; `row`
 * null when they have no such request.
 */
async function readDecision(options: DecideConsentRequestOptions) {
  const [read] = await prepared(options.db, 'read_consent_decision', (handle) =>
    handle
      .select({
        settings: storedSettingsOf(users.id),
        held: heldDocumentTypes,
        row: consentRequests,
        details: presentationRequests,
      })
      .from(users)
      .leftJoin(
        consentRequests,
        and(
          eq(consentRequests.userId, users.id),
          eq(consentRequests.id, sql.placeholder('consentRequestId')),
        ),
      )
      .leftJoin(presentationRequests, eq(presentationRequests.consentRequestId, consentRequests.id))
      .where(eq(users.id, sql.placeholder('userId')))
      .prepare('read_consent_decision'),
  ).execute({ userId: options.userId, consentRequestId: options.consentRequestId });
  return read;
}

/** The decision time: the holder's `decidedAt` when plausible, else now. */
function decisionTime(options: DecideConsentRequestOptions, requestedAt: Date): Date {
  const now = options.now();
  const offered = options.decidedAt;
  return offered && offered.getTime() <= now.getTime() && offered.getTime() >= requestedAt.getTime()
    ? offered
    : now;
}

export async function decideConsentRequest(
  options: DecideConsentRequestOptions,
): Promise<ConsentDecisionResult> {
  const { db, userId, consentRequestId, decision } = options;
  const move: ConsentDecision = decision;
  // 1. Find, with the holder's settings and the document types they hold (one statement).
  const read = await readDecision(options);
  if (decision === 'approve') requireDataSharingIn(read?.settings ?? null);
  let found = read?.row ? { row: read.row, details: read.details } : undefined;
  if (!found) throw new AppError('consent_request_not_found', MESSAGES.consentRequestNotFound);
  // 2. Check the move.
  if (!canMoveConsent(found.row.status as ConsentStatus, move)) {
    throw refusalOf(found.row.status, move);
  }
  const seeded =
    found.details !== null &&
    consentPresentationSchema.parse(found.details.presentation).seeded === true;
  if (
    seeded &&
    decision === 'approve' &&
    found.details &&
    options.now().getTime() >= found.details.expiresAt.getTime()
  ) {
    // SPEC 4: Approve works for the seeded requests; an expired link is renewed first.
    await linkSeededConsentRequests({ ...options, only: consentRequestId });
    found = (await findConsentRequest(db, options)) ?? found;
  }
  const { row, details } = found;
  const at = decisionTime(options, row.requestedAt);
  const noticeLanguage = options.noticeLanguage ? { noticeLanguage: options.noticeLanguage } : {};
  // The receipt describes the request and OpenID4VP side this decision used (not read again).
  const base = { ...options, userId, consentRequestId, at, details, ...noticeLanguage };

  // A SPEC 3 request without an OpenID4VP side: nothing to send.
  if (!details) {
    const result =
      decision === 'approve'
        ? await transition({ ...base, move: 'approve', validityDays: consentValidityDays(row) })
        : await transition({ ...base, move: 'reject' });
    return answerOf(result);
  }

  const request = authorizationRequestOf(details);
  const stored = consentPresentationSchema.parse(details.presentation);
  const presentation = withHeld(
    stored,
    new Set(read?.held ?? []),
    // Only a request a received credential answered needs to know which the holder still has.
    stored.credentials.some((credential) => credential.received)
      ? await receivedCredentialIds(db, userId)
      : new Set(),
  );
  const now = options.now();
  const expired = now.getTime() >= details.expiresAt.getTime();
  const local = options.roles.verifier.localTransport(request.responseUri);
  const transport = {
    allowLoopback: options.oid4vpAllowLoopback,
    ...(local ? { fetch: local.fetch } : {}),
  };

  if (decision === 'reject') {
    if (!expired) {
      try {
        await sendAuthorizationResponse(request, { error: 'access_denied' }, transport);
      } catch {
        // Best effort: the holder's refusal stands even when the verifier cannot hear it.
      }
    }
    return answerOf(await transition({ ...base, move: 'reject' }), presentation);
  }

  // 2. Check the approval.
  if (expired) throw new AppError('presentation_request_expired', EXPIRED);
  if (
    !local &&
    options.decidedAt &&
    now.getTime() - options.decidedAt.getTime() > LIVE_DECISION_MS
  ) {
    throw new AppError(
      'presentation_needs_live_session',
      'Sharing with a verifier needs a connection at the moment you approve. Open the request again and approve it now.',
    );
  }
  // 3. Build.
  const { vpToken, disclosed } = await buildVpToken(options, request, presentation);
  // 4. Send.
  let redirectUri: string | undefined;
  try {
    ({ redirectUri } = await sendAuthorizationResponse(request, { vpToken }, transport));
  } catch (error) {
    // A seeded request's verifier request is this holder's own: another answer completing it
    // first was this holder's concurrent approval. Any other verifier's request answered by
    // someone else stays that (409 request_already_answered).
    if (seeded && ANSWERED_CODES.has(local?.refusal() ?? '')) throw refusalOf('approved', move);
    throw problemOfOid4vpError(error);
  }
  // 5. Transition. The receipt names what this server's own verifier accepted (not read again).
  const delivered = local?.accepted?.();
  let result: Awaited<ReturnType<typeof transition>>;
  try {
    result = await transition({
      ...base,
      move: 'approve',
      validityDays: consentValidityDays(row, presentation),
      presentation: { vpToken, disclosed },
      ...(delivered ? { delivered } : {}),
    });
  } catch (error) {
    // The holder's own concurrent decision (a reject on another device) won while this
    // presentation travelled: the consent was not given, so this server's verifier forgets what
    // it just received (an outside verifier cannot be reached back; DPDP Act s.8(7)(a)).
    if (local && isAppError(error) && error.statusCode === 409) {
      await options.roles.verifier.eraseClaimsOfEndedConsent(db, {
        vpTokenSha256: vpTokenDigest(vpToken),
        reason: 'withdrawn',
        at: options.now(),
      });
    }
    throw error;
  }
  return { ...answerOf(result, presentation), ...(redirectUri ? { redirectUri } : {}) };
}

/** The route's answer of a decision the ledger wrote. */
function answerOf(
  result: Awaited<ReturnType<typeof transition>>,
  presentation?: ConsentPresentation,
): ConsentDecisionResult {
  if (!result.activityLog || !result.consentReceipt) {
    throw new Error('A decision writes its activity entry and its receipt');
  }
  return {
    consentRequest: { ...toConsentRequest(result.row), ...(presentation ? { presentation } : {}) },
    activityLog: result.activityLog,
    consentReceipt: result.consentReceipt,
  };
}
