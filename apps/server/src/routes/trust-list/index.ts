/**
 * /trust-list (DECISIONS 9.3; docs/security.md "The trust list"): the issuers this deployment
 * trusts, public, for wallets and verifiers elsewhere to see whom its verdicts trust. HTTP only:
 * the schema and a thin handler calling platform/get-trust-list.ts. Revalidated on every use
 * (PUBLIC_CACHE.live): `npm run issuer:trust` may change it at any time.
 */
import { trustListSchema } from '@pehchaan/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getTrustList } from '../../platform/get-trust-list';
import { PUBLIC_CACHE } from '../../plugins/security-headers';

const trustListRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      config: { publicCache: PUBLIC_CACHE.live },
      schema: {
        tags: ['metadata'],
        operationId: 'getTrustList',
        summary:
          'The issuers this deployment trusts: identifiers, names, keys, DIDs and the document types each may issue',
        response: { 200: trustListSchema },
      },
    },
    async () => getTrustList(app.deps),
  );
};

export default trustListRoutes;
