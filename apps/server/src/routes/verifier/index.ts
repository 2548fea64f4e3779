/**
 * The verifier API, mounted under /verifier (docs/api-contract.md "Verifiers (OpenID4VP)"):
 * registered organisations, authenticated by `Authorization: Bearer <api key>` (401
 * 'unauthenticated' without a valid one), ask holders for claims over OpenID4VP 1.0.
 *
 * - POST /verifier/requests { purpose, dcql_query }: 201 { id, request_uri, openid4vp_url,
 *   wallet_url, expires_at }; 422 'purpose_not_registered' or 'claims_outside_purpose'.
 * - GET /verifier/requests/{id}: the request's status, verified claims and checks; 404 for an
 *   id that is not this verifier's.
 * - GET /verifier/me: the key's organisation and its registered purposes (what the verifier
 *   portal at /verifier offers).
 * - GET /verifier/rights-requests: the grievances and erasure requests data principals sent this
 *   organisation (issue 17); POST /verifier/rights-requests/{id}/resolve marks one done.
 */
import {
  createVerifierRequestAnswerSchema,
  createVerifierRequestBodySchema,
  resolveRightsRequestSchema,
  verifierOrganisationSchema,
  verifierRequestAnswerSchema,
  verifierRightsRequestAnswerSchema,
  verifierRightsRequestListSchema,
} from '@pehchaan/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listVerifierRightsRequests } from '../../consent/list-verifier-rights-requests';
import { resolveRightsRequest } from '../../consent/resolve-rights-request';
import { AppError } from '../../lib/errors';
import { errorResponses } from '../../lib/http-schemas';
import { authenticateVerifier } from '../../verifier/authenticate-verifier';
import { createVerifierRequest } from '../../verifier/create-verifier-request';
import { getVerifierOrganisation } from '../../verifier/get-verifier-organisation';
import { getVerifierRequest } from '../../verifier/get-verifier-request';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the verifier routes' API key check; null elsewhere. */
    verifierId: string | null;
  }
}

/** Routes that need `Authorization: Bearer <verifier api key>`. */
const verifierSecurity = [{ verifierApiKey: [] }];

const verifierOf = (request: { verifierId: string | null }): string => {
  if (!request.verifierId) throw new AppError('unauthenticated', 'Not authenticated');
  return request.verifierId;
};

const verifierRoutes: FastifyPluginAsyncZod = async (app) => {
  app.decorateRequest('verifierId', null);
  // Before body validation, so a caller without a key learns nothing else.
  app.addHook('onRequest', async (request) => {
    const { verifierId } = await authenticateVerifier({
      db: app.deps.db,
      authorization: request.headers.authorization,
    });
    request.verifierId = verifierId;
  });

  app.get(
    '/me',
    {
      schema: {
        tags: ['verifier'],
        operationId: 'getVerifierOrganisation',
        summary: "The API key's organisation and its registered purposes with their claims",
        security: verifierSecurity,
        response: { 200: verifierOrganisationSchema, ...errorResponses(401) },
      },
    },
    async (request) => getVerifierOrganisation({ ...app.deps, verifierId: verifierOf(request) }),
  );

  app.post(
    '/requests',
    {
      schema: {
        tags: ['verifier'],
        operationId: 'createVerifierRequest',
        summary: 'Ask a holder for claims (OpenID4VP 1.0 with DCQL) for a registered purpose',
        security: verifierSecurity,
        body: createVerifierRequestBodySchema,
        response: {
          201: createVerifierRequestAnswerSchema,
          ...errorResponses(400, 401, 413, 415, 422),
        },
      },
    },
    async (request, reply) => {
      const answer = await createVerifierRequest({
        ...app.deps,
        verifierId: verifierOf(request),
        purpose: request.body.purpose,
        dcqlQuery: request.body.dcql_query,
      });
      return reply.code(201).send(answer);
    },
  );

  app.get(
    '/requests/:requestId',
    {
      schema: {
        tags: ['verifier'],
        operationId: 'getVerifierRequest',
        summary: "A verifier request's status, verified claims and checks",
        security: verifierSecurity,
        params: z.object({ requestId: z.string().min(1).max(128) }),
        response: { 200: verifierRequestAnswerSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) =>
      getVerifierRequest({
        ...app.deps,
        verifierId: verifierOf(request),
        requestId: request.params.requestId,
      }),
  );

  app.get(
    '/rights-requests',
    {
      schema: {
        tags: ['verifier'],
        operationId: 'listVerifierRightsRequests',
        summary:
          'Grievances and erasure requests data principals sent this organisation, newest first',
        security: verifierSecurity,
        response: { 200: verifierRightsRequestListSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const requests = await listVerifierRightsRequests({
        ...app.deps,
        verifierId: verifierOf(request),
      });
      return { rights_requests: requests, count: requests.length };
    },
  );

  app.post(
    '/rights-requests/:requestId/resolve',
    {
      schema: {
        tags: ['verifier'],
        operationId: 'resolveRightsRequest',
        summary: "Mark a data principal's grievance or erasure request done, with a note",
        security: verifierSecurity,
        params: z.object({ requestId: z.string().min(1).max(128) }),
        body: resolveRightsRequestSchema.nullish(),
        response: {
          200: verifierRightsRequestAnswerSchema,
          ...errorResponses(400, 401, 404, 413, 415),
        },
      },
    },
    async (request) => {
      const resolved = await resolveRightsRequest({
        ...app.deps,
        verifierId: verifierOf(request),
        requestId: request.params.requestId,
        ...(request.body?.note ? { note: request.body.note } : {}),
      });
      return { message: 'Request marked as resolved', rights_request: resolved };
    },
  );
};

export default verifierRoutes;
