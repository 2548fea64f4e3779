/**
 * /user/{userId}/deletion: Delete Account (DPDP Act s.12; issue 19): erasure in 7 days unless the
 * holder signs in before; what the law requires is kept for its period.
 * HTTP only: schema and a thin handler calling one service. Mounted by routes/user/index.ts under
 * /user/:userId/deletion, which authenticates (401) and checks the holder (403) first.
 */
import { accountDeletionSchema } from '@pehchaan/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestAccountDeletion } from '../../../accounts/request-account-deletion';
import { errorResponses } from '../../../lib/http-schemas';
import { IDEMPOTENT } from '../../../plugins/idempotency';
import { holderRoute } from '../holder-route';

const deletionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '',
    {
      config: IDEMPOTENT,
      schema: {
        ...holderRoute,
        operationId: 'requestAccountDeletion',
        summary: 'Delete the account: erasure in 7 days unless the holder signs in before',
        description:
          'Signs the holder out everywhere. After the grace period everything is erased except ' +
          'the security log and consent records, kept for one year (DPDP Rules 2025, rule 6).',
        response: { 200: accountDeletionSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => requestAccountDeletion({ ...app.deps, userId: request.params.userId }),
  );
};

export default deletionRoutes;
