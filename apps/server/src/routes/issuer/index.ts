/**
 * The issuer organisations' OpenID4VCI API, mounted under /issuer (docs/api-contract.md
 * "OpenID4VCI issuer"): `Authorization: Bearer <issuer api key>` (npm run issuer:key), checked
 * before the body is looked at, as POST /credentials/issue does.
 *
 * - POST /issuer/offers: body { document_type ('PAN Card' or 'pan'), claims, formats?
 *   (['dc+sd-jwt', 'ldp_vc'], the default), tx_code? (true: a 6-digit code for the holder),
 *   deferred? (true: deferred issuance), ready_after_seconds? (with deferred: when the credential
 *   is ready, default 0) } -> 201 { offer_uri, openid_credential_offer, tx_code?, expires_at,
 *   credential_id }
 *   (issuer/create-credential-offer.ts). 400 invalid_request / invalid_input /
 *   credential_not_issuable (with `reasons`), 401 without a valid key, 403 for another issuer's
 *   document type.
 * - POST /issuer/credentials/{id}/status: body { status: 'valid' | 'suspended' | 'revoked',
 *   reason? (at most 200 characters) } -> 200 { id, status, reason, updated_at }
 *   (issuer/set-credential-status.ts; docs/status-lists.md). `{id}` is the URL-encoded
 *   credential id as issued ('urn:uuid:...'). 404 credential_not_found for an id this issuer did
 *   not issue, 409 credential_revoked for any change after a revocation. Each change is logged
 *   for the issuer's audit (ids and statuses only, nothing of the holder).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticateIssuer } from '../../issuer/authenticate-issuer';
import { createCredentialOffer } from '../../issuer/create-credential-offer';
import { MAX_DEFERRED_SECONDS, OFFER_FORMATS } from '../../issuer/oid4vci';
import { setCredentialStatus } from '../../issuer/set-credential-status';
import { CREDENTIAL_STATUSES, MAX_STATUS_REASON_LENGTH } from '../../issuer/status-lists';
import { AppError } from '../../lib/errors';
import { errorResponses, problemSchema } from '../../lib/http-schemas';

const offerBodySchema = z
  .object({
    document_type: z
      .string()
      .min(1)
      .max(100)
      .describe("The document type: SPEC 3's name ('PAN Card') or its key ('pan')"),
    claims: z
      .record(z.string().max(100), z.unknown())
      .describe('The credentialSubject: `name` and every subject field of the type'),
    formats: z
      .array(z.enum(OFFER_FORMATS))
      .min(1)
      .max(2)
      .optional()
      .describe('The formats offered (default both)'),
    tx_code: z.boolean().optional().describe('Ask the holder for a 6-digit transaction code'),
    deferred: z.boolean().optional().describe('Deferred issuance: a transaction_id first'),
    ready_after_seconds: z
      .number()
      .int()
      .min(0)
      .max(MAX_DEFERRED_SECONDS)
      .optional()
      .describe('With deferred: seconds until the credential is ready (default 0)'),
  })
  .strict();

const offerAnswerSchema = z.object({
  offer_uri: z.string().describe('GET it for the Credential Offer (credential_offer_uri)'),
  openid_credential_offer: z
    .string()
    .describe('openid-credential-offer://?credential_offer_uri=... for a link or QR code'),
  tx_code: z
    .string()
    .optional()
    .describe('The transaction code, shown this once: send it to the holder'),
  expires_at: z.string().describe('ISO 8601: the offer cannot be redeemed after it'),
  credential_id: z
    .string()
    .describe(
      "The credential's id as issued ('urn:uuid:...'), both forms: POST /issuer/credentials/{id}/status takes it",
    ),
});

const statusBodySchema = z
  .object({
    status: z
      .enum(CREDENTIAL_STATUSES)
      .describe("'suspended', 'valid' (reinstate) or 'revoked' (final)"),
    reason: z
      .string()
      .min(1)
      .max(MAX_STATUS_REASON_LENGTH)
      .optional()
      .describe("The issuer's reason, kept with the status (not in the lists)"),
  })
  .strict();

const statusAnswerSchema = z.object({
  id: z.string().describe("The credential's id as issued"),
  status: z.enum(CREDENTIAL_STATUSES),
  reason: z.string().nullable(),
  updated_at: z.string().describe('ISO 8601: when the status last changed'),
});

const invalidClaimsProblem = {
  description: 'Problem details (RFC 9457); credential_not_issuable carries `reasons`',
  content: {
    'application/problem+json': {
      schema: problemSchema.extend({ reasons: z.array(z.string()).optional() }),
    },
  },
};

const issuerOfferRoutes: FastifyPluginAsyncZod = async (app) => {
  // Before body validation, so a caller without a key learns nothing else.
  app.addHook('onRequest', async (request) => {
    const { issuer } = await authenticateIssuer({
      db: app.deps.db,
      authorization: request.headers.authorization,
    });
    request.issuerName = issuer;
  });

  app.post(
    '/offers',
    {
      schema: {
        tags: ['oid4vci'],
        operationId: 'createCredentialOffer',
        summary: 'OpenID4VCI: offer a credential to a holder as the API key’s issuer (201)',
        security: [{ issuerApiKey: [] }],
        body: offerBodySchema,
        response: {
          201: offerAnswerSchema,
          400: invalidClaimsProblem,
          ...errorResponses(401, 403, 413, 415),
        },
      },
    },
    async (request, reply) => {
      if (!request.issuerName) throw new AppError('unauthenticated', 'Not authenticated');
      const body = request.body;
      const offer = await createCredentialOffer({
        ...app.deps,
        issuer: request.issuerName,
        documentType: body.document_type,
        claims: body.claims,
        formats: body.formats,
        txCode: body.tx_code,
        deferredSeconds: body.deferred ? (body.ready_after_seconds ?? 0) : undefined,
      });
      return reply.code(201).send(offer);
    },
  );

  app.post(
    '/credentials/:id/status',
    {
      schema: {
        tags: ['status'],
        operationId: 'setIssuedCredentialStatus',
        summary:
          'Suspend, reinstate or revoke a credential the API key’s issuer issued (both of its forms); revoked is final',
        security: [{ issuerApiKey: [] }],
        params: z.object({
          id: z
            .string()
            .min(1)
            .max(200)
            .describe("The credential's id as issued ('urn:uuid:...'), URL-encoded"),
        }),
        body: statusBodySchema,
        response: {
          200: statusAnswerSchema,
          ...errorResponses(400, 401, 404, 409, 413, 415),
        },
      },
    },
    async (request) => {
      if (!request.issuerName) throw new AppError('unauthenticated', 'Not authenticated');
      const { answer, previous } = await setCredentialStatus({
        ...app.deps,
        issuer: request.issuerName,
        credentialId: request.params.id,
        status: request.body.status,
        reason: request.body.reason,
      });
      // The issuer's audit line: who changed which credential how; nothing of the holder.
      request.log.info(
        {
          event: 'credential_status_changed',
          issuer: request.issuerName,
          credential_id: answer.id,
          from: previous,
          to: answer.status,
        },
        'credential status set',
      );
      return answer;
    },
  );
};

export default issuerOfferRoutes;
