/**
 * /identity: credential issuance (SPEC 7, DECISIONS 4, api-contract).
 * POST /identity/generate-credential?user_id=...&document_type=... with no body; Bearer session
 * whose user is user_id.
 */
import { credentialRecordSchema, DOCUMENT_TYPE_KEYS } from '@pehchaan/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, requireUser } from '../../plugins/auth';
import { IDEMPOTENT } from '../../plugins/idempotency';
import { generateCredential } from '../../services/generate-credential';
import { bearerSecurity, errorResponses, userIdSchema } from '../schemas';

const UNKNOWN_TYPE_DETAIL = `Unknown document_type. Use one of: ${DOCUMENT_TYPE_KEYS.join(', ')}`;

const querySchema = z.object({
  user_id: userIdSchema('user_id').describe('The holder; must be the session user'),
  document_type: z
    .preprocess(
      // `?document_type=` means "none chosen", like leaving it out (SPEC 9: random type).
      (value) => (value === '' ? undefined : value),
      z.enum(DOCUMENT_TYPE_KEYS, { error: UNKNOWN_TYPE_DETAIL }).optional(),
    )
    .describe('A catalogue key, e.g. pan; a random issuable type the holder lacks when absent'),
});

const generateResponseSchema = z.object({
  credential_id: z.string(),
  message: z.string(),
  credential: credentialRecordSchema,
  /** The signed W3C VC 2.0 document the record is a view of. */
  verifiable_credential: z.record(z.string(), z.unknown()),
});

const identityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/generate-credential',
    {
      config: IDEMPOTENT,
      onRequest: authenticate,
      // After validation, so query.user_id is the checked value.
      preHandler: async (request) => {
        requireUser(request, querySchema.parse(request.query).user_id);
      },
      schema: {
        tags: ['identity'],
        operationId: 'generateCredential',
        summary: 'Issue a credential of one document type to the holder',
        security: bearerSecurity,
        querystring: querySchema,
        response: { 200: generateResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { record, document } = await generateCredential({
        ...app.deps,
        userId: request.query.user_id,
        documentType: request.query.document_type,
      });
      return {
        credential_id: record.id,
        message: 'Credential generated successfully',
        credential: record,
        verifiable_credential: document,
      };
    },
  );
};

export default identityRoutes;
