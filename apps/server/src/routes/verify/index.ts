/**
 * Public verification (DECISIONS 4, api-contract "Credentials, signing and verification"); no
 * session needed.
 *
 * - GET /api/verify/{id}: for a bare credential id, the verdict with the holder's name and
 *   masked identifiers only, dates as days (the verdict answered through the read cache), each
 *   view logged for the holder, 410 link_disabled while the holder has it off (DECISIONS 9.6,
 *   wallet/view-credential-link.ts); for a share id ('share-...'),
 *   the verdict with the fields its holder chose, counted as a view (never cached: the answer
 *   changes with each view and ends with withdrawal); 410 once the link expired, was withdrawn
 *   or used up. Rate-limited per IP (RATE_LIMITS.verifyLink).
 * - GET /api/verify/{id}/payload: the link's JSON form, the SPEC 3 QR payload, identifiers
 *   masked (a share's counts as a view); same limit.
 * - POST /credentials/verify (W3C VC API): body { verifiableCredential, options?: { checks? } };
 *   200 with the verdict when verified; otherwise a problem (RFC 9457) carrying the verdict:
 *   400 invalid_credential (malformed), 422 credential_revoked, credential_suspended or
 *   status_unknown (the issuer's status list), 422 credential_not_verified; 400 invalid_request
 *   for a body of another shape (verifier/verify-submitted-credential.ts).
 * - POST /presentations/verify (W3C VC API): body { verifiablePresentation, options?:
 *   { challenge?, domain?, checks? } }; likewise (verifier/verify-submitted-presentation.ts).
 * The verdict answers use core's schemas (api/verification.ts), as the web app's parsing does.
 * The VC API endpoints verify any issuer whose key resolves offline, with the checks asked for
 * (default ['proof']); the server's trusted issuers are reported in `trust`.
 */

