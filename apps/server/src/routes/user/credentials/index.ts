/**
 * /user/{userId}/credentials: the holder's credentials (screen records), one credential's signed
 * document and its SD-JWT VC, deleting one, their display order, and recording a copy or
 * download made on the device in the activity log.
 * HTTP only: schema and a thin handler calling one service. Mounted by routes/user/index.ts under
 * /user/:userId/credentials, which authenticates (401) and checks the holder (403) first.
 */
import {
  activityLogAnswerSchema,
  credentialActivityBodySchema,
  credentialListSchema,
  SD_JWT_VC_MEDIA_TYPE,
} from '@pehchaan/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCachedAnswer } from '../../../lib/cached-answer';
import { errorResponses } from '../../../lib/http-schemas';
import { IDEMPOTENT } from '../../../plugins/idempotency';
import { deleteCredential } from '../../../wallet/delete-credential';
import { getCredentialDocument } from '../../../wallet/get-credential-document';
import { getCredentialSdJwt } from '../../../wallet/get-credential-sd-jwt';
import { listCredentials } from '../../../wallet/list-credentials';
import { recordCredentialActivity } from '../../../wallet/record-credential-activity';
import { reorderCredentials } from '../../../wallet/reorder-credentials';
import { holderParamsSchema, holderRoute } from '../holder-route';

const credentialParamsSchema = holderParamsSchema.extend({
  id: z.string().min(1).max(128).describe("The credential id ('cred-...')"),
});
const deleteResponseSchema = z.object({ message: z.string(), credential_id: z.string() });
const documentResponseSchema = z.object({
  verifiable_credential: z.record(z.string(), z.unknown()),
});
const orderSchema = z.object({
  credential_ids: z.array(z.string().min(1).max(128)).max(100),
});

const credentialsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      schema: {
        ...holderRoute,
        operationId: 'listCredentials',
        summary: "The holder's credentials (screen records)",
        response: { 200: credentialListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { userId } = request.params;
      return sendCachedAnswer(
        reply,
        app.readCache,
        `credentials:${userId}`,
        app.deps.now,
        async () => {
          const credentials = await listCredentials({ ...app.deps, userId });
          return {
            holderId: userId,
            value: { credentials, count: credentials.length, user_id: userId },
          };
        },
      );
    },
  );

  app.get(
    '/:id/document',
    {
      schema: {
        ...holderRoute,
        params: credentialParamsSchema,
        operationId: 'getCredentialDocument',
        summary: 'The signed W3C VC 2.0 document of one credential, as stored (Download JSON)',
        response: { 200: documentResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { userId, id } = request.params;
      const document = await getCredentialDocument({ ...app.deps, userId, credentialId: id });
      return { verifiable_credential: document };
    },
  );

  app.get(
    '/:id/sd-jwt',
    {
      schema: {
        ...holderRoute,
        params: credentialParamsSchema,
        operationId: 'getCredentialSdJwt',
        summary:
          'The same credential as an SD-JWT VC (dc+sd-jwt) with every disclosure, bound to the holder key',
        response: {
          200: {
            description:
              'The compact SD-JWT VC: issuer JWT, then each disclosure, each ending in ~',
            content: { [SD_JWT_VC_MEDIA_TYPE]: { schema: z.string() } },
          },
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { userId, id } = request.params;
      const sdJwt = await getCredentialSdJwt({ ...app.deps, userId, credentialId: id });
      return reply.type(SD_JWT_VC_MEDIA_TYPE).send(sdJwt);
    },
  );

  app.delete(
    '/:id',
    {
      config: IDEMPOTENT,
      schema: {
        ...holderRoute,
        params: credentialParamsSchema,
        operationId: 'deleteCredential',
        summary: 'Delete one credential (the Basic Identity is permanent)',
        response: { 200: deleteResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { userId, id } = request.params;
      const credentialId = await deleteCredential({ ...app.deps, userId, credentialId: id });
      return { message: 'Credential deleted successfully', credential_id: credentialId };
    },
  );

  app.post(
    '/:id/activity',
    {
      config: IDEMPOTENT,
      schema: {
        ...holderRoute,
        params: credentialParamsSchema,
        body: credentialActivityBodySchema,
        operationId: 'recordCredentialActivity',
        summary: "Record a copy or download of one credential made on the holder's device",
        response: { 201: activityLogAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { userId, id } = request.params;
      const activityLog = await recordCredentialActivity({
        ...app.deps,
        userId,
        credentialId: id,
        type: request.body.type,
      });
      return reply.code(201).send({ message: 'Activity logged', activity_log: activityLog });
    },
  );

  app.put(
    '/order',
    {
      config: IDEMPOTENT,
      schema: {
        ...holderRoute,
        body: orderSchema,
        operationId: 'reorderCredentials',
        summary: 'Store the display order of the credentials (Basic Identity stays first)',
        response: { 200: orderSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { userId } = request.params;
      const ids = await reorderCredentials({
        db: app.deps.db,
        userId,
        credentialIds: request.body.credential_ids,
      });
      return { credential_ids: ids };
    },
  );
};

export default credentialsRoutes;
