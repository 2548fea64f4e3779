/**
 * The wallet-facing OpenID4VP 1.0 endpoints, mounted under /oid4vp; public (the request id,
 * 128 random bits, is the capability), docs/api-contract.md "Verifiers (OpenID4VP)":
 *
 * - GET /oid4vp/requests/{id}: the signed request object (section 5.7),
 *   `application/oauth-authz-req+jwt`.
 * - POST /oid4vp/requests/{id} (request_uri_method=post, section 5.10): form body
 *   `wallet_metadata`, `wallet_nonce`; the same JWT, with wallet_nonce in its payload.
 * - POST /oid4vp/responses/{id} (response_mode direct_post, section 8.2): form body `vp_token`
 *   and `state`, or `error` (and error_description); 200 `{}`.
 *
 * These routes alone accept `application/x-www-form-urlencoded` (the only body OpenID4VP sends),
 * through a parser scoped to this plugin: URLSearchParams, a repeated field refused, the same
 * text rules as JSON bodies (plugins/body-parser.ts) and the same size limit. The OpenAPI
 * document lists the form as their request body (`consumes`); a JSON body is parsed as well.
 */
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { errorResponses } from '../../lib/http-schemas';
import { jsonProblem } from '../../plugins/body-parser';
import { getRequestObject, REQUEST_OBJECT_CONTENT_TYPE } from '../../verifier/get-request-object';
import { receiveVerifierResponse } from '../../verifier/receive-verifier-response';

export const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

export const REPEATED_FIELD_DETAIL = 'A form field is given more than once.';

const requestParams = z.object({ requestId: z.string().min(1).max(128) });

const requestObjectResponse = {
  description: 'The signed request object (JWS, RFC 9101)',
  content: { [REQUEST_OBJECT_CONTENT_TYPE]: { schema: z.string() } },
};

const walletResponseBodySchema = z.object({
  /** JSON: DCQL credential query id -> presentations (SD-JWT+KB strings). */
  vp_token: z.string().min(1).max(60_000).optional(),
  state: z.string().min(1).max(256).optional(),
  /** An OAuth error code, e.g. access_denied (the holder declined). */
  error: z
    .string()
    .regex(/^[a-z_]{1,64}$/, 'error must be an OAuth error code')
    .optional(),
  error_description: z.string().max(1000).optional(),
});

const walletRequestBodySchema = z.object({
  wallet_metadata: z.string().max(10_000).optional(),
  wallet_nonce: z.string().min(1).max(256).optional(),
});

/**
 * Adds the form body parser of the OpenID endpoints to `app` (a plugin's scope):
 * URLSearchParams, a repeated field refused, the JSON bodies' text rules. Also used by the
 * OpenID4VCI token endpoint (routes/oid4vci).
 */
export function addFormBodyParser(app: FastifyInstance): void {
  app.addContentTypeParser(FORM_CONTENT_TYPE, { parseAs: 'string' }, (_request, body, done) => {
    const fields: Record<string, string> = {};
    for (const [key, value] of new URLSearchParams(typeof body === 'string' ? body : '')) {
      if (Object.hasOwn(fields, key)) {
        // The detail names no field: a detail never echoes input (docs/security.md).
        done(new AppError('invalid_input', REPEATED_FIELD_DETAIL));
        return;
      }
      fields[key] = value;
    }
    const problem = jsonProblem(fields);
    if (problem) done(new AppError(problem.code, problem.detail));
    else done(null, fields);
  });
}

const oid4vpRoutes: FastifyPluginAsyncZod = async (app) => {
  addFormBodyParser(app);

  app.get(
    '/requests/:requestId',
    {
      schema: {
        tags: ['oid4vp'],
        operationId: 'getRequestObject',
        summary: 'OpenID4VP: the signed request object at request_uri',
        params: requestParams,
        response: { 200: requestObjectResponse, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const jwt = await getRequestObject({ ...app.deps, requestId: request.params.requestId });
      // A string with a non-JSON content type is sent as it is (no JSON serialization).
      return reply.type(REQUEST_OBJECT_CONTENT_TYPE).send(jwt);
    },
  );

  app.post(
    '/requests/:requestId',
    {
      schema: {
        tags: ['oid4vp'],
        operationId: 'postRequestObject',
        summary: 'OpenID4VP: the signed request object (request_uri_method=post, wallet_nonce)',
        params: requestParams,
        consumes: [FORM_CONTENT_TYPE],
        body: walletRequestBodySchema,
        response: { 200: requestObjectResponse, ...errorResponses(400, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      const jwt = await getRequestObject({
        ...app.deps,
        requestId: request.params.requestId,
        walletNonce: request.body.wallet_nonce,
      });
      return reply.type(REQUEST_OBJECT_CONTENT_TYPE).send(jwt);
    },
  );

  app.post(
    '/responses/:requestId',
    {
      schema: {
        tags: ['oid4vp'],
        operationId: 'postVerifierResponse',
        summary: "OpenID4VP direct_post: the wallet's vp_token or error",
        params: requestParams,
        consumes: [FORM_CONTENT_TYPE],
        body: walletResponseBodySchema,
        response: { 200: z.object({}), ...errorResponses(400, 404, 413, 415) },
      },
    },
    async (request) =>
      receiveVerifierResponse({
        ...app.deps,
        requestId: request.params.requestId,
        form: request.body,
      }),
  );
};

export default oid4vpRoutes;
