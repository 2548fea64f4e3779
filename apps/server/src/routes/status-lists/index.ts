/**
 * /status-lists (docs/status-lists.md; DECISIONS 8): the product issuers' status lists, public,
 * at stable URLs. HTTP only: the schema and a thin handler calling issuer/get-status-list.ts.
 *
 * - GET /status-lists/{slug}/{n}: the IETF Token Status List token (application/statuslist+jwt).
 * - GET /status-lists/{slug}/{n}/{purpose} ('revocation' | 'suspension'): the W3C
 *   BitstringStatusListCredential (application/vc).
 * Both answer Cache-Control `public, max-age=60` (PUBLIC_CACHE.statusList) and a strong ETag;
 * If-None-Match with that tag answers 304. An unknown issuer, list or purpose is a 404 problem.
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getStatusList, VC_MEDIA_TYPE } from '../../issuer/get-status-list';
import { STATUS_LIST_JWT_MEDIA_TYPE } from '../../issuer/status-lists';
import { errorResponses } from '../../lib/http-schemas';
import { PUBLIC_CACHE } from '../../plugins/security-headers';

const listParams = {
  slug: z
    .string()
    .regex(/^[a-z0-9-]{1,100}$/)
    .describe("The issuer's slug, as in its Credential Issuer Identifier ('uidai')"),
  n: z
    .string()
    .regex(/^[1-9][0-9]{0,8}$/)
    .describe('The list number, from 1'),
};

const notModified = z.null().describe('Not modified: the If-None-Match tag is current');

/** True when the request's If-None-Match names `etag` (or is '*'; RFC 9110 section 13.1.2). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

const statusListRoutes: FastifyPluginAsyncZod = async (app) => {
  /** One list's answer: 304 when `ifNoneMatch` names its ETag, else the list in its media type. */
  const answer = async (
    params: { slug: string; n: string; purpose?: 'revocation' | 'suspension' },
    ifNoneMatch: string | undefined,
    reply: FastifyReply,
  ) => {
    const served = await getStatusList({
      ...app.deps,
      slug: params.slug,
      listNumber: Number(params.n),
      ...(params.purpose ? { purpose: params.purpose } : {}),
    });
    reply.header('etag', served.etag);
    if (matches(ifNoneMatch, served.etag)) return reply.code(304).send(null);
    return reply.type(served.contentType).send(served.body);
  };

  app.get(
    '/:slug/:n',
    {
      config: { publicCache: PUBLIC_CACHE.statusList },
      schema: {
        tags: ['status'],
        operationId: 'getTokenStatusList',
        summary:
          'An issuer’s IETF Token Status List: a statuslist+jwt, 2 bits per credential (0 valid, 1 revoked, 2 suspended)',
        params: z.object(listParams),
        response: {
          200: {
            description: 'The Status List Token (compact JWS)',
            content: { [STATUS_LIST_JWT_MEDIA_TYPE]: { schema: z.string() } },
          },
          304: notModified,
          ...errorResponses(400, 404),
        },
      },
    },
    (request, reply) => answer(request.params, request.headers['if-none-match'], reply),
  );

  app.get(
    '/:slug/:n/:purpose',
    {
      config: { publicCache: PUBLIC_CACHE.statusList },
      schema: {
        tags: ['status'],
        operationId: 'getBitstringStatusListCredential',
        summary:
          'An issuer’s W3C Bitstring Status List for one purpose (revocation or suspension), as a signed BitstringStatusListCredential',
        params: z.object({
          ...listParams,
          purpose: z.enum(['revocation', 'suspension']).describe('The status purpose'),
        }),
        response: {
          200: {
            description: 'The BitstringStatusListCredential (VCDM 2.0, eddsa-jcs-2022 proof)',
            content: { [VC_MEDIA_TYPE]: { schema: z.string() } },
          },
          304: notModified,
          ...errorResponses(400, 404),
        },
      },
    },
    (request, reply) => answer(request.params, request.headers['if-none-match'], reply),
  );
};

export default statusListRoutes;
