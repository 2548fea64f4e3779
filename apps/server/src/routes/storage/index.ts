/** GET /storage/status (SPEC 7): the storage backend and real row counts per table. */
import { storageStatusSchema } from '@pehchaan/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getStorageStatus } from '../../services/get-storage-status';

const storageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/status',
    {
      schema: {
        tags: ['system'],
        operationId: 'getStorageStatus',
        summary: 'Storage backend, connection and row counts',
        response: { 200: storageStatusSchema },
      },
    },
    async () => getStorageStatus({ database: app.database }),
  );
};

export default storageRoutes;
