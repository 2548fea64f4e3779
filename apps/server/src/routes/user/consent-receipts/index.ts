/**
 * /user/{userId}/consent-receipts (issue 17, docs/api-contract.md "Consent receipts"): the
 * holder's consent receipts (ISO/IEC TS 27560 with DPV, W3C VCs signed by the consent registry),
 * newest first, each with its signed document for download.
 * HTTP only: schema and a thin handler calling one service. Mounted by routes/user/index.ts,
 * which authenticates (401) and checks the holder (403) first.
 */
import { consentReceiptListSchema } from '@pehchaan/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listConsentReceipts } from '../../../consent/list-consent-receipts';
import { errorResponses } from '../../../lib/http-schemas';
import { holderRoute } from '../holder-route';

const consentReceiptsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      schema: {
        ...holderRoute,
        operationId: 'listConsentReceipts',
        summary: "The holder's consent receipts, newest first, with their signed documents",
        response: { 200: consentReceiptListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { userId } = request.params;
      const receipts = await listConsentReceipts({ ...app.deps, userId });
      return { consent_receipts: receipts, count: receipts.length, user_id: userId };
    },
  );
};

export default consentReceiptsRoutes;
