/**
 * Public consent receipt routes (issue 17, docs/api-contract.md "Consent receipts"):
 * - GET /api/consent-receipts/{receiptId}: the receipt, the server's verdict on it and the
 *   consent's present state (`consent_status`); the id (128 random bits) is the capability, as
 *   a share link's. Rate-limited per IP like the verify link (RATE_LIMITS.verifyLink).
 * - GET /contexts/consent-receipt/v1: the receipts' JSON-LD context (DPV terms), served at a
 *   stable URL of this deployment for JSON-LD tooling (`application/ld+json`, readable from any
 *   origin), cached for a day (PUBLIC_CACHE.versioned: v1's terms never change).
 * HTTP only: schema and a thin handler calling one service.
 */
import { consentReceiptContext, publicConsentReceiptSchema } from '@pehchaan/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getConsentReceipt } from '../../consent/get-consent-receipt';
import { errorResponses } from '../../lib/http-schemas';
import { RATE_LIMITS } from '../../plugins/rate-limit';
import { PUBLIC_CACHE } from '../../plugins/security-headers';

/** GET /api/consent-receipts/:receiptId, mounted under /api/consent-receipts. */
export const consentReceiptRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:receiptId',
    {
      config: { rateLimit: RATE_LIMITS.verifyLink },
      schema: {
        tags: ['verify'],
        operationId: 'getConsentReceipt',
        summary:
          'A consent receipt by its id, with its verdict and the consent now (public; the id is the capability)',
        description:
          'Trusted only when signed with the consent registry’s key. `consent_status` is the consent’s present state from its latest receipt, and that receipt’s id when it is a later one. At most 60 calls a minute per IP (429 with Retry-After).',
        params: z.object({
          receiptId: z.string().min(1).max(128).describe("The receipt id ('receipt-...')"),
        }),
        response: {
          200: publicConsentReceiptSchema,
          ...errorResponses(400, 404, 429),
        },
      },
    },
    async (request) => getConsentReceipt({ ...app.deps, receiptId: request.params.receiptId }),
  );
};

/** GET /contexts/consent-receipt/v1, mounted under /contexts. */
export const consentReceiptContextRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/consent-receipt/v1',
    {
      config: { publicCache: PUBLIC_CACHE.versioned },
      schema: {
        tags: ['metadata'],
        operationId: 'getConsentReceiptContext',
        summary: "The consent receipts' JSON-LD context (W3C DPV terms)",
        response: {
          200: {
            description: 'The JSON-LD context document ({ "@context": … })',
            content: { 'application/ld+json': { schema: z.record(z.string(), z.unknown()) } },
          },
        },
      },
    },
    async (_request, reply) =>
      reply
        .header('content-type', 'application/ld+json')
        .header('access-control-allow-origin', '*')
        .send(consentReceiptContext(app.deps.publicOrigin)),
  );
};