import { Negotiator } from '@fastify/accept-negotiator';
import {
  CREDENTIAL_CHECKS,
  credentialCheckSchema,
  credentialVerdictSchema,
  isShareId,
  PROBLEM_CONTENT_TYPE,
  presentationVerdictSchema,
  qrPayloadSchema,
  storedCredentialVerdictSchema,
} from '@pehchaan/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCachedAnswer } from '../../lib/cached-answer';
import { errorResponses, problemSchema } from '../../lib/http-schemas';
import { TRUST_LIST_TTL_MS, trustListVersion } from '../../lib/trust-list';
import { RATE_LIMITS } from '../../plugins/rate-limit';
import { verifySubmittedCredential } from '../../verifier/verify-submitted-credential';
import { verifySubmittedPresentation } from '../../verifier/verify-submitted-presentation';
import { getLinkPayload } from '../../wallet/get-link-payload';
import { verifyStoredCredential } from '../../wallet/verify-stored-credential';
import { viewCredentialLink } from '../../wallet/view-credential-link';
import { viewShare } from '../../wallet/view-share';

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
          '410 share_expired, share_withdrawn or share_used_up once it no longer answers. A ' +
          "credential id's view is logged for its holder; 410 link_disabled while turned off.",
        response: { 200: storedCredentialVerdictSchema, ...errorResponses(400, 404, 410, 429) },
      },
    },
    async (request, reply) => {
      const { credentialId } = request.params;
      if (isShareId(credentialId)) {
        const { answer } = await viewShare({ ...app.deps, shareId: credentialId });
        return reply.send(answer);
      }
      // Refused while off, and logged for the holder, before any answer (cached or not).
      await viewCredentialLink({ ...app.deps, credentialId });
      // The verdict depends on the trust list too: a write here changes the key; another
      // process's write is seen once the entry is TRUST_LIST_TTL_MS old.
      return sendCachedAnswer(
        reply,
        app.readCache,
        `verify:${credentialId}:trust-${trustListVersion()}`,
        app.deps.now,
        async () => {
          const check = await verifyStoredCredential({ ...app.deps, credentialId });
          const trustExpiry = app.deps.now().getTime() + TRUST_LIST_TTL_MS;
          return {
            value: check.answer,
            holderId: check.holderId,
            expiresAt: Math.min(check.changesAt ?? trustExpiry, trustExpiry),
          };
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

/**
 * Media types /verify/{id} can answer, in the server's order of preference: the page first, so
 * a browser (Accept: text/html, ..., * / *) gets the page and only a client that prefers JSON
 * gets the JSON form.
 */
const verifyPageNegotiator = new Negotiator({ supportedValues: ['text/html', 'application/json'] });

/** True when the request's Accept header prefers application/json over the page. */
function prefersJson(request: FastifyRequest): boolean {
  return verifyPageNegotiator.negotiate(request.headers.accept ?? '') === 'application/json';
}

/**
 * GET /verify/:credentialId, mounted under /verify: the public verifier page's URL answers a
 * client that prefers `application/json` (Accept, RFC 9110 section 12.5.1) with the link's JSON
 * form, the same SPEC 3 QR payload as GET /api/verify/{id}/payload (a share's counts as a view;
 * same errors); any other client gets the page (the not-found handler serves the SPA's frame).
 * `Vary: Accept` on both; the JSON form is never cached.
 */
export const verifyPageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:credentialId',
    {
      // The JSON form is limited like the API's verify link; the page itself is not (it calls
      // GET /api/verify/{id}, which is).
      config: {
        rateLimit: {
          ...RATE_LIMITS.verifyLink,
          allowList: (request: FastifyRequest) => !prefersJson(request),
        },
      },
      schema: {
        tags: ['verify'],
        operationId: 'getVerifyPage',
        summary: 'The public verifier page, or with Accept: application/json the link JSON form',
        // Any id: the page shows 'Credential not found' itself; the JSON form answers 404.
        params: z.object({ credentialId: z.string() }),
        description:
          'With Accept preferring application/json: the SPEC 3 QR payload of the link, every ' +
          'identifier masked (as GET /api/verify/{id}/payload); otherwise the HTML page.',
        response: { 200: qrPayloadSchema, ...errorResponses(400, 404, 410, 429) },
      },
    },
    async (request, reply) => {
      reply.header('vary', 'Accept');
      if (!prefersJson(request)) return reply.callNotFound();
      reply.header('cache-control', 'no-store');
      return getLinkPayload({ ...app.deps, id: request.params.credentialId });
    },
  );
};

/**
 * VC API `options.checks`: which checks decide the answer (default ['proof'], and
 * 'credentialStatus' when the credential has a status entry).
 */
const checksSchema = z
  .array(credentialCheckSchema)
  .max(CREDENTIAL_CHECKS.length + 1)
  .optional()
  .describe(
    "The checks that decide the answer: 'proof' (default), 'validity', 'trusted_issuer', " +
      "'credentialStatus' (default when the credential has a status entry)",
  );

/** A refusal of a VC API verify endpoint: a problem with the verdict as extension members. */
function verdictProblem<T extends z.ZodType>(verdict: T, required: boolean) {
  const schema = problemSchema.extend({
    verified: required ? z.literal(false) : z.literal(false).optional(),
    verification: required ? verdict : verdict.optional(),
  });
  return {
    description: 'Problem details (RFC 9457) with `verified: false` and the verdict',
    content: { [PROBLEM_CONTENT_TYPE]: { schema } },
  };
}

const vcApiBodySchema = z.object({
  verifiableCredential: z.record(z.string(), z.unknown()),
  options: z.object({ checks: checksSchema }).catchall(z.unknown()).optional(),
});

/** POST /credentials/verify (W3C VC API), mounted under /credentials. */
export const vcApiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/verify',
    {
      schema: {
        tags: ['verify'],
        operationId: 'verifyCredential',
        summary: 'W3C VC API: verify a credential (200 verified; 400 or 422 problem otherwise)',
        body: vcApiBodySchema,
        response: {
          200: credentialVerdictSchema,
          400: verdictProblem(credentialVerdictSchema, false),
          422: verdictProblem(credentialVerdictSchema, true),
          ...errorResponses(413, 415),
        },
      },
    },
    async (request) =>
      verifySubmittedCredential({
        ...app.deps,
        credential: request.body.verifiableCredential,
        checks: request.body.options?.checks,
      }),
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
      checks: checksSchema,
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
        summary: 'W3C VC API: verify a presentation (200 verified; 400 or 422 problem otherwise)',
        body: vpApiBodySchema,
        response: {
          200: presentationVerdictSchema,
          400: verdictProblem(presentationVerdictSchema, false),
          422: verdictProblem(presentationVerdictSchema, true),
          ...errorResponses(413, 415),
        },
      },
    },
    async (request) => {
      const { verifiablePresentation, options } = request.body;
      return verifySubmittedPresentation({
        ...app.deps,
        presentation: verifiablePresentation,
        challenge: options?.challenge,
        domain: options?.domain,
        checks: options?.checks,
      });
    },
  );
};
