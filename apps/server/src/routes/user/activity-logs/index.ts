/**
 * /user/{userId}/activity-logs: the holder's activity log, newest first, and recording an entry
 * of one of the SPEC 3 types.
 * HTTP only: schema and a thin handler calling one service. Mounted by routes/user/index.ts under
 * /user/:userId/activity-logs, which authenticates (401) and checks the holder (403) first.
 */
import {
  activityLogAnswerSchema,
  activityLogListSchema,
  newActivityLogSchema,
} from '@pehchaan/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IDEMPOTENT } from '../../../plugins/idempotency';
import { listActivityLogs } from '../../../services/list-activity-logs';
import { recordActivity } from '../../../services/record-activity';
import { errorResponses } from '../../schemas';
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
      const logs = await listActivityLogs({ db: app.deps.db, userId });
      return { activity_logs: logs, count: logs.length, user_id: userId };
    },
  );

  app.post(
    '',
    {
      config: IDEMPOTENT,
      schema: {
        ...holderRoute,
        body: newActivityLogSchema,
        operationId: 'recordActivity',
        summary: 'Record an activity entry of one of the SPEC 3 types',
        response: { 201: activityLogAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { userId } = request.params;
      const { message_code: code, message_params: params, ...entry } = request.body;
      const message = code ? { message: { code, params } } : {};
      const activityLog = await recordActivity({ ...app.deps, userId, ...entry, ...message });
      return reply.code(201).send({ message: 'Activity logged', activity_log: activityLog });
    },
  );
};

export default activityLogsRoutes;
