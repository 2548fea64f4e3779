/**
 * POST /credentials/issue, the W3C VC API issuer (W3C-CCG VC API "Issue Credential";
 * docs/api-contract.md "W3C VC API issuer"), mounted under /credentials beside the verify
 * endpoint. `Authorization: Bearer <issuer api key>` (npm run issuer:key) is checked before the
 * body is looked at, and a credential naming another issuer is refused (403) before the body is
 * validated; body { credential, options?: { cryptosuite? } }; 201 { verifiableCredential }
 * (issuer/issue-submitted-credential.ts); 400 credential_not_issuable with `reasons`, 401 without
 * a valid key, 422 type_not_issuable for a ConsentReceipt (only the consent registry makes those).
 */
import { type IssuerName, isJsonObject } from '@pehchaan/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticateIssuer } from '../../issuer/authenticate-issuer';
import {
  assertIssuesAs,
  ISSUE_CRYPTOSUITES,
  issueSubmittedCredential,
} from '../../issuer/issue-submitted-credential';
import { AppError } from '../../lib/errors';
import { errorResponses, problemSchema } from '../../lib/http-schemas';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the issuer route's API key check; null elsewhere. */
    issuerName: IssuerName | null;
  }
}

const issueBodySchema = z.object({
  credential: z
    .record(z.string(), z.unknown())
    .describe('The unsigned credential (VCDM 2.0 or 1.1); its issuer must be the key’s issuer'),
  options: z
    .object({
      cryptosuite: z
        .enum(ISSUE_CRYPTOSUITES)
        .optional()
        .describe("The proof's cryptosuite (default eddsa-rdfc-2022)"),
    })
    .catchall(z.unknown())
    .optional(),
});

const issuedSchema = z.object({
  verifiableCredential: z
    .record(z.string(), z.unknown())
    .describe('The credential as sent, with one DataIntegrityProof'),
});

const invalidCredentialProblem = {
  description: 'Problem details (RFC 9457) with `reasons`: the broken rules, one sentence each',
  content: {
    'application/problem+json': {
      schema: problemSchema.extend({ reasons: z.array(z.string()).optional() }),
    },
  },
};

export const vcIssueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.decorateRequest('issuerName', null);
  // Before body validation, so a caller without a key learns nothing else.
  app.addHook('onRequest', async (request) => {
    const { issuer } = await authenticateIssuer({
      db: app.deps.db,
      authorization: request.headers.authorization,
    });
    request.issuerName = issuer;
  });

  app.post(
    '/issue',
    {
      // Authorization before validation: a credential naming another issuer is a 403 whatever
      // else is wrong with the body.
      preValidation: async (request) => {
        if (!request.issuerName) throw new AppError('unauthenticated', 'Not authenticated');
        const body: unknown = request.body;
        assertIssuesAs({
          ...app.deps,
          issuer: request.issuerName,
          credential: isJsonObject(body) ? body.credential : undefined,
        });
      },
      schema: {
        tags: ['issuer'],
        operationId: 'issueCredential',
        summary: 'W3C VC API: issue a credential as the API key’s issuer (201)',
        security: [{ issuerApiKey: [] }],
        body: issueBodySchema,
        response: {
          201: issuedSchema,
          400: invalidCredentialProblem,
          ...errorResponses(401, 403, 413, 415, 422),
        },
      },
    },
    async (request, reply) => {
      if (!request.issuerName) throw new AppError('unauthenticated', 'Not authenticated');
      const verifiableCredential = await issueSubmittedCredential({
        ...app.deps,
        issuer: request.issuerName,
        credential: request.body.credential,
        cryptosuite: request.body.options?.cryptosuite,
      });
      return reply.code(201).send({ verifiableCredential });
    },
  );
};
