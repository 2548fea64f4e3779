/**
 * GET /storage/status (SPEC 7): the storage backend, and for a signed-in holder the counts of
 * their own records (issue 19). Open to anyone; a request with `Authorization: Bearer` is
 * authenticated first (401 `unauthenticated` for a bad token, as on every route), one without
 * gets the backend facts and no counts.
 */
import { storageStatusSchema } from '@pehchaan/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/http-schemas';
import { getStorageStatus } from '../../platform/get-storage-status';
import { authenticate } from '../../plugins/auth';

const storageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/status',
    {
      onRequest: (request, reply, done) => {
        if (request.headers.authorization === undefined) done();
        else authenticate(request, reply, done);
      },
      schema: {
        tags: ['system'],
        operationId: 'getStorageStatus',
        summary: "Storage backend and connection; with a session, the holder's own record counts",
        response: { 200: storageStatusSchema, ...errorResponses(401) },
      },
    },
    async (request) =>
      getStorageStatus({
        database: app.database,
        now: app.deps.now,
        userId: request.auth?.userId ?? null,
      }),
  );
};

export default storageRoutes;
