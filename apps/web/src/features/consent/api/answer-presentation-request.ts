/**
 * The holder's answer to an OpenID4VP request shown on /consent (issue 16): POST
 * /user/{userId}/consent-requests/{id}/approve with `claims` (the claim names left ticked) or
 * .../reject. The server sends the presentation (or access_denied) to the verifier before it
 * records the decision, so there is no offline path: without the API the holder is told to try
 * again when online.
 */
import {
  type ConsentDecision,
  type ConsentDecisionAnswer,
  consentDecisionAnswerSchema,
} from '@pehchaan/core';
import { api } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { decisionPath } from './decide-consent-request';

/**
 * @param options.claims approve only: the claim names ticked (required ones included).
 * @returns the server's answer: the decided request, its activity entry and the verifier's
 *   `redirect_uri` when it gave one.
 * @throws {ApiError} HTTP_ERROR with a plain-language problem detail (claim_required,
 *   presentation_request_expired, verifier_unreachable, verifier_refused, credential_not_found,
 *   consent_already_decided...), or ERR_NETWORK / ERR_API_DISABLED.
 */
export function answerPresentationRequest(options: {
  userId: string;
  requestId: string;
  decision: ConsentDecision;
  claims?: readonly string[];
}): Promise<ConsentDecisionAnswer> {
  const body = {
    ...(options.decision === 'approve' && options.claims ? { claims: options.claims } : {}),
    // The language the holder read the request in: the consent receipt's notice language.
    notice_language: i18n.language,
  };
  return api.post(decisionPath(options.userId, options.requestId, options.decision), body, {
    schema: consentDecisionAnswerSchema,
  });
}
