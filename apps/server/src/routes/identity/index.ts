/**
 * /identity: credential issuance (SPEC 7, DECISIONS 4, api-contract).
 * POST /identity/generate-credential?user_id=...&document_type=... with no body; Bearer session
 * whose user is user_id (decided before the query is validated: 401, then 403). document_type is
 * SPEC 3's name ('PAN Card') or the catalogue key ('pan'), case-insensitive; the answer's
 * document_type is SPEC 3's name. The answer's `credential` is the record as the holder's list
 * answers it, identity numbers masked (DECISIONS 9.6); `verifiable_credential` is the signed
 * document as issued (as GET /user/{userId}/credentials/{id}/document answers it).
 */
import {
  credentialRecordSchema,
  DOCUMENT_TYPES,
  maskCredentialSubject,
  resolveDocumentType,
} from '@pehchaan/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerSecurity, errorResponses, userIdSchema } from '../../lib/http-schemas';
import { authenticate, authorizeHolder } from '../../plugins/auth';
import { IDEMPOTENT } from '../../plugins/idempotency';
import { withArrivalStatus } from '../../wallet/check-credential-status';
import { generateCredential } from '../../wallet/generate-credential';

const UNKNOWN_TYPE_DETAIL = `Unknown document_type. Use one of: ${DOCUMENT_TYPES.map((type) => `'${type.name}'`).join(', ')} (or its key, e.g. pan; case-insensitive)`;

const querySchema = z.object({
  user_id: userIdSchema('user_id').describe('The holder; must be the session user'),
  document_type: z
    .preprocess(
      // `?document_type=` means "none chosen", like leaving it out (SPEC 9: random type).
      (value) => (value === '' ? undefined : value),
      z
        .string()
        .max(64, UNKNOWN_TYPE_DETAIL)
        .transform((value, context) => {
          const type = resolveDocumentType(value);
          if (type) return type.key;
          context.addIssue({ code: 'custom', message: UNKNOWN_TYPE_DETAIL });
          return z.NEVER;
        })
        .optional(),
    )
    .describe(
      "SPEC 3's name, e.g. 'PAN Card', or its key, e.g. pan (case-insensitive); a random issuable type the holder lacks when absent",
    ),
});

const generateResponseSchema = z.object({
  credential_id: z.string(),
  /** The type's name as SPEC 3 gives it, e.g. 'PAN Card'. */
  document_type: z.string(),
  message: z.string(),
  /** The new credential as the holder's list answers it: identity numbers masked. */
  credential: credentialRecordSchema,
  /** The signed W3C VC 2.0 document the record is a view of. */
  verifiable_credential: z.record(z.string(), z.unknown()),
});

const identityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/generate-credential',
    {
      config: IDEMPOTENT,
      // Authorization before validation: the raw user_id decides 403 (plugins/auth.ts).
      onRequest: [
        authenticate,
        authorizeHolder((request) => (request.query as Record<string, unknown>).user_id),
      ],
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
      const generated = await generateCredential({
        ...app.deps,
        userId: request.query.user_id,
        documentType: request.query.document_type,
      });
      const { document } = generated;
      // A credential's status is checked when it arrives.
      const [record = generated.record] = await withArrivalStatus(app.deps, request.query.user_id, [
        generated.record,
      ]);
      return {
        credential_id: record.id,
        document_type: record.credential_subject.document_type,
        message: 'Credential generated successfully',
        credential: {
          ...record,
          credential_subject: maskCredentialSubject(record.credential_subject),
        },
        verifiable_credential: document,
      };
    },
  );
};

export default identityRoutes;
