/**
 * /user/{userId}/password: the optional account password, a second factor at sign-in (issue 19;
 * SPEC 5's Change Password form made real): whether one is set, set or change it, remove it.
 * HTTP only: schema and a thin handler calling one service. Mounted by routes/user/index.ts under
 * /user/:userId/password, which authenticates (401) and checks the holder (403) first.
 */
import {
  passwordChangeBodySchema,
  passwordRemoveBodySchema,
  passwordStatusSchema,
} from '@pehchaan/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changePassword } from '../../../accounts/change-password';
import { getPasswordStatus } from '../../../accounts/get-password-status';
import { removePassword } from '../../../accounts/remove-password';
import { errorResponses } from '../../../lib/http-schemas';
import { IDEMPOTENT } from '../../../plugins/idempotency';
import { holderRoute } from '../holder-route';

const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      schema: {
        ...holderRoute,
        operationId: 'getPasswordStatus',
        summary: 'Whether an account password is set (never the password or its hash)',
        response: { 200: passwordStatusSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getPasswordStatus({ db: app.deps.db, userId: request.params.userId }),
  );

  app.put(
    '',
    {
      config: IDEMPOTENT,
      schema: {
        ...holderRoute,
        body: passwordChangeBodySchema,
        operationId: 'changePassword',
        summary: 'Set or change the account password (SPEC 5 rules; asked at every sign-in)',
        description:
          '400 `invalid_input` with the SPEC 5 texts; 403 `password_incorrect` when the current ' +
          'password (required once one is set) is wrong. Stored only as a scrypt hash.',
        response: { 200: passwordStatusSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      changePassword({
        ...app.deps,
        userId: request.params.userId,
        currentPassword: request.body.current_password,
        newPassword: request.body.new_password,
        confirmPassword: request.body.confirm_password,
      }),
  );

  app.post(
    '/remove',
    {
      config: IDEMPOTENT,
      schema: {
        ...holderRoute,
        body: passwordRemoveBodySchema,
        operationId: 'removePassword',
        summary: 'Remove the account password (after checking it)',
        response: { 200: passwordStatusSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      removePassword({
        ...app.deps,
        userId: request.params.userId,
        currentPassword: request.body.current_password,
      }),
  );
};

export default passwordRoutes;
