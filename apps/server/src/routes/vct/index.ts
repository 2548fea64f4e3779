/**
 * /vct: SD-JWT VC Type Metadata (draft-ietf-oauth-sd-jwt-vc, "SD-JWT VC Type Metadata";
 * DECISIONS D7.2), public and offline-resolvable by anyone holding a credential's `vct`:
 * `GET /vct` lists every document type with its `vct` and disclosable claims; `GET /vct/{type}`
 * answers the Type Metadata document whose `vct` is that URL ({PUBLIC_ORIGIN}/vct/{type}), with
 * English and Hindi display. HTTP only: schema and a thin handler calling one service.
 * Public documents without personal data, cached for an hour (PUBLIC_CACHE.release).
 */
import { DOCUMENT_TYPE_KEYS, typeMetadataSchema, vctListSchema } from '@pehchaan/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getCredentialTypeMetadata } from '../../issuer/get-credential-type-metadata';
import { listCredentialTypes } from '../../issuer/list-credential-types';
import { errorResponses } from '../../lib/http-schemas';
import { PUBLIC_CACHE } from '../../plugins/security-headers';

const typeParamsSchema = z.object({
  type: z
    .string()
    .min(1)
    .max(64)
    .describe(`A document type key: ${DOCUMENT_TYPE_KEYS.join(', ')}`),
});

const vctRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      config: { publicCache: PUBLIC_CACHE.release },
      schema: {
        tags: ['metadata'],
        operationId: 'listCredentialTypes',
        summary: 'Every credential type with its SD-JWT VC vct and disclosable claims',
        response: { 200: vctListSchema },
      },
    },
    async () => listCredentialTypes(app.deps),
  );

  app.get(
    '/:type',
    {
      config: { publicCache: PUBLIC_CACHE.release },
      schema: {
        tags: ['metadata'],
        operationId: 'getCredentialTypeMetadata',
        summary: 'SD-JWT VC Type Metadata of one credential type (en and hi display)',
        params: typeParamsSchema,
        response: { 200: typeMetadataSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => getCredentialTypeMetadata({ ...app.deps, type: request.params.type }),
  );
};

export default vctRoutes;
