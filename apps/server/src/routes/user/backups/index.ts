/**
 * /user/{userId}/backups and /user/{userId}/backup-key: Automatic backup (issue 19;
 * docs/security.md "Encrypted backups"): the passphrase-wrapped key backups are encrypted to, the
 * list, Back up now, and one backup as a file.
 * HTTP only: schema and a thin handler calling one service. Mounted by routes/user/index.ts under
 * /user/:userId, which authenticates (401) and checks the holder (403) first.
 */
import {
  backupFileSchema,
  backupKeyBodySchema,
  backupListSchema,
  backupRecordSchema,
} from '@pehchaan/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createBackup } from '../../../accounts/create-backup';
import { getBackupFile } from '../../../accounts/get-backup-file';
import { listBackups } from '../../../accounts/list-backups';
import { setBackupKey } from '../../../accounts/set-backup-key';
import { errorResponses } from '../../../lib/http-schemas';
import { IDEMPOTENT } from '../../../plugins/idempotency';
import { holderParamsSchema, holderRoute } from '../holder-route';

const backupParamsSchema = holderParamsSchema.extend({
  backupId: z.string().min(1).max(128).describe("The backup id ('backup-...')"),
});

const backupsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/backup-key',
    {
      config: IDEMPOTENT,
      schema: {
        ...holderRoute,
        body: backupKeyBodySchema,
        operationId: 'setBackupKey',
        summary: 'Set the key backups are encrypted to (its private key wrapped by the passphrase)',
        response: {
          200: z.object({ message: z.string(), key_set: z.literal(true) }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      setBackupKey({
        ...app.deps,
        userId: request.params.userId,
        publicJwk: request.body.public_jwk,
        wrappedPrivateKey: request.body.wrapped_private_key,
      }),
  );

  app.get(
    '/backups',
    {
      schema: {
        ...holderRoute,
        operationId: 'listBackups',
        summary: "The holder's encrypted backups, newest first",
        response: { 200: backupListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listBackups({ ...app.deps, userId: request.params.userId }),
  );

  app.post(
    '/backups',
    {
      config: IDEMPOTENT,
      schema: {
        ...holderRoute,
        operationId: 'createBackup',
        summary: 'Make an encrypted backup now',
        response: { 201: backupRecordSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const record = await createBackup({ ...app.deps, userId: request.params.userId });
      return reply.code(201).send(record);
    },
  );

  app.get(
    '/backups/:backupId',
    {
      schema: {
        ...holderRoute,
        params: backupParamsSchema,
        operationId: 'getBackupFile',
        summary: 'One backup as the file to download (encrypted; opens with the passphrase)',
        response: { 200: backupFileSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      getBackupFile({
        db: app.deps.db,
        userId: request.params.userId,
        backupId: request.params.backupId,
      }),
  );
};

export default backupsRoutes;
