/**
 * /user/{userId}/sessions: the holder's live sessions, ending one, and ending all but the
 * caller's (session management, docs/security.md).
 * HTTP only: schema and a thin handler calling one service. Mounted by routes/user/index.ts under
 * /user/:userId/sessions, which authenticates (401) and checks the holder (403) first.
 */
import { sessionListSchema, sessionRevokeAnswerSchema } from '@pehchaan/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listSessions } from '../../../accounts/list-sessions';
import { revokeHolderSession, revokeOtherSessions } from '../../../accounts/revoke-sessions';
import { errorResponses } from '../../../lib/http-schemas';
import { requireSession } from '../../../plugins/auth';
import { IDEMPOTENT } from '../../../plugins/idempotency';
import { holderParamsSchema, holderRoute } from '../holder-route';

const sessionParamsSchema = holderParamsSchema.extend({
  sessionId: z.string().min(1).max(128).describe("The session id ('sess-...')"),
});

const sessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      schema: {
        ...holderRoute,
        operationId: 'listSessions',
        summary: "The holder's live sessions, most recently used first",
        description:
          'Tokens are never shown (only their hashes are stored). `current` marks the session ' +
          'making this call.',
        response: { 200: sessionListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      listSessions({
        ...app.deps,
        userId: request.params.userId,
        currentSessionId: requireSession(request).sessionId,
      }),
  );

  app.delete(
    '/:sessionId',
    {
      config: IDEMPOTENT,
      schema: {
        ...holderRoute,
        params: sessionParamsSchema,
        operationId: 'revokeSession',
        summary: "End one of the holder's sessions (its token answers 401 from then on)",
        response: { 200: sessionRevokeAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { userId, sessionId } = request.params;
      const { revoked } = await revokeHolderSession({ ...app.deps, userId, sessionId });
      return { message: 'Session ended', revoked };
    },
  );

  app.post(
    '/revoke-others',
    {
      config: IDEMPOTENT,
      schema: {
        ...holderRoute,
        operationId: 'revokeOtherSessions',
        summary: "End every session of the holder except the caller's",
        response: { 200: sessionRevokeAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { revoked } = await revokeOtherSessions({
        ...app.deps,
        userId: request.params.userId,
        currentSessionId: requireSession(request).sessionId,
      });
      return {
        message: revoked === 1 ? 'Ended 1 other session' : `Ended ${revoked} other sessions`,
        revoked,
      };
    },
  );
};

export default sessionsRoutes;
