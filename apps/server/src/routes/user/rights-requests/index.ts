/**
 * /user/{userId}/rights-requests (issue 17, docs/api-contract.md "Grievances and erasure
 * requests"): the holder sends a data fiduciary a grievance (DPDP Act s.13) or an erasure
 * request (s.12(3)) about one consent, with its receipt, and follows its status.
 * HTTP only: schema and a thin handler calling one service. Mounted by routes/user/index.ts,
 * which authenticates (401) and checks the holder (403) first.
 */
import {
  newRightsRequestSchema,
  rightsRequestAnswerSchema,
  rightsRequestListSchema,
} from '@pehchaan/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listRightsRequests } from '../../../consent/list-rights-requests';
import { sendRightsRequest } from '../../../consent/send-rights-request';
import { errorResponses } from '../../../lib/http-schemas';
import { IDEMPOTENT } from '../../../plugins/idempotency';
import { holderRoute } from '../holder-route';

const SENT = { grievance: 'Grievance sent', erasure: 'Erasure request sent' } as const;

const rightsRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      schema: {
        ...holderRoute,
        operationId: 'listRightsRequests',
        summary: "The holder's grievances and erasure requests, newest first, with their status",
        response: { 200: rightsRequestListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { userId } = request.params;
      const requests = await listRightsRequests({ ...app.deps, userId });
      return { rights_requests: requests, count: requests.length, user_id: userId };
    },
  );

  app.post(
    '',
    {
      config: IDEMPOTENT,
      schema: {
        ...holderRoute,
        operationId: 'sendRightsRequest',
        summary:
          "Send a consent's data fiduciary a grievance or an erasure request, with its receipt",
        body: newRightsRequestSchema,
        response: { 201: rightsRequestAnswerSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const { kind, consent_request_id, receipt_id, message } = request.body;
      const sent = await sendRightsRequest({
        ...app.deps,
        userId: request.params.userId,
        kind,
        consentRequestId: consent_request_id,
        ...(receipt_id ? { receiptId: receipt_id } : {}),
        message,
      });
      return reply.code(201).send({ message: SENT[kind], rights_request: sent });
    },
  );
};

export default rightsRequestsRoutes;
