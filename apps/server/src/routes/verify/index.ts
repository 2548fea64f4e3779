/**
 * Public verification (DECISIONS 4, api-contract "Credentials, signing and verification"); no
 * session needed.
 *
 * - GET /api/verify/{id}: for a bare credential id, the verdict with the holder's name and
 *   masked identifiers only (answered through the read cache); for a share id ('share-...'),
 *   the verdict with the fields its holder chose, counted as a view (never cached: the answer
 *   changes with each view and ends with withdrawal); 410 once the link expired, was withdrawn
 *   or used up. Rate-limited per IP (RATE_LIMITS.verifyLink).
 * - GET /api/verify/{id}/payload: the link's JSON form, the SPEC 3 QR payload, identifiers
 *   masked (a share's counts as a view); same limit.
 * - POST /credentials/verify (W3C VC API): body { verifiableCredential, options? }; 200 with
 *   the verdict when verified, 422 with it otherwise, 400 for a body of another shape.
 * - POST /presentations/verify (W3C VC API): body { verifiablePresentation, options?:
 *   { challenge?, domain? } }; 200 with the presentation verdict when verified, 422 with it
 *   otherwise, 400 for a body of another shape.
 * The verdict answers use core's schemas (api/verification.ts), as the web app's parsing does.
 * Both accept eddsa-jcs-2022 and eddsa-rdfc-2022 proofs (core's DEFAULT_CRYPTOSUITES) and trust
 * the server's own issuers.
 */
import {
  type CredentialVerdict,
  credentialVerdictSchema,
  isShareId,
  type PresentationVerdict,
  presentationVerdictSchema,
  qrPayloadSchema,
  storedCredentialVerdictSchema,
  verifyCredential,
  verifyPresentation,
} from '@pehchaan/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCachedAnswer } from '../../lib/cached-answer';
import { RATE_LIMITS } from '../../plugins/rate-limit';
import { getLinkPayload } from '../../services/get-link-payload';
import { verifyStoredCredential } from '../../services/verify-stored-credential';
import { viewShare } from '../../services/view-share';
import { errorResponses } from '../schemas';

const linkParamsSchema = z.object({
  credentialId: z
    .string()
    .min(1)
    .max(128)
    .describe("A credential id ('cred-...', SPEC 2's bare link) or a share id ('share-...')"),
});

/** GET /api/verify/:credentialId and its /payload, mounted under /api/verify. */
export const verifyLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:credentialId',
    {
      config: { rateLimit: RATE_LIMITS.verifyLink },
      schema: {
        tags: ['verify'],
        operationId: 'verifyStoredCredential',
        summary:
          'Verify a share link or a stored credential by id (public; only chosen or masked fields)',
        params: linkParamsSchema,
        description:
          'At most 60 calls a minute per IP (429 with Retry-After). A share id counts a view; ' +
          '410 share_expired, share_withdrawn or share_used_up once it no longer answers.',
        response: { 200: storedCredentialVerdictSchema, ...errorResponses(400, 404, 410, 429) },
      },
    },
    async (request, reply) => {
      const { credentialId } = request.params;
      if (isShareId(credentialId)) {
        const { answer } = await viewShare({ ...app.deps, shareId: credentialId });
        return reply.send(answer);
      }
      return sendCachedAnswer(
        reply,
        app.readCache,
        `verify:${credentialId}`,
        app.deps.now,
        async () => {
          const check = await verifyStoredCredential({ ...app.deps, credentialId });
          return { value: check.answer, holderId: check.holderId, expiresAt: check.changesAt };
        },
      );
    },
  );

  app.get(
    '/:credentialId/payload',
    {
      config: { rateLimit: RATE_LIMITS.verifyLink },
      schema: {
        tags: ['verify'],
        operationId: 'getVerifyLinkPayload',
        summary: "A verify link's JSON form: the SPEC 3 QR payload, every identifier masked",
        params: linkParamsSchema,
        description: 'Same limit as the verify link; a share id counts a view.',
        response: { 200: qrPayloadSchema, ...errorResponses(400, 404, 410, 429) },
      },
    },
    async (request) => getLinkPayload({ ...app.deps, id: request.params.credentialId }),
  );
};

const vcApiBodySchema = z.object({
  verifiableCredential: z.record(z.string(), z.unknown()),
  options: z.record(z.string(), z.unknown()).optional(),
});

/** POST /credentials/verify (W3C VC API), mounted under /credentials. */
export const vcApiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/verify',
    {
      schema: {
        tags: ['verify'],
        operationId: 'verifyCredential',
        summary: 'W3C VC API: verify a credential (200 verified, 422 not verified)',
        body: vcApiBodySchema,
        response: {
          200: credentialVerdictSchema,
          422: credentialVerdictSchema,
          ...errorResponses(400),
        },
      },
    },
    async (request, reply) => {
      const verdict: CredentialVerdict = await verifyCredential(request.body.verifiableCredential, {
        trustedIssuers: app.deps.issuers.trustedIssuers,
        now: app.deps.now(),
        crypto: app.deps.proofCrypto,
      });
      return reply.code(verdict.verified ? 200 : 422).send(verdict);
    },
  );
};

const vpApiBodySchema = z.object({
  verifiablePresentation: z.record(z.string(), z.unknown()),
  options: z
    .object({
      /** The challenge the verifier gave the holder; the holder's proof must carry it. */
      challenge: z.string().min(1).max(1024).optional(),
      /** The verifier's domain; the holder's proof must name it. */
      domain: z.string().min(1).max(1024).optional(),
    })
    .catchall(z.unknown())
    .optional(),
});

/** POST /presentations/verify (W3C VC API), mounted under /presentations. */
export const vpApiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/verify',
    {
      schema: {
        tags: ['verify'],
        operationId: 'verifyPresentation',
        summary: 'W3C VC API: verify a presentation (200 verified, 422 not verified)',
        body: vpApiBodySchema,
        response: {
          200: presentationVerdictSchema,
          422: presentationVerdictSchema,
          ...errorResponses(400),
        },
      },
    },
    async (request, reply) => {
      const { verifiablePresentation, options } = request.body;
      const verdict: PresentationVerdict = await verifyPresentation(verifiablePresentation, {
        trustedIssuers: app.deps.issuers.trustedIssuers,
        now: app.deps.now(),
        crypto: app.deps.proofCrypto,
        challenge: options?.challenge,
        domain: options?.domain,
      });
      return reply.code(verdict.verified ? 200 : 422).send(verdict);
    },
  );
};
