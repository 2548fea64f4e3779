/**
 * /user/{userId}/...: the signed-in holder's own data (SPEC 7, DECISIONS 3 and 6).
 * Every route needs a Bearer session (401) whose user is {userId} (403).
 */
import {
  activityLogListSchema,
  consentRequestListSchema,
  credentialListSchema,
} from '@pehchaan/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, requireUser } from '../../plugins/auth';
import { listActivityLogs } from '../../services/list-activity-logs';
import { listConsentRequests } from '../../services/list-consent-requests';
import { listCredentials } from '../../services/list-credentials';
import { bearerSecurity, errorResponses, userIdSchema } from '../schemas';

const paramsSchema = z.object({ userId: userIdSchema('userId') });

const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticate);
  // After validation, so params.userId is the checked value.
  app.addHook('preHandler', async (request) => {
    requireUser(request, paramsSchema.parse(request.params).userId);
  });

  const common = {
    tags: ['holder'],
    security: bearerSecurity,
    params: paramsSchema,
  };

  app.get(
    '/:userId/credentials',
    {
      schema: {
        ...common,
        summary: "The holder's credentials (screen records)",
        response: { 200: credentialListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { userId } = request.params;
      const credentials = await listCredentials({ ...app.deps, userId });
      return { credentials, count: credentials.length, user_id: userId };
    },
  );

  app.get(
    '/:userId/consent-requests',
    {
      schema: {
        ...common,
        summary: "The holder's consent requests",
        response: { 200: consentRequestListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { userId } = request.params;
      const requests = await listConsentRequests({ db: app.deps.db, userId });
      return { consent_requests: requests, count: requests.length, user_id: userId };
    },
  );

  app.get(
    '/:userId/activity-logs',
    {
      schema: {
        ...common,
        summary: "The holder's activity log, newest first",
        response: { 200: activityLogListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { userId } = request.params;
      const logs = await listActivityLogs({ db: app.deps.db, userId });
      return { activity_logs: logs, count: logs.length, user_id: userId };
    },
  );
};

export default userRoutes;
