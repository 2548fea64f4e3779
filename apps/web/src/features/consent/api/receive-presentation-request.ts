/**
 * A verifier's OpenID4VP 1.0 link (issue 16): POST /user/{userId}/presentation-requests turns
 * it into a pending consent request of the holder, answered with the new request. Needs the
 * API (no offline path: the server must fetch and check the verifier's request).
 *
 * Also: the link a signed-out visitor opened at /present is kept in sessionStorage while they
 * sign in (rememberPresentationQuery, pendingPresentationQuery, forgetPresentationQuery), so /login can send them back.
 */
import { type ConsentRequest, presentationRequestAnswerSchema } from '@pehchaan/core';
import { api } from '@/lib/api-client';

/**
 * @param link an openid4vp:// URL, an https://…/present?… link, or the bare query.
 * @returns the new pending consent request (with `presentation`).
 * @throws {ApiError} HTTP_ERROR with a problem (invalid_presentation_link,
 *   presentation_request_refused, presentation_request_expired, presentation_request_replayed,
 *   request_already_answered, request_unavailable: `detail` is plain language), or ERR_NETWORK /
 *   ERR_API_DISABLED.
 */
export async function receivePresentationRequest(options: {
  userId: string;
  link: string;
}): Promise<ConsentRequest> {
  const answer = await api.post(
    `/user/${encodeURIComponent(options.userId)}/presentation-requests`,
    { link: options.link },
    { schema: presentationRequestAnswerSchema },
  );
  return answer.consent_request;
}

const PENDING_KEY = 'pehchaan.pendingPresentation';

/** Keeps `/present`'s query (without '?') for after sign-in; false when storage refused it. */
export function rememberPresentationQuery(query: string): boolean {
  try {
    sessionStorage.setItem(PENDING_KEY, query);
    return true;
  } catch {
    return false;
  }
}

/** The kept query, or null. Read-only: /present forgets it once it sends it. */
export function pendingPresentationQuery(): string | null {
  try {
    return sessionStorage.getItem(PENDING_KEY);
  } catch {
    return null;
  }
}

/** Forgets the kept query (once /present has it). */
export function forgetPresentationQuery(): void {
  try {
    sessionStorage.removeItem(PENDING_KEY);
  } catch {
    // storage unavailable: nothing was kept
  }
}
