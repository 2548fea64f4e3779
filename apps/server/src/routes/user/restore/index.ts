/**
 * /user/{userId}/restore: brings back what an encrypted backup held, once the browser opened it
 * with the holder's passphrase (issue 19; accounts/restore-backup.ts).
 * HTTP only: schema and a thin handler calling one service. Mounted by routes/user/index.ts under
 * /user/:userId/restore, which authenticates (401) and checks the holder (403) first.
 */
import { restoreAnswerSchema, restoreBodySchema } from '@pehchaan/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { restoreBackup } from '../../../accounts/restore-backup';
import { errorResponses } from '../../../lib/http-schemas';
import { IDEMPOTENT } from '../../../plugins/idempotency';
import { holderRoute } from '../holder-route';

const restoreRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '',
    {
      config: IDEMPOTENT,
      schema: {
        ...holderRoute,
        body: restoreBodySchema,
        operationId: 'restoreBackup',
        summary: 'Restore the settings and missing credentials of a backup (signatures checked)',
        description:
          "422 `backup_invalid` when a credential does not verify or is not this holder's " +
          '(nothing changes then).',
        response: { 200: restoreAnswerSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) =>
      restoreBackup({
        ...app.deps,
        userId: request.params.userId,
        settings: request.body.settings,
        documents: request.body.verifiable_credentials,
      }),
  );
};

export default restoreRoutes;
