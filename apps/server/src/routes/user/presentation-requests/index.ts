/**
 * /user/{userId}/presentation-requests: a verifier's OpenID4VP 1.0 link the holder opened,
 * scanned or pasted becomes one of their pending consent requests (issue 16, docs/oid4vp.md).
 * HTTP only: schema and a thin handler calling one service. Mounted by routes/user/index.ts,
 * which authenticates (401) and checks the holder (403) first.
 */
import { presentationLinkSchema, presentationRequestAnswerSchema } from '@pehchaan/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { receivePresentationRequest } from '../../../consent/receive-presentation-request';
import { errorResponses } from '../../../lib/http-schemas';
import { IDEMPOTENT } from '../../../plugins/idempotency';
import { holderRoute } from '../holder-route';

const presentationRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '',
    {
      config: IDEMPOTENT,
      schema: {
        ...holderRoute,
        body: presentationLinkSchema,
        operationId: 'receivePresentationRequest',
        summary:
          "Receive a verifier's OpenID4VP request (openid4vp:// or /present link) as a pending consent request",
        response: {
          201: presentationRequestAnswerSchema,
          ...errorResponses(400, 401, 403, 409, 410, 422, 502),
        },
      },
    },
    async (request, reply) => {
      const consentRequest = await receivePresentationRequest({
        ...app.deps,
        userId: request.params.userId,
        link: request.body.link,
      });
      reply.code(201);
      return { message: 'Presentation request received', consent_request: consentRequest };
    },
  );
};

export default presentationRequestsRoutes;
