/**
 * GET /health (SPEC 7): liveness plus the storage backend; 503 when the database is down (checked
 * at most once a second, platform/check-health.ts). A 200 says `Cache-Control: no-cache`
 * (PUBLIC_CACHE.live): no personal data, but never used from a cache without asking again.
 */
import { healthSchema } from '@pehchaan/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createHealthCheck } from '../../platform/check-health';
import { PUBLIC_CACHE } from '../../plugins/security-headers';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const checkHealth = createHealthCheck({
    database: app.database,
    version: app.config.version,
    now: app.config.now,
  });
  app.get(
    '',
    {
      config: { publicCache: PUBLIC_CACHE.live },
      schema: {
        tags: ['system'],
        operationId: 'getHealth',
        summary: 'Service health and storage backend',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const health = await checkHealth();
      // Built from typed values (the Health type is healthSchema's), so it is written without
      // the per-answer schema check: /health is polled by every balancer and monitor
      // (docs/performance.md); system.test.ts checks the answer against healthSchema.
      return reply
        .code(health.storage_backend.connected ? 200 : 503)
        .type('application/json; charset=utf-8')
        .serializer(JSON.stringify)
        .send(health);
    },
  );
};

export default healthRoutes;
