/**
 * /user/{userId}/restore: brings back what an encrypted backup held, once the browser opened it
 * with the holder's passphrase (issue 19; accounts/restore-backup.ts).
 * HTTP only: schema and a thin handler calling one service. Mounted by routes/user/index.ts under
 * /user/:userId/restore, which authenticates (401) and checks the holder (403) first.
 */
import { RESTORE_BODY_LIMIT_BYTES, restoreAnswerSchema, restoreBodySchema } from '@pehchaan/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { restoreBackup } from '../../../accounts/restore-backup';
import { errorResponses } from '../../../lib/http-schemas';
import { IDEMPOTENT } from '../../../plugins/idempotency';
import { checkUncheckedCredentialsOfHolder } from '../../../wallet/check-credential-status';
import { holderRoute } from '../holder-route';

const restoreRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '',
    {
      config: IDEMPOTENT,
      // Received credentials are up to 64 KiB each (core RESTORE_BODY_LIMIT_BYTES).
      bodyLimit: RESTORE_BODY_LIMIT_BYTES,
      schema: {
        ...holderRoute,
        body: restoreBodySchema,
        operationId: 'restoreBackup',
        summary: 'Restore the settings and missing credentials of a backup (signatures checked)',
        description:
          "422 `backup_invalid` when a credential does not verify or is not this holder's " +
          '(nothing changes then). Credentials received from issuers (`received_credentials`, ' +
          "export version 2) are checked again with the issuer's current keys: 502 " +
          '`issuer_unreachable`, 422 `issuer_address_refused` or `issuer_metadata_invalid` when ' +
          'they cannot be had. A pending one is left out (counted in `credentials_skipped`). ' +
          "The cards' SD-JWT VCs (`credential_sd_jwts`, export version 3) are checked again " +
          "(signature by the document's issuer, `vct`, bound to this holder, the document's " +
          'claims) and restored byte for byte beside their documents; an invalid one is 422 ' +
          '`backup_invalid`.',
        response: {
          200: restoreAnswerSchema,
          ...errorResponses(400, 401, 403, 404, 409, 413, 422, 502),
        },
      },
    },
    async (request) => {
      const answer = await restoreBackup({
        ...app.deps,
        userId: request.params.userId,
        settings: request.body.settings,
        documents: request.body.verifiable_credentials,
        received: request.body.received_credentials,
        sdJwts: request.body.credential_sd_jwts,
      });
      // Restored credentials are checked at their issuers' lists as any arrival.
      await checkUncheckedCredentialsOfHolder(app.deps, request.params.userId);
      return answer;
    },
  );
};

export default restoreRoutes;
