/**
 * /user/{userId}/activity-logs: the holder's activity log, newest first, the holder's own test
 * entry (SPEC 2 Add Test Log; every other type is the server's), and whether the log's hash
 * chain is intact (issue 17, /verify).
 * HTTP only: schema and a thin handler calling one service. Mounted by routes/user/index.ts under
 * /user/:userId/activity-logs, which authenticates (401) and checks the holder (403) first.
 */
import {
  activityChainVerdictSchema,
  activityLogAnswerSchema,
  activityLogListSchema,
  newActivityLogSchema,
} from '@pehchaan/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/http-schemas';
import { verifyActivityChain } from '../../../lib/verify-activity-chain';
import { IDEMPOTENT } from '../../../plugins/idempotency';
import { listActivityLogs } from '../../../wallet/list-activity-logs';
import { recordHolderActivity } from '../../../wallet/record-holder-activity';
import { holderRoute } from '../holder-route';

const activityLogsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      schema: {
        ...holderRoute,
        operationId: 'listActivityLogs',
        summary: "The holder's activity log, newest first",
        response: { 200: activityLogListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { userId } = request.params;
      const logs = await listActivityLogs({ ...app.deps, userId });
      return { activity_logs: logs, count: logs.length, user_id: userId };
    },
  );

  app.get(
    '/verify',
    {
      schema: {
        ...holderRoute,
        operationId: 'verifyActivityChain',
        summary: "Whether the holder's activity log is intact (its hash chain unbroken)",
        response: { 200: activityChainVerdictSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => verifyActivityChain({ db: app.deps.db, userId: request.params.userId }),
  );

  app.post(
    '',
    {
      config: IDEMPOTENT,
      schema: {
        ...holderRoute,
        body: newActivityLogSchema,
        operationId: 'recordActivity',
        summary: "Add a test entry (test_manual) to the holder's activity log",
        description:
          '403 `activity_type_reserved` for any other type or message code: the server writes ' +
          'those itself when the event happens.',
        response: { 201: activityLogAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { userId } = request.params;
      const { message_code: code, message_params: params, ...entry } = request.body;
      const message = code ? { message: { code, params } } : {};
      const activityLog = await recordHolderActivity({ ...app.deps, userId, ...entry, ...message });
      return reply.code(201).send({ message: 'Activity logged', activity_log: activityLog });
    },
  );
};

export default activityLogsRoutes;
