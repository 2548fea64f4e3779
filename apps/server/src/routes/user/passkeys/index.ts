/**
 * /user/{userId}/passkeys: the holder's passkeys (issue 19: Two-factor authentication and
 * Biometric unlock; docs/api-contract.md "Security settings"): list, registration options,
 * register, remove; and Biometric unlock with a passkey this device already holds (unlock
 * options, unlock).
 * HTTP only: schema and a thin handler calling one service. Mounted by routes/user/index.ts under
 * /user/:userId/passkeys, which authenticates (401) and checks the holder (403) first.
 */
import {
  passkeyAdoptBodySchema,
  passkeyListSchema,
  passkeyOptionsBodySchema,
  passkeyRecordSchema,
  passkeyRegisterBodySchema,
  webauthnOptionsAnswerSchema,
} from '@pehchaan/core';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adoptUnlockPasskey,
  createAdoptUnlockOptions,
} from '../../../accounts/adopt-unlock-passkey';
import { createPasskeyOptions } from '../../../accounts/create-passkey-options';
import { deletePasskey } from '../../../accounts/delete-passkey';
import { listPasskeys } from '../../../accounts/list-passkeys';
import { registerPasskey } from '../../../accounts/register-passkey';
import { errorResponses } from '../../../lib/http-schemas';
import { requireSession } from '../../../plugins/auth';
import { IDEMPOTENT } from '../../../plugins/idempotency';
import { holderParamsSchema, holderRoute } from '../holder-route';

const passkeyParamsSchema = holderParamsSchema.extend({
  passkeyId: z.string().min(1).max(1024).describe('The WebAuthn credential id (base64url)'),
});

const passkeysRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      schema: {
        ...holderRoute,
        operationId: 'listPasskeys',
        summary: "The holder's passkeys, newest first",
        response: { 200: passkeyListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listPasskeys({ db: app.deps.db, userId: request.params.userId }),
  );

  app.post(
    '/options',
    {
      config: IDEMPOTENT,
      schema: {
        ...holderRoute,
        body: passkeyOptionsBodySchema,
        operationId: 'createPasskeyOptions',
        summary: 'WebAuthn registration options for a new passkey (valid 5 minutes)',
        description:
          "`attachment: 'platform'` asks for this device's own authenticator with user " +
          "verification (Biometric unlock); 'any' for any passkey (two-factor authentication).",
        response: { 200: webauthnOptionsAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const made = await createPasskeyOptions({
        ...app.deps,
        rp: app.config.webauthn,
        userId: request.params.userId,
        sessionId: requireSession(request).sessionId,
        attachment: request.body.attachment,
      });
      return { options: made.options, expires_at: made.expiresAt.toISOString() };
    },
  );

  app.post(
    '',
    {
      config: IDEMPOTENT,
      schema: {
        ...holderRoute,
        body: passkeyRegisterBodySchema,
        operationId: 'registerPasskey',
        summary: 'Store the passkey the browser made from the registration options',
        response: { 201: passkeyRecordSchema, ...errorResponses(400, 401, 403, 422) },
      },
    },
    async (request, reply) => {
      const record = await registerPasskey({
        ...app.deps,
        rp: app.config.webauthn,
        userId: request.params.userId,
        sessionId: requireSession(request).sessionId,
        response: request.body.response as RegistrationResponseJSON,
        name: request.body.name,
      });
      return reply.code(201).send(record);
    },
  );

  app.post(
    '/unlock/options',
    {
      config: IDEMPOTENT,
      schema: {
        ...holderRoute,
        operationId: 'createUnlockPasskeyOptions',
        summary:
          'WebAuthn request options to use a passkey this device already holds for Biometric unlock',
        description:
          'Allows every passkey of the holder, user verification required (valid 5 minutes). ' +
          'A device holding none answers NotAllowedError; the app then registers a platform ' +
          "passkey (POST .../passkeys/options with `attachment: 'platform'`).",
        response: { 200: webauthnOptionsAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const made = await createAdoptUnlockOptions({
        ...app.deps,
        rp: app.config.webauthn,
        userId: request.params.userId,
        sessionId: requireSession(request).sessionId,
      });
      return { options: made.options, expires_at: made.expiresAt.toISOString() };
    },
  );

  app.post(
    '/unlock',
    {
      config: IDEMPOTENT,
      schema: {
        ...holderRoute,
        body: passkeyAdoptBodySchema,
        operationId: 'useUnlockPasskey',
        summary: "Use this device's existing passkey for Biometric unlock (no passkey is added)",
        description:
          "A verified, user-verified answer from this device's own authenticator marks that " +
          'passkey as a platform passkey, which Biometric unlock needs. 422 `passkey_invalid` ' +
          'otherwise.',
        response: { 200: passkeyRecordSchema, ...errorResponses(400, 401, 403, 422) },
      },
    },
    async (request) =>
      adoptUnlockPasskey({
        ...app.deps,
        rp: app.config.webauthn,
        userId: request.params.userId,
        sessionId: requireSession(request).sessionId,
        response: request.body.response as AuthenticationResponseJSON,
      }),
  );

  app.delete(
    '/:passkeyId',
    {
      config: IDEMPOTENT,
      schema: {
        ...holderRoute,
        params: passkeyParamsSchema,
        operationId: 'deletePasskey',
        summary: 'Remove a passkey (the last one turns two-factor and biometric unlock off)',
        response: {
          200: z.object({ message: z.string(), settings_changed: z.boolean() }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      deletePasskey({
        ...app.deps,
        userId: request.params.userId,
        passkeyId: request.params.passkeyId,
      }),
  );
};

export default passkeysRoutes;
