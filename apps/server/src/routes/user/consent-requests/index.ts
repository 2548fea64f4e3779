/**
 * /user/{userId}/consent-requests: the holder's consent requests, Reset Requests, the final
 * approve or reject decision (SPEC 4; for an OpenID4VP request, issue 16, the answer is sent to
 * the verifier first: consent/decide-consent-request.ts) and the withdrawal of an approved
 * consent (issue 17: consent/withdraw-consent.ts).
 * HTTP only: schema and a thin handler calling one service. Mounted by routes/user/index.ts under
 * /user/:userId/consent-requests, which authenticates (401) and checks the holder (403) first.
 */
import {
  CONSENT_DECISIONS,
  consentDecisionAnswerSchema,
  consentDecisionSchema,
  consentRequestListSchema,
  consentResetAnswerSchema,
  consentWithdrawalAnswerSchema,
  consentWithdrawalSchema,
  nextConsentChange,
  withSentClaims,
} from '@pehchaan/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { decideConsentRequest } from '../../../consent/decide-consent-request';
import { listConsentRequests } from '../../../consent/list-consent-requests';
import { resetConsentRequests } from '../../../consent/reset-consent-requests';
import { withdrawConsent } from '../../../consent/withdraw-consent';
import { sendCachedAnswer } from '../../../lib/cached-answer';
import { errorResponses } from '../../../lib/http-schemas';
import { IDEMPOTENT } from '../../../plugins/idempotency';
import { SESSIONS_UNTOUCHED } from '../../../plugins/read-cache';
import { holderParamsSchema, holderRoute } from '../holder-route';

const consentParamsSchema = holderParamsSchema.extend({
  id: z.string().min(1).max(128).describe("The consent request id ('consent-...')"),
});

/**
 * The writes of this file: each takes an Idempotency-Key, and none writes a session row (they
 * call consent/ use cases only), so the holder's cached sessions outlive them.
 */
const CONSENT_WRITE = { ...IDEMPOTENT, ...SESSIONS_UNTOUCHED };

const consentRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      schema: {
        ...holderRoute,
        operationId: 'listConsentRequests',
        summary: "The holder's consent requests",
        response: { 200: consentRequestListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { userId } = request.params;
      return sendCachedAnswer(
        reply,
        app.readCache,
        `consent:${userId}`,
        app.deps.now,
        async () => {
          const requests = await listConsentRequests({ ...app.deps, userId });
          return {
            holderId: userId,
            value: { consent_requests: requests, count: requests.length, user_id: userId },
            // The answer changes by the clock alone when a consent ends or its reminder is due.
            expiresAt: nextConsentChange(requests, app.deps.now().getTime()),
          };
        },
        userId,
      );
    },
  );

  app.post(
    '/reset',
    {
      config: CONSENT_WRITE,
      schema: {
        ...holderRoute,
        operationId: 'resetConsentRequests',
        summary:
          'Restore the three seeded pending consent requests of this holder (Reset Requests)',
        response: { 200: consentResetAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { userId } = request.params;
      const requests = await resetConsentRequests({ ...app.deps, userId });
      return {
        message: 'Consent requests reset',
        consent_requests: requests,
        count: requests.length,
        user_id: userId,
      };
    },
  );

  for (const decision of CONSENT_DECISIONS) {
    app.post(
      `/:id/${decision}`,
      {
        config: CONSENT_WRITE,
        schema: {
          ...holderRoute,
          params: consentParamsSchema,
          // Optional: without a body the decision time is the server's.
          body: consentDecisionSchema.nullish(),
          operationId: decision === 'approve' ? 'approveConsentRequest' : 'rejectConsentRequest',
          summary:
            decision === 'approve'
              ? 'Approve a pending consent request (final)'
              : 'Reject a pending consent request (final)',
          response: {
            200: consentDecisionAnswerSchema,
            ...errorResponses(400, 401, 403, 404, 409, 410, 422, 502),
          },
        },
      },
      async (request) => {
        const { userId, id } = request.params;
        const result = await decideConsentRequest({
          ...app.deps,
          userId,
          consentRequestId: id,
          decision,
          decidedAt: request.body?.decided_at ? new Date(request.body.decided_at) : undefined,
          ...(request.body?.claims ? { claims: request.body.claims } : {}),
          ...(request.body?.notice_language
            ? { noticeLanguage: request.body.notice_language }
            : {}),
        });
        return {
          message: decision === 'approve' ? 'Consent request approved' : 'Consent request rejected',
          // What was sent, from the decision's receipt, as the list shows it.
          consent_request: withSentClaims(result.consentRequest, result.consentReceipt.receipt),
          activity_log: result.activityLog,
          consent_receipt: result.consentReceipt,
          ...(result.redirectUri ? { redirect_uri: result.redirectUri } : {}),
        };
      },
    );
  }

  // Issue 17: withdrawal of an approved consent, as easy as approving it (DPDP Act s.6(4)).
  app.post(
    '/:id/withdraw',
    {
      config: CONSENT_WRITE,
      schema: {
        ...holderRoute,
        params: consentParamsSchema,
        // Optional: without a body the withdrawal time is the server's.
        body: consentWithdrawalSchema.nullish(),
        operationId: 'withdrawConsent',
        summary:
          'Withdraw an approved consent: stops its uses, erases what the hosted verifier holds, notifies the verifier',
        response: {
          200: consentWithdrawalAnswerSchema,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const { userId, id } = request.params;
      const withdrawnAt = request.body?.withdrawn_at;
      const result = await withdrawConsent({
        ...app.deps,
        userId,
        consentRequestId: id,
        ...(withdrawnAt ? { withdrawnAt: new Date(withdrawnAt) } : {}),
      });
      // A notice was queued: deliver it now rather than at the next run.
      if (result.consentRequest.withdrawal_notice) app.consentJobs.kick();
      return {
        message: 'Consent withdrawn',
        // What was sent: the withdrawal's receipt repeats its approval's items.
        consent_request: withSentClaims(result.consentRequest, result.consentReceipt.receipt),
        activity_log: result.activityLog,
        consent_receipt: result.consentReceipt,
      };
    },
  );
};

export default consentRequestsRoutes;
