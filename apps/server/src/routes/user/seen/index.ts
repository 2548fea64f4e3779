/**
 * /user/{userId}/seen: stamps last_viewed on all the holder's credentials, consent requests or
 * activity logs (the notification badges).
 * HTTP only: schema and a thin handler calling one service. Mounted by routes/user/index.ts under
 * /user/:userId/seen, which authenticates (401) and checks the holder (403) first.
 */
import { markSeenAnswerSchema, markSeenSchema } from '@pehchaan/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/http-schemas';
import { IDEMPOTENT } from '../../../plugins/idempotency';
import { markSeen } from '../../../wallet/mark-seen';
import { holderRoute } from '../holder-route';

const seenRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '',
    {
      config: IDEMPOTENT,
      schema: {
        ...holderRoute,
        body: markSeenSchema,
        operationId: 'markSeen',
        summary:
          "Stamp last_viewed on all the holder's credentials, consent requests or activity logs",
        response: { 200: markSeenAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { userId } = request.params;
      const seen = await markSeen({ ...app.deps, userId, kinds: request.body.kinds });
      return { kinds: seen.kinds, last_viewed: seen.lastViewed.toISOString() };
    },
  );
};

export default seenRoutes;
