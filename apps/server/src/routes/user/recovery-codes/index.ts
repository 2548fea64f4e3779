/**
 * /user/{userId}/recovery-codes: the recovery codes of two-factor authentication (docs/
 * security.md "Recovery codes"; docs/api-contract.md "Security settings"): how many are left, and
 * a new set. HTTP only: schema and a thin handler calling one service. Mounted by
 * routes/user/index.ts under /user/:userId/recovery-codes, which authenticates (401) and checks
 * the holder (403) first.
 *
 * POST is the one mutating holder call without an Idempotency-Key (plugins/idempotency.ts): a
 * replay would need its answer stored, and its answer is the codes, which are kept nowhere but
 * as keyed hashes. A retry makes a new set, which replaces the one whose answer was lost.
 */
import { recoveryCodesAnswerSchema, recoveryCodesStatusSchema } from '@pehchaan/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getRecoveryCodes } from '../../../accounts/get-recovery-codes';
import { makeRecoveryCodes } from '../../../accounts/make-recovery-codes';
import { errorResponses } from '../../../lib/http-schemas';
import { requireSession } from '../../../plugins/auth';
import { holderRoute } from '../holder-route';

const recoveryCodesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      schema: {
        ...holderRoute,
        operationId: 'getRecoveryCodes',
        summary: 'How many unused recovery codes the holder has (never the codes)',
        response: { 200: recoveryCodesStatusSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => getRecoveryCodes({ db: app.deps.db, userId: request.params.userId }),
  );

  app.post(
    '',
    {
      schema: {
        ...holderRoute,
        operationId: 'makeRecoveryCodes',
        summary:
          'Make ten new recovery codes (shown in this answer only; the old ones stop working)',
        description:
          'Each code signs in once in place of the passkey (POST /api/auth/second-factor, ' +
          '`recovery_code`). While the holder has unused codes, only a session signed in within ' +
          'the last 10 minutes may replace them: 403 `recent_sign_in_required` otherwise. ' +
          'Writes a `recovery_codes_generated` entry. No Idempotency-Key: the codes are never ' +
          'stored, so an answer cannot be replayed.',
        response: { 201: recoveryCodesAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const made = await makeRecoveryCodes({
        ...app.deps,
        userId: request.params.userId,
        sessionId: requireSession(request).sessionId,
      });
      return reply.code(201).send(made);
    },
  );
};

export default recoveryCodesRoutes;
