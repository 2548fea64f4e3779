/**
 * /user/{userId}/shares: the holder's share links (docs/api-contract.md "Share links"): make one
 * that discloses only the chosen fields for 1h, 1d, 7d or 30d with an optional view limit, list
 * them (this holder's only) and withdraw one.
 * HTTP only: schema and a thin handler calling one service. Mounted by routes/user/index.ts under
 * /user/:userId/shares, which authenticates (401) and checks the holder (403) first.
 */
import { shareAnswerSchema, shareCreateBodySchema, shareListSchema } from '@pehchaan/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../lib/http-schemas';
import { IDEMPOTENT } from '../../../plugins/idempotency';
import { createShare } from '../../../wallet/create-share';
import { listShares } from '../../../wallet/list-shares';
import { withdrawShare } from '../../../wallet/withdraw-share';
import { holderParamsSchema, holderRoute } from '../holder-route';

const shareParamsSchema = holderParamsSchema.extend({
  shareId: z.string().min(1).max(128).describe("The share id ('share-...')"),
});

const sharesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      schema: {
        ...holderRoute,
        operationId: 'listShares',
        summary: "The holder's share links, newest first, with views and status",
        response: { 200: shareListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listShares({ ...app.deps, userId: request.params.userId }),
  );

  app.post(
    '',
    {
      config: IDEMPOTENT,
      schema: {
        ...holderRoute,
        operationId: 'createShare',
        summary: 'Make a share link that discloses only the chosen fields of one credential',
        description:
          'Identity numbers among `fields` are shown masked (Aadhaar last four digits, phone ' +
          'two and two) unless also named in `full_values`.',
        body: shareCreateBodySchema,
        response: { 201: shareAnswerSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { credential_id, fields, full_values, lifetime, max_views, consent_request_id } =
        request.body;
      const share = await createShare({
        ...app.deps,
        userId: request.params.userId,
        credentialId: credential_id,
        fields,
        fullValues: full_values ?? [],
        lifetime,
        maxViews: max_views ?? null,
        ...(consent_request_id ? { consentRequestId: consent_request_id } : {}),
      });
      return reply.code(201).send({ message: 'Share link created', share });
    },
  );

  app.post(
    '/:shareId/withdraw',
    {
      config: IDEMPOTENT,
      schema: {
        ...holderRoute,
        params: shareParamsSchema,
        operationId: 'withdrawShare',
        summary: 'Withdraw a share link: it answers 410 share_withdrawn from then on',
        response: { 200: shareAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { userId, shareId } = request.params;
      const share = await withdrawShare({ ...app.deps, userId, shareId });
      return { message: 'Share link withdrawn', share };
    },
  );
};

export default sharesRoutes;
