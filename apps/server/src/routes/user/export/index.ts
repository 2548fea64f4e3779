/**
 * /user/{userId}/export: all of the holder's data as one JSON document.
 * HTTP only: schema and a thin handler calling one service. Mounted by routes/user/index.ts under
 * /user/:userId/export, which authenticates (401) and checks the holder (403) first.
 */
import { holderExportSchema } from '@pehchaan/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exportHolderData } from '../../../accounts/export-holder-data';
import { errorResponses } from '../../../lib/http-schemas';
import { holderRoute } from '../holder-route';

const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      schema: {
        ...holderRoute,
        operationId: 'exportHolderData',
        summary:
          "All of the holder's data as one JSON document: profile, settings, credentials " +
          'with their signed documents, consent requests, activity log',
        response: { 200: holderExportSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { userId } = request.params;
      return exportHolderData({ ...app.deps, userId });
    },
  );
};

export default exportRoutes;
